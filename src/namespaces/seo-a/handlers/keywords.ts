// A post's target keywords and how many posts use them: SEOPress's TargetKeywords and CountTargetKeywordsUse.
import { internal } from '../../../core/errors/catalogue.js';
import { md5 } from '../../../core/crypto/digest.js';
import { phpSerialize } from '../../../core/php/serialize.js';
import { asciiLower, phpTrim } from '../../../core/php/strings.js';
import { isEmpty, isPhpArray, isScalar, phpKeys, phpValues, toPhpString } from '../../../core/php/values.js';
import { escHtml, sanitizeTextField } from '../../../core/schema/text.js';
import { isPlainObject, setOwn } from '../../../core/own-property.js';
import type { RestContext } from '../../../core/types.js';
import { likeMatches, likePattern } from '../../../store/like.js';
import type { JsonValue } from '../../../store/types.js';
import { canReadPost } from '../../../core/auth/post-capabilities.js';
import type { BoundStorage, Handlers } from '../../define.js';
import { checkedPost, requestedId } from '../checks.js';
import { codeError, codeSuccess } from '../errors.js';
import { TARGET_KW } from '../post-variables.js';
import type { seoAKeywordsRoutes } from '../routes/keywords.js';
import { textOf } from '../seo-options.js';
import type { SeoAStorage } from '../storage.js';
import { theTitle } from '../../core-posts/wp-objects.js';

/** Statuses whose posts count as using a keyword (`CountTargetKeywordsUse::getCountByKeywords`' `post_status IN`). */
const KEYWORD_STATUSES = ['publish', 'draft', 'pending', 'future'];
/** The one post type the keyword count leaves out (its `p.post_type != 'elementor_library'`). */
const UNCOUNTED_TYPE = 'elementor_library';
/** Most keywords `count-target-keywords-use` looks up in one request. */
const MAX_KEYWORDS = 50;

/** A keyword's use, as SEOPress answers and caches it. */
interface KeywordUse {
  key: string;
  rows: Array<{ post_id: number; edit_link: string; title: string }>;
}

/** Whether a cached value is a keyword-use answer (anything else in the transient is counted again). */
function isKeywordUse(value: JsonValue): value is KeywordUse[] & JsonValue {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        !Array.isArray(entry) &&
        typeof entry.key === 'string' &&
        Array.isArray(entry.rows) &&
        entry.rows.every((row) => isPlainObject(row) && typeof row.post_id === 'number'),
    )
  );
}

/**
 * `getCountByKeywords`: per keyword, the posts of every type but Elementor's templates (published,
 * draft, pending or scheduled) whose `_seopress_analysis_target_kw` lists it, cached five minutes
 * under SEOPress's transient name. `postId` is the id as the route hands it over: SEOPress leaves
 * a row out when `$post_id === $row['post_id']`, and wpdb's ids are strings, so only a string id
 * (target-keywords' `get_param('id')`) leaves the post itself out; count-target-keywords-use's
 * `(int)` never does.
 */
async function keywordUsage(
  storage: BoundStorage<SeoAStorage>,
  given: string[] | Record<string, string>,
  postId: number | string,
  context: RestContext,
): Promise<JsonValue> {
  const keywords = Object.values(given);
  if (keywords.length === 0) return [];
  const name = `seopress_content_analysis_count_target_keywords_use_${md5(phpSerialize(given) + toPhpString(postId))}`;
  const cached = await storage.getTransient(name);
  if (cached !== undefined && isKeywordUse(cached)) return readableUse(storage, cached, context);
  const usage = await countKeywords(storage, keywords, postId, context);
  await storage.setTransient(name, usage, 300);
  return readableUse(storage, usage, context);
}

