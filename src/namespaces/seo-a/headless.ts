/**
 * SEOPress's headless data (`GetPost::getData`, `GetTerm::getData`): title, description,
 * canonical, Open Graph, X card, robots, primary category, breadcrumbs and redirection of a
 * published post or a term, from its meta, the titles and social options and the site.
 */
import type { JsonValue } from '../../store/types.js';
import { replaceVariables, type VariableContext } from './dynamic-variables.js';
import { entryOf, isOn, member, text, type OptionArray } from './seo-options.js';

/** The meta keys the headless data reads (post and term meta alike). */
export const HEADLESS_KEYS = [
  '_seopress_titles_title',
  '_seopress_titles_desc',
  '_seopress_robots_index',
  '_seopress_robots_follow',
  '_seopress_robots_snippet',
  '_seopress_robots_imageindex',
  '_seopress_robots_canonical',
  '_seopress_robots_primary_cat',
  '_seopress_redirections_enabled',
  '_seopress_redirections_logged_status',
  '_seopress_redirections_type',
  '_seopress_redirections_value',
  '_seopress_social_fb_title',
  '_seopress_social_fb_desc',
  '_seopress_social_fb_img',
  '_seopress_social_fb_img_attachment_id',
  '_seopress_social_fb_img_width',
  '_seopress_social_fb_img_height',
  '_seopress_social_twitter_title',
  '_seopress_social_twitter_desc',
  '_seopress_social_twitter_img',
  '_seopress_social_twitter_img_attachment_id',
  '_seopress_social_twitter_img_width',
  '_seopress_social_twitter_img_height',
  '_seopress_analysis_target_kw',
] as const;

/** What one page's headless data is computed from. */
interface HeadlessSource {
  /** The page's `_seopress_*` meta (first values). */
  meta: Record<string, JsonValue>;
  /** `seopress_titles_option_name`. */
  titles: OptionArray;
  /** `seopress_social_option_name`. */
  social: OptionArray;
  /** The dynamic variables' context. */
  variables: VariableContext;
  /** A post's type (`single_titles`) or a term's taxonomy (`tax_titles`). */
  kind: { list: 'seopress_titles_single_titles' | 'seopress_titles_tax_titles'; name: string };
}

/** A stored meta value as `get_post_meta( …, true )` answers it: `''` when absent. */
const metaText = (meta: Record<string, JsonValue>, key: string): JsonValue => (Object.hasOwn(meta, key) ? meta[key]! : '');
const metaString = (meta: Record<string, JsonValue>, key: string): string => {
  const value = metaText(meta, key);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};
const checked = (value: JsonValue): boolean => value === true || value === 'yes';

/** Default templates when the titles option has none for the type or taxonomy (SEOPress's install defaults). */
const DEFAULT_TEMPLATES = {
  seopress_titles_single_titles: { title: '%%post_title%% %%sep%% %%sitetitle%%', description: '%%post_excerpt%%' },
  seopress_titles_tax_titles: { title: '%%term_title%% %%sep%% %%sitetitle%%', description: '%%term_description%%' },
};

/** The page's title or description: its own meta, else its type's template, else SEOPress's default; variables replaced. */
function metaOrTemplate(source: HeadlessSource, metaKey: string, field: 'title' | 'description'): string {
  const own = metaString(source.meta, metaKey);
  const entry = entryOf(source.titles, source.kind.list, source.kind.name);
  const template = own !== '' ? own : member(entry, field) !== undefined ? text(entry, field) : DEFAULT_TEMPLATES[source.kind.list][field];
  return replaceVariables(template, source.variables);
}

