import { internal } from '../../core/errors/catalogue.js';
import { md5 } from '../../core/crypto/digest.js';
import { phpSerialize } from '../../core/php/serialize.js';
import { asciiLower, phpTrim } from '../../core/php/strings.js';
import { isEmpty, isPhpArray, isScalar, phpKeys, phpValues, toInt, toPhpString } from '../../core/php/values.js';
import { escHtml, sanitizeTextField, sanitizeTextareaField } from '../../core/schema/text.js';
import { setOwn } from '../../core/own-property.js';
import { RestResponse } from '../../core/http/response.js';
import type { RestContext } from '../../core/types.js';
import { likeMatches, likePattern } from '../../store/like.js';
import type { JsonValue } from '../../store/types.js';
import { canReadPost } from '../../core/auth/post-capabilities.js';
import { storageContext, type Handlers, type StorageContext } from '../define.js';
import { describeFields, fieldWrites, truthyCheckbox, type MetaField } from '../meta-fields.js';
import { postAddress } from '../url-to-post.js';
import { seoAAnalysisHandlers, type SeoAAnalysisDeps } from './analysis-handlers.js';
import { checkedPost, requestedId } from './checks.js';
import { phpDate, replaceVariables, type VariableContext } from './dynamic-variables.js';
import { codeError, codeSuccess, needAnUrl, urlNotFound } from './errors.js';
import { OPTION_GROUPS, ROLE_NAMES, maskLicenseKey, mergedOptions } from './option-groups.js';
import { categoryObject, postLink, theTitle } from './wp-objects.js';
import { decodeXmlEntities, sanitizeRedirection, sanitizeRobot, sanitizeSocial, yesOrEmpty } from './field-values.js';
import { REDIRECTION_KEYS, ROBOT_KEYS, ROBOT_WRITABLE, SOCIAL_FIELDS, redirectionFields, robotFields } from './fields.js';
import type { HeadlessAnswer, HeadlessCache } from './headless-cache.js';
import { HEADLESS_KEYS, NO_TERM, headlessData } from './headless.js';
import type { seoARoutes } from './routes.js';
import { asOptionArray, entryOf, isOn, text } from './seo-options.js';
import type { PostRow, SeoAStorage } from './storage.js';

/** What the seo-a handlers run on. */
interface SeoADeps {
  /** Where posts, meta, options and transients live. */
  storage: SeoAStorage;
  /** This process's headless answers. */
  cache: HeadlessCache;
  /** The clock (milliseconds). */
  now: () => number;
  /** The page renderer of the content-analysis and page-preview handlers. */
  analysis: Pick<SeoAAnalysisDeps, 'renderPage' | 'renderPageLimits' | 'reportService'>;
}

/** Post types SEOPress works on (`WordPressData::getPostTypes`: the public ones but attachments). */
const POST_TYPES = ['post', 'page'];
/** Statuses whose posts count as using a keyword (`CountTargetKeywordsUse::getCountByKeywords`' `post_status IN`). */
const KEYWORD_STATUSES = ['publish', 'draft', 'pending', 'future'];
/** The one post type the keyword count leaves out (its `p.post_type != 'elementor_library'`). */
const UNCOUNTED_TYPE = 'elementor_library';
const TARGET_KW = '_seopress_analysis_target_kw';
/** `/search-url`'s `seopress_search_url_result_limit` (50), capped at 200 as SEOPress caps the filter. */
const SEARCH_LIMIT = 50;
/** Longest `url` resolved: a cap before the resolving work. */
const MAX_URL = 2048;
/**
 * Most characters a `search-url` match may need: WordPress's `post_name` is `varchar(200)`, so a
 * longer pattern finds a slug only through a title that long. The cap bounds the `_` scan here
 * (at most 7 words a character) and the database's own `LIKE`, which backtracks (PostgreSQL's
 * worst case grows with the pattern's length times the title's).
 */
const MAX_SEARCH = 200;
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
        entry.rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row) && typeof row.post_id === 'number'),
    )
  );
}