async function countKeywords(
  storage: BoundStorage<SeoAStorage>,
  keywords: string[],
  postId: number | string,
  context: RestContext,
): Promise<KeywordUse[] & JsonValue> {
  const using = (await storage.postsWithMeta(TARGET_KW, KEYWORD_STATUSES)).filter(
    ({ post }) => post.post_type !== UNCOUNTED_TYPE && String(post.ID) !== postId,
  );
  return keywords.map((raw) => {
    const keyword = phpTrim(raw);
    // The SQL `LIKE '%keyword%'` (its `_` and `%` wildcards) picks the rows, then `in_array` keeps those listing it exactly.
    const like = likePattern(`%${keyword}%`);
    const rows = using
      .filter(({ value }) => {
        const listed = textOf(value);
        return (
          listed
            .split(',')
            .map((kw) => phpTrim(kw))
            .includes(keyword) && likeMatches(like, listed)
        );
      })
      .map(({ post }) => ({
        post_id: post.ID,
        edit_link: `${context.site.url}/wp-admin/post.php?post=${post.ID}&action=edit`,
        title: escHtml(theTitle(post)),
      }));
    return { key: keyword, rows };
  });
}

/**
 * Keyword use as the caller may see it: only posts they may read (`read_post`), where SEOPress
 * names every draft, pending and scheduled post to anyone who may edit the one asked about.
 * Checked on every answer, cached or not, against the posts as they are now.
 */
async function readableUse(storage: BoundStorage<SeoAStorage>, usage: KeywordUse[], context: RestContext): Promise<JsonValue> {
  const ids = [...new Set(usage.flatMap(({ rows }) => rows.map((row) => row.post_id)))];
  const posts = ids.length === 0 ? [] : await storage.getPosts(ids);
  const readable = new Set(
    posts
      .filter((post) => canReadPost(context.user, { author: post.post_author, status: post.post_status, type: post.post_type }))
      .map((post) => post.ID),
  );
  return usage.map(({ key, rows }) => ({ key, rows: rows.filter((row) => readable.has(row.post_id)) }));
}

/** The seo-a target keyword handlers. */
export const seoAKeywordsHandlers: Handlers<typeof seoAKeywordsRoutes, SeoAStorage> = {
  async countTargetKeywordsUse(request, context, storage) {
    const given = request.params.keywords;
    if (isEmpty(given)) return [];
    // `array_map('trim', …)` on anything but an array of scalars is a PHP TypeError: WordPress's critical error.
    if (!isPhpArray(given) || !phpValues(given).every(isScalar)) return internal();
    const keywords: Record<string, string> = {};
    for (const key of phpKeys(given).slice(0, MAX_KEYWORDS)) setOwn(keywords, key, toPhpString((given as Record<string, unknown>)[key]));
    return keywordUsage(storage, Array.isArray(given) ? Object.values(keywords) : keywords, requestedId(request.params), context);
  },

  async getTargetKeywords(request, context, storage) {
    const post = checkedPost(request);
    const meta = await storage.getPostMeta(post.ID, [TARGET_KW]);
    const kept = asciiLower(textOf(meta[TARGET_KW]))
      .split(',')
      .flatMap((keyword, index) => (isEmpty(keyword) ? [] : [[String(index), keyword] as const]));
    const keywords = kept.map(([, keyword]) => keyword);
    // `array_filter` keeps the keys: with one dropped before the last, PHP's JSON is an object.
    const listed = kept.every(([index], position) => index === String(position));
    const value = listed ? keywords : Object.fromEntries(kept);
    // `get_param('id')` as given: the path's digits are a string, a JSON body's number is not.
    const asGiven = typeof request.params.id === 'string' || typeof request.params.id === 'number' ? request.params.id : post.ID;
    return { value, usage: await keywordUsage(storage, listed ? keywords : value, asGiven, context) };
  },

  async putTargetKeywords(request, _context, storage) {
    const post = checkedPost(request);
    const given = request.params[TARGET_KW];
    if (given === undefined || given === null) return codeError('missed_parameters', 403);
    if (!isScalar(given)) return internal();
    const joined = toPhpString(given)
      .split(',')
      .map((keyword) => phpTrim(keyword))
      .join(',');
    await storage.setPostMeta(post.ID, new Map([[TARGET_KW, sanitizeTextField(joined)]]));
    return codeSuccess();
  },
};