/** The Open Graph or X card block: empty strings when the network is off, else the meta or the page's title and description. */
function socialBlock(source: HeadlessSource, network: 'fb' | 'twitter', on: boolean, title: string, description: string): JsonValue {
  const key = (name: string) => `_seopress_social_${network}_${name}`;
  if (!on) return { title: '', description: '', image: '', attachment_id: '', image_width: '', image_height: '' };
  const ownTitle = metaString(source.meta, key('title'));
  const ownDescription = metaString(source.meta, key('desc'));
  const ownImage = metaString(source.meta, key('img'));
  return {
    title: ownTitle !== '' ? replaceVariables(ownTitle, source.variables) : title,
    description: ownDescription !== '' ? replaceVariables(ownDescription, source.variables) : description,
    image:
      ownImage !== ''
        ? ownImage
        : text(source.social, network === 'fb' ? 'seopress_social_facebook_img' : 'seopress_social_twitter_card_img'),
    attachment_id: ownImage !== '' ? metaText(source.meta, key('img_attachment_id')) : '',
    image_width: ownImage !== '' ? metaText(source.meta, key('img_width')) : '',
    image_height: ownImage !== '' ? metaText(source.meta, key('img_height')) : '',
  };
}

/** Robots flags: the page's meta, or (`forced`) the site-wide and per-type settings that override it. */
function robots(source: HeadlessSource, forced: boolean): Record<string, boolean> {
  const entry = entryOf(source.titles, source.kind.list, source.kind.name);
  const flag = (metaKey: string, ...settings: boolean[]) =>
    forced && settings.some(Boolean) ? true : checked(metaText(source.meta, metaKey));
  return {
    noindex: flag('_seopress_robots_index', isOn(source.titles, 'seopress_titles_noindex'), isOn(entry, 'noindex')),
    nofollow: flag('_seopress_robots_follow', isOn(source.titles, 'seopress_titles_nofollow'), isOn(entry, 'nofollow')),
    nosnippet: flag('_seopress_robots_snippet', isOn(source.titles, 'seopress_titles_nosnippet')),
    noimageindex: flag('_seopress_robots_imageindex', isOn(source.titles, 'seopress_titles_noimageindex')),
  };
}

/** `RedirectionMeta::getValue( $context, false )`: the stored redirection, checkbox as a boolean. */
function redirections(meta: Record<string, JsonValue>): JsonValue {
  return {
    enabled: checked(metaText(meta, '_seopress_redirections_enabled')),
    status: metaText(meta, '_seopress_redirections_logged_status'),
    type: metaText(meta, '_seopress_redirections_type'),
    value: metaText(meta, '_seopress_redirections_value'),
  };
}

/** A published post's headless data. */
export function headlessPost(source: HeadlessSource): JsonValue {
  const title = metaOrTemplate(source, '_seopress_titles_title', 'title');
  const description = metaOrTemplate(source, '_seopress_titles_desc', 'description');
  return {
    title,
    description,
    canonical: metaText(source.meta, '_seopress_robots_canonical'),
    og: socialBlock(source, 'fb', text(source.social, 'seopress_social_facebook_og') === '1', title, description),
    twitter: socialBlock(source, 'twitter', text(source.social, 'seopress_social_twitter_card') === '1', title, description),
    robots: robots(source, false),
    primarycat: metaText(source.meta, '_seopress_robots_primary_cat'),
    breadcrumbs: '',
    redirections: redirections(source.meta),
  };
}

/** A term's headless data: as a post's, robots forced by the site's settings, no primary category. */
export function headlessTerm(source: HeadlessSource): JsonValue {
  const title = metaOrTemplate(source, '_seopress_titles_title', 'title');
  const description = metaOrTemplate(source, '_seopress_titles_desc', 'description');
  return {
    title,
    description,
    canonical: metaText(source.meta, '_seopress_robots_canonical'),
    og: socialBlock(source, 'fb', text(source.social, 'seopress_social_facebook_og') === '1', title, description),
    twitter: socialBlock(source, 'twitter', text(source.social, 'seopress_social_twitter_card') === '1', title, description),
    robots: robots(source, true),
    breadcrumbs: '',
    redirections: redirections(source.meta),
  };
}
