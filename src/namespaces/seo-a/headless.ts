/**
 * SEOPress's headless data (`GetPost::getData`, `GetTerm::getData`): title, description,
 * canonical, Open Graph, X card, robots, primary category, breadcrumbs and redirection of a
 * published post or a term, from its meta, the titles and social options and the site.
 */
import type { JsonValue } from '../../store/types.js';
import { replaceVariables, type VariableContext } from './dynamic-variables.js';
import { REDIRECTION_KEYS, ROBOT_KEYS, SOCIAL_FIELDS } from './fields.js';
import { entryOf, isOn, text, type OptionArray } from './seo-options.js';

/** The meta keys the headless data reads (post and term meta alike). */
export const HEADLESS_KEYS: readonly string[] = [
  '_seopress_titles_title',
  '_seopress_titles_desc',
  ...ROBOT_KEYS,
  ...REDIRECTION_KEYS,
  ...SOCIAL_FIELDS.map((field) => field.key),
  '_seopress_analysis_target_kw',
];

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

/** The page's title or description: its own meta, else its type's template, else SEOPress's default (each when not empty); variables replaced. */
function metaOrTemplate(source: HeadlessSource, metaKey: string, field: 'title' | 'description'): string {
  const own = metaString(source.meta, metaKey);
  const entry = entryOf(source.titles, source.kind.list, source.kind.name);
  const template = own !== '' ? own : text(entry, field) || DEFAULT_TEMPLATES[source.kind.list][field];
  return replaceVariables(template, source.variables);
}

/** An Open Graph or X card block. */
type SocialBlock = {
  title: string;
  description: string;
  image: string;
  attachment_id: JsonValue;
  image_width: JsonValue;
  image_height: JsonValue;
};

const NO_SOCIAL: SocialBlock = { title: '', description: '', image: '', attachment_id: '', image_width: '', image_height: '' };

/** The Open Graph or X card block: empty strings when the network is off, else the page's own meta or the fallback's values. */
function socialBlock(source: HeadlessSource, network: 'fb' | 'twitter', on: boolean, fallback: SocialBlock): SocialBlock {
  if (!on) return NO_SOCIAL;
  const key = (name: string) => `_seopress_social_${network}_${name}`;
  const ownTitle = metaString(source.meta, key('title'));
  const ownDescription = metaString(source.meta, key('desc'));
  const ownImage = metaString(source.meta, key('img'));
  return {
    title: ownTitle !== '' ? replaceVariables(ownTitle, source.variables) : fallback.title,
    description: ownDescription !== '' ? replaceVariables(ownDescription, source.variables) : fallback.description,
    ...(ownImage !== ''
      ? {
          image: ownImage,
          attachment_id: metaText(source.meta, key('img_attachment_id')),
          image_width: metaText(source.meta, key('img_width')),
          image_height: metaText(source.meta, key('img_height')),
        }
      : {
          image: fallback.image,
          attachment_id: fallback.attachment_id,
          image_width: fallback.image_width,
          image_height: fallback.image_height,
        }),
  };
}

/**
 * The page's Open Graph and X card blocks: each its own meta, else the page's title and
 * description and the site's default image; X falls back on Open Graph's block when
 * `seopress_social_twitter_card_og` is on.
 */
function socialBlocks(source: HeadlessSource, title: string, description: string): { og: SocialBlock; twitter: SocialBlock } {
  const page = (image: string): SocialBlock => ({ ...NO_SOCIAL, title, description, image });
  const og = socialBlock(
    source,
    'fb',
    text(source.social, 'seopress_social_facebook_og') === '1',
    page(text(source.social, 'seopress_social_facebook_img')),
  );
  const twitterFallback =
    text(source.social, 'seopress_social_twitter_card_og') === '1' && og !== NO_SOCIAL
      ? og
      : page(text(source.social, 'seopress_social_twitter_card_img'));
  return { og, twitter: socialBlock(source, 'twitter', text(source.social, 'seopress_social_twitter_card') === '1', twitterFallback) };
}

/** A term's social block (`SocialMeta::getValue`): its stored meta as it is, no fallback. */
function storedSocial(meta: Record<string, JsonValue>, network: 'fb' | 'twitter'): SocialBlock {
  const key = (name: string) => `_seopress_social_${network}_${name}`;
  return {
    title: metaString(meta, key('title')),
    description: metaString(meta, key('desc')),
    image: metaString(meta, key('img')),
    attachment_id: metaText(meta, key('img_attachment_id')),
    image_width: metaText(meta, key('img_width')),
    image_height: metaText(meta, key('img_height')),
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

/**
 * The headless data of a published post or a term: a term's robots are forced by the site's
 * settings (`RobotMeta::getValue( $context )`), its social blocks are its meta as stored
 * (`SocialMeta`), and it has no primary category.
 */
export function headlessData(source: HeadlessSource): JsonValue {
  const term = source.kind.list === 'seopress_titles_tax_titles';
  const title = metaOrTemplate(source, '_seopress_titles_title', 'title');
  const description = metaOrTemplate(source, '_seopress_titles_desc', 'description');
  return {
    title,
    description,
    canonical: metaText(source.meta, '_seopress_robots_canonical'),
    ...(term
      ? { og: storedSocial(source.meta, 'fb'), twitter: storedSocial(source.meta, 'twitter') }
      : socialBlocks(source, title, description)),
    robots: robots(source, term),
    ...(term ? {} : { primarycat: metaText(source.meta, '_seopress_robots_primary_cat') }),
    breadcrumbs: '',
    redirections: redirections(source.meta),
  };
}

/** `GetTerm::getData` for a term its taxonomy does not have: SEOPress's services find no page and answer their empty values. */
export const NO_TERM: JsonValue = {
  title: null,
  description: null,
  canonical: '',
  og: [],
  twitter: [],
  robots: [],
  breadcrumbs: '',
  redirections: [],
};
