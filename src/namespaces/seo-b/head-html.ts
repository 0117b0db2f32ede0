/**
 * The head Yoast SEO 28.1 prints (`Meta::get_head`): each presenter's tag of a presentation in
 * print order, between Yoast's debug markers, every value escaped as its presenter escapes it
 * (`esc_html` in the title, `esc_attr` in attributes, `esc_url` for links, the schema graph as
 * `wp_json_encode` writes it, whose escaped `/` keeps `</script>` from closing the script).
 */
import { escHtml } from '../../core/schema/text.js';
import { escUrlRaw } from '../../core/schema/url.js';
import type { JsonValue } from '../../store/types.js';
import type { HeadJson, Presentation } from './presentation.js';

/** Yoast's version, as its marker names it. */
const VERSION = '28.1';

/** The notice an SEO manager sees where a page has no description (`Meta_Description_Presenter`). */
const NO_DESCRIPTION_NOTICE =
  '<!-- Admin only notice: this page does not show a meta description because it does not have one, either write it for this page specifically or go into the [Yoast SEO - Settings] menu and set up a template. -->';

/** The keys whose tag is `<meta property=…>` (Open Graph); the rest are `<meta name=…>`. */
const PROPERTY_KEYS = new Set([
  'og:locale',
  'og:type',
  'og:title',
  'og:description',
  'og:url',
  'og:site_name',
  'article:publisher',
  'article:author',
  'article:published_time',
  'article:modified_time',
]);

/** `wp_json_encode( $data, JSON_UNESCAPED_UNICODE )`: `/` escaped, line and paragraph separators too, other characters as they are. */
function yoastJson(value: JsonValue): string {
  return JSON.stringify(value).replace(/[/\u2028\u2029]/g, (c) => (c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16)}`));
}

const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The `og:image` presenter's tags: each image, then its width, height and type where known. */
function imageTags(images: JsonValue | undefined): string {
  if (!Array.isArray(images)) return '';
  let out = '';
  for (const image of images) {
    if (image === null || typeof image !== 'object' || Array.isArray(image)) continue;
    out += `<meta property="og:image" content="${escUrlRaw(text(image.url))}" />`;
    for (const key of ['width', 'height', 'type']) {
      const value = text(image[key]);
      if (value !== '' && value !== '0') out += `\n\t<meta property="og:image:${key}" content="${escHtml(value)}" />`;
    }
  }
  return out;
}

/** The Slack presenter's label and data tags. */
function enhancedDataTags(data: JsonValue | undefined): string {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return '';
  let out = '';
  let index = 1;
  for (const [label, value] of Object.entries(data)) {
    out += `\t<meta name="twitter:label${index}" content="${escHtml(label)}" />\n`;
    out += `\t<meta name="twitter:data${index}" content="${escHtml(text(value))}" />\n`;
    index++;
  }
  return out.trim();
}

/** One presenter's output for a JSON key, `''` when it prints nothing. */
function tagFor(key: string, json: HeadJson): string {
  const value = json[key];
  switch (key) {
    case 'title':
      return value === undefined ? '' : `<title>${escHtml(text(value))}</title>`;
    case 'robots': {
      const robots = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.values(value).map(text).join(', ') : '';
      return robots === '' ? '' : `<meta name="robots" content="${escHtml(robots)}" />`;
    }
    case 'canonical':
      return value === undefined ? '' : `<link rel="canonical" href="${escUrlRaw(text(value))}" />`;
    case 'og_image':
      return imageTags(value);
    case 'twitter_image':
      return value === undefined ? '' : `<meta name="twitter:image" content="${escUrlRaw(text(value))}" />`;
    case 'twitter_misc':
      return enhancedDataTags(value);
    case 'schema':
      return value === undefined ? '' : `<script type="application/ld+json" class="yoast-schema-graph">${yoastJson(value)}</script>`;
    default:
      return '';
  }
}

/** A plain meta tag for a presenter's key, by its name (`og:title`) and value. */
function metaTag(name: string, value: JsonValue | undefined): string {
  if (value === undefined) return '';
  const attribute = PROPERTY_KEYS.has(name) ? 'property' : 'name';
  return `<meta ${attribute}="${name}" content="${escHtml(text(value))}" />`;
}

/** The presenters' keys whose JSON key differs from the tag name, by JSON key. */
const TAG_NAMES: Readonly<Record<string, string>> = {
  og_locale: 'og:locale',
  og_type: 'og:type',
  og_title: 'og:title',
  og_description: 'og:description',
  og_url: 'og:url',
  og_site_name: 'og:site_name',
  article_publisher: 'article:publisher',
  article_author: 'article:author',
  article_published_time: 'article:published_time',
  article_modified_time: 'article:modified_time',
  twitter_card: 'twitter:card',
  twitter_title: 'twitter:title',
  twitter_description: 'twitter:description',
  twitter_creator: 'twitter:creator',
  twitter_site: 'twitter:site',
  ahrefs_site_verification: 'ahrefs-site-verification',
  baidu_site_verification: 'baidu-site-verification',
  google_site_verification: 'google-site-verification',
  p_domain_verify: 'p:domain_verify',
  yandex_verification: 'yandex-verification',
  'msvalidate.01': 'msvalidate.01',
};

/**
 * The `html` of a head: Yoast's opening marker, the tag of each value of the presentation's JSON
 * in its order (the description's place kept for the notice an SEO manager sees when there is
 * none), the closing marker, one per line.
 */
export function headHtml(presentation: Presentation, seoManager: boolean): string {
  const { json } = presentation;
  const lines = [`<!-- This site is optimized with the Yoast SEO plugin v${VERSION} - https://yoast.com/product/yoast-seo-wordpress/ -->`];
  if (json.title !== undefined) lines.push(tagFor('title', json));
  if (json.description !== undefined) lines.push(metaTag('description', json.description));
  else if (seoManager) lines.push(NO_DESCRIPTION_NOTICE);
  for (const key of Object.keys(json)) {
    if (key === 'title' || key === 'description') continue;
    const tag = Object.hasOwn(TAG_NAMES, key)
      ? metaTag(TAG_NAMES[key]!, json[key])
      : key === 'author'
        ? metaTag('author', json[key])
        : tagFor(key, json);
    if (tag !== '') lines.push(tag);
  }
  lines.push('<!-- / Yoast SEO plugin. -->');
  return lines.join('\n');
}