/** A meta value as text (`get_post_meta( …, true )`), `''` for none or a non-scalar. */
const textOf = (value: JsonValue | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? toPhpString(value) : '';

/** A headless answer: its data and the JSON `wp_send_json_success` sends. */
const successAnswer = (data: JsonValue): HeadlessAnswer => ({ data, body: JSON.stringify({ success: true, data }) });

/** The answer for a post that is not published, has a password or does not exist. */
const NO_DATA = successAnswer(null);

/**
 * `wp_send_json_success`: SEOPress's headless routes print `{success: true, data}` themselves and
 * stop, so WordPress's `_fields` never filters it.
 */
function jsonSuccess({ data, body }: HeadlessAnswer): RestResponse {
  const response = new RestResponse({ success: true, data });
  response.encoded = { body, contentType: 'application/json; charset=UTF-8' };
  return response;
}

/** The seo-a handlers. */
export function seoAHandlers({ storage, cache, now, analysis }: SeoADeps): Handlers<typeof seoARoutes> {
  const titlesOf = async (ctx: StorageContext) => asOptionArray(await storage.getOption('seopress_titles_option_name', ctx));
  const dateFormatOf = async (ctx: StorageContext) => {
    const format = await storage.getOption('date_format', ctx);
    return typeof format === 'string' && format !== '' ? format : 'F j, Y';
  };

  /** The dynamic variables' context of a post. */
  async function postVariables(
    post: PostRow,
    meta: Record<string, JsonValue>,
    titles: ReturnType<typeof asOptionArray>,
    context: RestContext,
  ): Promise<VariableContext> {
    const ctx = storageContext(context);
    const [categories, tags, dateFormat, timeFormat, authorName] = await Promise.all([
      storage.postTerms(post.ID, 'category', ctx),
      storage.postTerms(post.ID, 'post_tag', ctx),
      dateFormatOf(ctx),
      storage.getOption('time_format', ctx),
      storage.authorName(post.post_author, ctx),
    ]);
    return {
      site: context.site,
      separator: text(titles, 'seopress_titles_sep'),
      post,
      permalink: linkOf(post, context),
      categories,
      tags,
      targetKeyword: textOf(meta[TARGET_KW]),
      authorName,
      dateFormat,
      timeFormat: textOf(timeFormat),
      now: now() + (Number(context.site.gmt_offset ?? 0) || 0) * 3_600_000,
    };
  }

  const linkOf = (post: PostRow, context: RestContext) => postLink(post, context.site.home);

  /**
   * `getCountByKeywords`: per keyword, the posts of every type but Elementor's templates (published,
   * draft, pending or scheduled) whose `_seopress_analysis_target_kw` lists it, cached five minutes
   * under SEOPress's transient name. `postId` is the id as the route hands it over: SEOPress leaves
   * a row out when `$post_id === $row['post_id']`, and wpdb's ids are strings, so only a string id
   * (target-keywords' `get_param('id')`) leaves the post itself out; count-target-keywords-use's
   * `(int)` never does.
   */
  async function keywordUsage(given: string[] | Record<string, string>, postId: number | string, context: RestContext): Promise<JsonValue> {
    const keywords = Object.values(given);
    if (keywords.length === 0) return [];
    const ctx = storageContext(context);
    const name = `seopress_content_analysis_count_target_keywords_use_${md5(phpSerialize(given) + toPhpString(postId))}`;
    const cached = await storage.getTransient(name, ctx);
    if (cached !== undefined && isKeywordUse(cached)) return readableUse(cached, context);
    const usage = await countKeywords(keywords, postId, context);
    await storage.setTransient(name, usage, 300, ctx);
    return readableUse(usage, context);
  }

  async function countKeywords(keywords: string[], postId: number | string, context: RestContext): Promise<KeywordUse[] & JsonValue> {
    const using = (await storage.postsWithMeta(TARGET_KW, KEYWORD_STATUSES, storageContext(context))).filter(
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
  async function readableUse(usage: KeywordUse[], context: RestContext): Promise<JsonValue> {
    const ids = [...new Set(usage.flatMap(({ rows }) => rows.map((row) => row.post_id)))];
    const posts = ids.length === 0 ? [] : await storage.getPosts(ids, storageContext(context));
    const readable = new Set(
      posts
        .filter((post) => canReadPost(context.user, { author: post.post_author, status: post.post_status, type: post.post_type }))
        .map((post) => post.ID),
    );
    return usage.map(({ key, rows }) => ({ key, rows: rows.filter((row) => readable.has(row.post_id)) }));
  }

  /** The headless answer of a post: null data unless published and without a password; cached per post. */
  async function postHeadlessAnswer(id: number, context: RestContext): Promise<HeadlessAnswer> {
    const ctx = storageContext(context);
    const [post, generation] = await Promise.all([storage.getPost(id, ctx), storage.seoGeneration(ctx)]);
    if (!post || post.post_status !== 'publish' || post.post_password !== '') return NO_DATA;
    const cached = cache.get(post.ID, post.post_modified_gmt, generation);
    if (cached !== undefined) return cached;
    const [meta, titles, social] = await Promise.all([
      storage.getPostMeta(post.ID, HEADLESS_KEYS, ctx),
      titlesOf(ctx),
      storage.getOption('seopress_social_option_name', ctx),
    ]);
    const answer = successAnswer(
      headlessData({
        meta,
        titles,
        social: asOptionArray(social),
        variables: await postVariables(post, meta, titles, context),
        kind: { list: 'seopress_titles_single_titles', name: post.post_type },
      }),
    );
    cache.set(post.ID, post.post_modified_gmt, generation, answer);
    return answer;
  }

  return {
    ...seoAAnalysisHandlers({ ...analysis, storage, now }),
    async countTargetKeywordsUse(request, context) {
      const given = request.params.keywords;
      if (isEmpty(given)) return [];
      // `array_map('trim', …)` on anything but an array of scalars is a PHP TypeError: WordPress's critical error.
      if (!isPhpArray(given) || !phpValues(given).every(isScalar)) return internal();
      const keywords: Record<string, string> = {};
      for (const key of phpKeys(given).slice(0, MAX_KEYWORDS)) setOwn(keywords, key, toPhpString((given as Record<string, unknown>)[key]));
      return keywordUsage(Array.isArray(given) ? Object.values(keywords) : keywords, requestedId(request.params), context);
    },

    async getHeadlessPost(request, context) {
      return jsonSuccess(await postHeadlessAnswer(requestedId(request.params), context));
    },

    async getHeadlessPostByUrl(request, context) {
      const url = request.params.url;
      if (isEmpty(url)) return needAnUrl();
      if (typeof url !== 'string') return internal();
      const address = url.length > MAX_URL ? null : postAddress(url, context.site.home);
      let id = 0;
      // `url_to_postid` of the home URL is the static front page, when the site shows one.
      if (phpTrim(url, '/') === context.site.home && context.site.show_on_front === 'page') id = context.site.page_on_front ?? 0;
      else if (address && 'id' in address) id = address.id;
      else if (address) id = (await storage.publishedBySlug(address.slug, POST_TYPES, storageContext(context)))?.ID ?? 0;
      if (id === 0) return urlNotFound();
      return jsonSuccess(await postHeadlessAnswer(id, context));
    },

    async getHeadlessTerm(request, context) {
      const ctx = storageContext(context);
      const taxonomy =
        request.params.taxonomy === undefined || request.params.taxonomy === null ? 'category' : toPhpString(request.params.taxonomy);
      const term = await storage.getTerm(requestedId(request.params), ctx);
      if (!term || term.taxonomy !== taxonomy) return jsonSuccess(successAnswer(NO_TERM));
      const [meta, titles, social, dateFormat] = await Promise.all([
        storage.getTermMeta(term.term_id, HEADLESS_KEYS, ctx),
        titlesOf(ctx),
        storage.getOption('seopress_social_option_name', ctx),
        dateFormatOf(ctx),
      ]);
      return jsonSuccess(
        successAnswer(
          headlessData({
            meta,
            titles,
            social: asOptionArray(social),
            variables: { site: context.site, separator: text(titles, 'seopress_titles_sep'), term, dateFormat, now: now() },
            kind: { list: 'seopress_titles_tax_titles', name: term.taxonomy },
          }),
        ),
      );
    },

    async getRedirectionSettings(request, context) {
      const post = checkedPost(request);
      const meta = await storage.getPostMeta(post.ID, REDIRECTION_KEYS, storageContext(context));
      const fields = redirectionFields(meta._seopress_redirections_logged_status, meta._seopress_redirections_type);
      return describeFields(fields, meta, truthyCheckbox);
    },

    async putRedirectionSettings(request, context) {
      const post = checkedPost(request);
      const writes = fieldWrites(redirectionFields(undefined, undefined), request.params, sanitizeRedirection);
      if (writes.size > 0) await storage.setPostMeta(post.ID, writes, storageContext(context));
      return codeSuccess();
    },

    async getRobotSettings(request, context) {
      const post = checkedPost(request);
      const ctx = storageContext(context);
      const [meta, titles, categories] = await Promise.all([
        storage.getPostMeta(post.ID, ROBOT_KEYS, ctx),
        titlesOf(ctx),
        storage.listTerms('category', ctx),
      ]);
      const entry = entryOf(titles, 'seopress_titles_single_titles', post.post_type);
      const fields = robotFields(
        {
          noindex: isOn(entry, 'noindex') || isOn(titles, 'seopress_titles_noindex') || post.post_password !== '',
          nofollow: isOn(entry, 'nofollow') || isOn(titles, 'seopress_titles_nofollow'),
          nosnippet: isOn(titles, 'seopress_titles_nosnippet'),
          noimageindex: isOn(titles, 'seopress_titles_noimageindex'),
        },
        linkOf(post, context),
        post.post_type,
        categories.filter((term) => term.count > 0).map(categoryObject),
      );
      return describeFields(fields, meta, yesOrEmpty);
    },

    async putRobotSettings(request, context) {
      const post = checkedPost(request);
      const fields: MetaField[] = robotFields(
        { noindex: false, nofollow: false, nosnippet: false, noimageindex: false },
        '',
        post.post_type,
        [],
      );
      const writes = fieldWrites(fields, request.params, sanitizeRobot, (key) => ROBOT_WRITABLE.has(key));
      if (writes.size > 0) await storage.setPostMeta(post.ID, writes, storageContext(context));
      return codeSuccess();
    },

    async getSocialSettings(request, context) {
      const post = checkedPost(request);
      const meta = await storage.getPostMeta(
        post.ID,
        SOCIAL_FIELDS.map((field) => field.key),
        storageContext(context),
      );
      return describeFields(SOCIAL_FIELDS, meta, truthyCheckbox);
    },

    async putSocialSettings(request, context) {
      const post = checkedPost(request);
      const writes = fieldWrites(SOCIAL_FIELDS, request.params, sanitizeSocial);
      if (writes.size > 0) await storage.setPostMeta(post.ID, writes, storageContext(context));
      return codeSuccess();
    },

    async getTargetKeywords(request, context) {
      const post = checkedPost(request);
      const meta = await storage.getPostMeta(post.ID, [TARGET_KW], storageContext(context));
      const kept = asciiLower(textOf(meta[TARGET_KW]))
        .split(',')
        .flatMap((keyword, index) => (isEmpty(keyword) ? [] : [[String(index), keyword] as const]));
      const keywords = kept.map(([, keyword]) => keyword);
      // `array_filter` keeps the keys: with one dropped before the last, PHP's JSON is an object.
      const listed = kept.every(([index], position) => index === String(position));
      const value = listed ? keywords : Object.fromEntries(kept);
      // `get_param('id')` as given: the path's digits are a string, a JSON body's number is not.
      const asGiven = typeof request.params.id === 'string' || typeof request.params.id === 'number' ? request.params.id : post.ID;
      return { value, usage: await keywordUsage(listed ? keywords : value, asGiven, context) };
    },

    async putTargetKeywords(request, context) {
      const post = checkedPost(request);
      const given = request.params[TARGET_KW];
      if (given === undefined || given === null) return codeError('missed_parameters', 403);
      if (!isScalar(given)) return internal();
      const joined = toPhpString(given)
        .split(',')
        .map((keyword) => phpTrim(keyword))
        .join(',');
      await storage.setPostMeta(post.ID, new Map([[TARGET_KW, sanitizeTextField(joined)]]), storageContext(context));
      return codeSuccess();
    },

    async getTitleDescription(request, context) {
      const post = checkedPost(request);
      const meta = await storage.getPostMeta(post.ID, ['_seopress_titles_title', '_seopress_titles_desc'], storageContext(context));
      return {
        title: decodeXmlEntities(textOf(meta._seopress_titles_title)),
        description: decodeXmlEntities(textOf(meta._seopress_titles_desc)),
      };
    },

    async putTitleDescription(request, context) {
      const post = checkedPost(request);
      const writes = new Map<string, JsonValue | null>();
      const { title, description } = request.params;
      if (title !== undefined && title !== null) writes.set('_seopress_titles_title', isEmpty(title) ? null : sanitizeTextField(title));
      if (description !== undefined && description !== null) {
        writes.set('_seopress_titles_desc', isEmpty(description) ? null : sanitizeTextareaField(description));
      }
      if (writes.size > 0) await storage.setPostMeta(post.ID, writes, storageContext(context));
      return codeSuccess();
    },

    async previewTitleDescription(request, context) {
      const post = checkedPost(request);
      const ctx = storageContext(context);
      const { title, description } = request.params;
      const titles = await titlesOf(ctx);
      const showDate = isOn(entryOf(titles, 'seopress_titles_single_titles', post.post_type), 'date');
      if (title === undefined && description === undefined) return codeError('missing_parameters', 401);
      const meta = await storage.getPostMeta(post.ID, [TARGET_KW, '_thumbnail_id'], ctx);
      const variables = await postVariables(post, meta, titles, context);
      const thumbnailId = toInt(meta._thumbnail_id ?? 0);
      const thumbnail = thumbnailId > 0 ? await storage.getPost(thumbnailId, ctx) : null;
      return {
        title: title === undefined ? null : replaceVariables(toPhpString(title), variables),
        description: description === undefined ? null : replaceVariables(toPhpString(description), variables),
        post_thumbnail: thumbnail?.post_type === 'attachment' ? thumbnail.guid : '',
        post_date: showDate ? phpDate('M j, Y', new Date(`${post.post_modified.replace(' ', 'T')}Z`)) : '',
      };
    },

    async getOptionGroup(request, context) {
      const names = OPTION_GROUPS[request.urlParams.group];
      if (!names) return [];
      const ctx = storageContext(context);
      const values = await Promise.all(names.map((name) => storage.getOption(name, ctx)));
      // SEOPress 9.6's `if ( empty( … ) ) { return; }`: WordPress serves a callback's null as a 200 without a body.
      if (values.every(isEmpty)) return null;
      if (request.urlParams.group === 'license-settings') return { license_key: maskLicenseKey(textOf(values[0])) };
      return mergedOptions(values);
    },

    getRoles() {
      return { ...ROLE_NAMES };
    },

    async searchUrl(request, context) {
      // `'%' . $url . '%'`: PHP's string of what was sent (an array is "Array", absent is ''), its `_` and `%` wildcards.
      const like = `%${toPhpString(request.params.url)}%`;
      if (likePattern(like).minLength > MAX_SEARCH) return [];
      const posts = await storage.searchPosts({ like, types: POST_TYPES, limit: Math.min(SEARCH_LIMIT, 200) }, storageContext(context));
      return posts.map((post) => ({ id: String(post.ID), post_title: post.post_title, guid: linkOf(post, context) }));
    },
  };
}
