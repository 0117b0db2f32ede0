// What the headless data and the title and description preview read from the site for a post's
// dynamic variables (`%%sitetitle%%`, `%%post_author%%`, `%%currentdate%%`, …).
import type { RestContext } from '../../core/types.js';
import type { JsonValue } from '../../store/types.js';
import type { BoundStorage } from '../define.js';
import type { VariableContext } from './dynamic-variables.js';
import { asOptionArray, text, textOf, type OptionArray } from './seo-options.js';
import type { PostRow, SeoAStorage } from './storage.js';
import { postLink } from '../core-posts/wp-objects.js';

/** The post meta listing a post's target keywords, comma-separated. */
export const TARGET_KW = '_seopress_analysis_target_kw';

/** SEOPress's titles option (`seopress_titles_option_name`) as an option array. */
export const titlesOf = async (storage: BoundStorage<SeoAStorage>): Promise<OptionArray> =>
  asOptionArray(await storage.getOption('seopress_titles_option_name'));

/** The site's `date_format`, WordPress's `F j, Y` when unset. */
export async function dateFormatOf(storage: BoundStorage<SeoAStorage>): Promise<string> {
  const format = await storage.getOption('date_format');
  return typeof format === 'string' && format !== '' ? format : 'F j, Y';
}

/** The dynamic variables' context of a post, its clock (`now`, milliseconds) read in the site's time zone. */
export async function postVariables(
  storage: BoundStorage<SeoAStorage>,
  post: PostRow,
  meta: Record<string, JsonValue>,
  titles: OptionArray,
  context: RestContext,
  now: () => number,
): Promise<VariableContext> {
  const [categories, tags, dateFormat, timeFormat, authorName] = await Promise.all([
    storage.postTerms(post.ID, 'category'),
    storage.postTerms(post.ID, 'post_tag'),
    dateFormatOf(storage),
    storage.getOption('time_format'),
    storage.authorName(post.post_author),
  ]);
  return {
    site: context.site,
    separator: text(titles, 'seopress_titles_sep'),
    post,
    permalink: postLink(post, context.site.home),
    categories,
    tags,
    targetKeyword: textOf(meta[TARGET_KW]),
    authorName,
    dateFormat,
    timeFormat: textOf(timeFormat),
    now: now() + (Number(context.site.gmt_offset ?? 0) || 0) * 3_600_000,
  };
}
