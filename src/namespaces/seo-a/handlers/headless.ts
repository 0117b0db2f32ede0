// The public headless SEO data of posts and terms: SEOPress's GetPost, GetPostByUrl and GetTerm.
import { internal } from '../../../core/errors/catalogue.js';
import { RestResponse } from '../../../core/http/response.js';
import { phpTrim } from '../../../core/php/strings.js';
import { isEmpty, toPhpString } from '../../../core/php/values.js';
import type { RestContext } from '../../../core/types.js';
import type { JsonValue } from '../../../store/types.js';
import type { BoundStorage, Handlers } from '../../define.js';
import { postAddress } from '../../url-to-post.js';
import { requestedId } from '../checks.js';
import { needAnUrl, urlNotFound } from '../errors.js';
import type { HeadlessAnswer, HeadlessCache } from '../headless-cache.js';
import { HEADLESS_KEYS, NO_TERM, headlessData } from '../headless.js';
import { dateFormatOf, postVariables, titlesOf } from '../post-variables.js';
import type { seoAHeadlessRoutes } from '../routes/headless.js';
import { asOptionArray, text } from '../seo-options.js';
import type { SeoAStorage } from '../storage.js';
import { POST_TYPES } from '../post-types.js';

/** What the headless handlers run on. */
interface SeoAHeadlessDeps {
  /** This process's headless answers. */
  cache: HeadlessCache;
  /** The clock (milliseconds). */
  now: () => number;
}

/** Longest `url` resolved: a cap before the resolving work. */
const MAX_URL = 2048;

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

/** The seo-a headless handlers. */
export function seoAHeadlessHandlers({ cache, now }: SeoAHeadlessDeps): Handlers<typeof seoAHeadlessRoutes, SeoAStorage> {
  /** The headless answer of a post: null data unless published and without a password; cached per post. */
  async function postHeadlessAnswer(storage: BoundStorage<SeoAStorage>, id: number, context: RestContext): Promise<HeadlessAnswer> {
    const [post, generation] = await Promise.all([storage.getPost(id), storage.seoGeneration()]);
    if (!post || post.post_status !== 'publish' || post.post_password !== '') return NO_DATA;
    const cached = cache.get(post.ID, post.post_modified_gmt, generation);
    if (cached !== undefined) return cached;
    const [meta, titles, social] = await Promise.all([
      storage.getPostMeta(post.ID, HEADLESS_KEYS),
      titlesOf(storage),
      storage.getOption('seopress_social_option_name'),
    ]);
    const answer = successAnswer(
      headlessData({
        meta,
        titles,
        social: asOptionArray(social),
        variables: await postVariables(storage, post, meta, titles, context, now),
        kind: { list: 'seopress_titles_single_titles', name: post.post_type },
      }),
    );
    cache.set(post.ID, post.post_modified_gmt, generation, answer);
    return answer;
  }

  return {
    async getHeadlessPost(request, context, storage) {
      return jsonSuccess(await postHeadlessAnswer(storage, requestedId(request.params), context));
    },

    async getHeadlessPostByUrl(request, context, storage) {
      const url = request.params.url;
      if (isEmpty(url)) return needAnUrl();
      if (typeof url !== 'string') return internal();
      const address = url.length > MAX_URL ? null : postAddress(url, context.site.home);
      let id = 0;
      // `url_to_postid` of the home URL is the static front page, when the site shows one.
      if (phpTrim(url, '/') === context.site.home && context.site.show_on_front === 'page') id = context.site.page_on_front ?? 0;
      else if (address && 'id' in address) id = address.id;
      else if (address) id = (await storage.publishedBySlug(address.slug, POST_TYPES))?.ID ?? 0;
      if (id === 0) return urlNotFound();
      return jsonSuccess(await postHeadlessAnswer(storage, id, context));
    },

    async getHeadlessTerm(request, context, storage) {
      const taxonomy =
        request.params.taxonomy === undefined || request.params.taxonomy === null ? 'category' : toPhpString(request.params.taxonomy);
      const term = await storage.getTerm(requestedId(request.params));
      if (!term || term.taxonomy !== taxonomy) return jsonSuccess(successAnswer(NO_TERM));
      const [meta, titles, social, dateFormat] = await Promise.all([
        storage.getTermMeta(term.term_id, HEADLESS_KEYS),
        titlesOf(storage),
        storage.getOption('seopress_social_option_name'),
        dateFormatOf(storage),
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
  };
}
