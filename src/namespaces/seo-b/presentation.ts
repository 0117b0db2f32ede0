/**
 * Yoast SEO 28.1's presentation of a page (`src/presentations/indexable-*-presentation.php`) as
 * its presenters read it for the head (`src/presenters/**`): the values of `yoast_head_json`, in
 * the order the presenters print them, for a post, a static front page, a term archive, a
 * post-type archive, the home page and the 404 page. Pure: the page's facts come in, the values go
 * out (`head-html.ts` prints them, `schema-graph.ts` builds the graph). Read as a REST request reads
 * it: no main query, so nothing is paginated and no `rel` prev/next is printed.
 */
import { phpUrlDecode } from '../../core/php/query.js';
import { stripAllTags } from '../../core/schema/text.js';
import type { JsonValue } from '../../store/types.js';
import { theExcerpt, renderContent } from '../core-posts/text.js';
import { replaceVariables, type ReplacementSite, type ReplacementSource } from './replacement-variables.js';
import type { Crumb, HeadPage, HeadPerson, HeadSite } from './head-facts.js';
import { schemaGraph, w3cDate } from './schema-graph.js';
import type { PostRow } from './storage.js';
import { setting, textSetting, titleDefault, titleSeparator, type YoastSettings } from './yoast-settings.js';

/** How much of a post's content the reading time counts. */
const MAX_CONTENT = 262_144;

/** `yoast_head_json`: each presenter's key (`:`, `-` and spaces as `_`) and value, in print order. */
export type HeadJson = Record<string, JsonValue>;

/** The page type a presentation is built for, as Yoast names its presentations. */
export type PageType = 'Post_Type' | 'Static_Home_Page' | 'Term_Archive' | 'Post_Type_Archive' | 'Home_Page' | 'Error_Page';

/** A built presentation: its page type, `yoast_head_json`, and the breadcrumbs it derived. */
export interface Presentation {
  /** The page type. */
  pageType: PageType;
  /** `yoast_head_json`. */
  json: HeadJson;
  /** The breadcrumbs (`presentation->breadcrumbs`), text and URL each. */
  breadcrumbs: Crumb[];
}

const meta = (values: Readonly<Record<string, JsonValue>>, key: string): string => {
  const value = values[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

/** PHP's `stripslashes`. */
function stripSlashes(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      if (i < text.length) out += text[i] === '0' ? '\0' : text[i];
    } else out += text[i];
  }
  return out;
}

/** The Open Graph locale generator: WordPress's locale, fixed up to one Facebook knows. */
function openGraphLocale(locale: string): string {
  const fixed: Record<string, string> = {
    ca: 'ca_ES',
    en: 'en_US',
    el: 'el_GR',
    et: 'et_EE',
    ja: 'ja_JP',
    sq: 'sq_AL',
    uk: 'uk_UA',
    vi: 'vi_VN',
    zh: 'zh_CN',
  };
  if (Object.hasOwn(fixed, locale)) return fixed[locale]!;
  if (locale.length === 2) return `${locale.toLowerCase()}_${locale.toUpperCase()}`;
  return /^[a-z]{2}_[A-Z]{2}$/.test(locale) ? locale : 'en_US';
}

/** The model's values Yoast's builders keep for a page (`title`, `description`, robots, social). */
interface Model {
  title: string;
  description: string;
  canonical: string;
  permalink: string;
  noindex: boolean | null;
  nofollow: boolean;
  advanced: readonly string[];
  ogTitle: string;
  ogDescription: string;
  twitterTitle: string;
  twitterDescription: string;
  breadcrumbTitle: string;
  readingTime: number | null;
}

const EMPTY_MODEL: Model = {
  title: '',
  description: '',
  canonical: '',
  permalink: '',
  noindex: null,
  nofollow: false,
  advanced: [],
  ogTitle: '',
  ogDescription: '',
  twitterTitle: '',
  twitterDescription: '',
  breadcrumbTitle: '',
  readingTime: null,
};

/** The post builder's model: `_yoast_wpseo_*` meta, `1`/`2` of `meta-robots-noindex` as noindex/index. */
function postModel(page: Extract<HeadPage, { kind: 'post' }>): Model {
  const value = (key: string) => meta(page.meta, `_yoast_wpseo_${key}`);
  const noindex = Number.parseInt(value('meta-robots-noindex'), 10);
  const minutes = value('estimated-reading-time-minutes');
  return {
    title: value('title'),
    description: value('metadesc'),
    canonical: value('canonical'),
    permalink: page.permalink,
    noindex: noindex === 1 ? true : noindex === 2 ? false : null,
    nofollow: value('meta-robots-nofollow') === '1',
    advanced: value('meta-robots-adv').split(','),
    ogTitle: value('opengraph-title'),
    ogDescription: value('opengraph-description'),
    twitterTitle: value('twitter-title'),
    twitterDescription: value('twitter-description'),
    breadcrumbTitle: value('bctitle') || stripAllTags(page.post.post_title),
    readingTime: minutes === '' ? null : Number.parseInt(minutes, 10) || 0,
  };
}

/** The term builder's model, from the term's `wpseo_taxonomy_meta` entry. */
function termModel(page: Extract<HeadPage, { kind: 'term' }>): Model {
  const value = (key: string) => meta(page.meta, `wpseo_${key}`);
  const noindex = value('noindex');
  return {
    ...EMPTY_MODEL,
    title: value('title'),
    description: value('desc'),
    canonical: value('canonical'),
    permalink: page.permalink,
    noindex: noindex === 'noindex' ? true : noindex === 'index' ? false : null,
    ogTitle: value('opengraph-title'),
    ogDescription: value('opengraph-description'),
    twitterTitle: value('twitter-title'),
    twitterDescription: value('twitter-description'),
    breadcrumbTitle: value('bctitle') || page.term.name,
  };
}

/** The source the replacement variables read (`presentation->source`). */
function sourceOf(page: HeadPage, site: HeadSite): ReplacementSource {
  switch (page.kind) {
    case 'post':
      return {
        kind: 'post',
        post: page.post,
        permalink: page.permalink,
        author: page.author,
        terms: page.terms,
        hierarchical: page.hierarchical,
        primaryCategory: page.primaryCategory,
        parentTitle: page.parentTitle,
        meta: page.meta,
        labels: page.postType,
      };
    case 'term':
      return { kind: 'term', term: page.term, focusKeyword: meta(page.meta, 'wpseo_focuskw') };
    case 'post-type-archive':
      return { kind: 'post-type-archive', labels: page.postType };
    default:
      void site;
      return { kind: 'none' };
  }
}

/** `generate_robots` then `filter_robots`: index/follow and the preview limits, which noindex drops. */
function robotsOf(model: Model, noindex: boolean): Record<string, string> {
  const advanced = new Set(model.advanced);
  const robots: Record<string, string | null> = {
    index: noindex ? 'noindex' : 'index',
    follow: model.nofollow ? 'nofollow' : 'follow',
    'max-snippet': advanced.has('nosnippet') ? null : 'max-snippet:-1',
    'max-image-preview': advanced.has('noimageindex') ? null : 'max-image-preview:large',
    'max-video-preview': 'max-video-preview:-1',
    imageindex: advanced.has('noimageindex') ? 'noimageindex' : null,
    archive: advanced.has('noarchive') ? 'noarchive' : null,
    snippet: advanced.has('nosnippet') ? 'nosnippet' : null,
  };
  if (noindex)
    for (const key of ['imageindex', 'archive', 'snippet', 'max-snippet', 'max-image-preview', 'max-video-preview']) robots[key] = null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(robots)) if (value) out[key] = value;
  return out;
}

/** The reading time Yoast computes when the editor saved none: words of the content without tags, 200 a minute. */
function readingMinutes(post: PostRow): number {
  const words = stripAllTags(post.post_content.slice(0, MAX_CONTENT)).match(/[A-Za-z'-]+/g) ?? [];
  return Math.round(words.length / 200);
}

/** The values each kind of page presents before the variables are replaced. */
interface Raw {
  pageType: PageType;
  model: Model;
  title: string;
  description: string;
  noindex: boolean;
  canonical: string;
  ogType: string;
  ogTitle: string;
  ogDescription: string;
  /** What the twitter description falls back to when no Open Graph description stands in for it. */
  fallbackDescription: string;
}

/** Title, description, robots and the Open Graph basics of a page, each presentation's way. */
function rawValues(page: HeadPage, site: HeadSite): Raw {
  const settings = site.settings;
  const option = (key: string) => textSetting(settings, key);
  switch (page.kind) {
    case 'post': {
      const model = postModel(page);
      const type = page.post.post_type;
      const title = model.title || option(`title-${type}`) || titleDefault(`title-${type}`);
      const description = model.description || option(`metadesc-${type}`);
      const typeNoindex = setting(settings, `noindex-${type}`) === true;
      const noindex = model.noindex ?? (page.post.post_status === 'private' || typeNoindex);
      const excerpt = theExcerpt({ excerpt: page.post.post_excerpt, password: page.post.post_password }, () =>
        renderContent(page.post.post_content.slice(0, MAX_CONTENT)),
      );
      return {
        pageType: page.staticHome ? 'Static_Home_Page' : 'Post_Type',
        model,
        title,
        description,
        noindex,
        canonical: model.canonical || page.permalink,
        ogType: page.staticHome ? 'website' : 'article',
        ogTitle: model.ogTitle || title,
        ogDescription: model.ogDescription || description || excerpt,
        fallbackDescription: excerpt,
      };
    }
    case 'term': {
      const model = termModel(page);
      const taxonomy = page.term.taxonomy;
      const title = model.title || option(`title-tax-${taxonomy}`) || titleDefault(`title-tax-${taxonomy}`);
      const description = model.description || option(`metadesc-tax-${taxonomy}`);
      const termDescription = stripAllTags(page.term.description);
      return {
        pageType: 'Term_Archive',
        model,
        title,
        description,
        noindex: model.noindex ?? setting(settings, `noindex-tax-${taxonomy}`) === true,
        canonical: model.canonical || page.permalink,
        ogType: 'article',
        ogTitle: model.ogTitle || title,
        ogDescription: model.ogDescription || description || termDescription,
        fallbackDescription: termDescription,
      };
    }
    case 'post-type-archive': {
      const name = page.postType.name;
      const model = {
        ...EMPTY_MODEL,
        title: option(`title-ptarchive-${name}`),
        description: option(`metadesc-ptarchive-${name}`),
        permalink: page.permalink,
        breadcrumbTitle: option(`bctitle-ptarchive-${name}`) || page.postType.plural,
      };
      const title = model.title || titleDefault(`title-ptarchive-${name}`);
      return {
        pageType: 'Post_Type_Archive',
        model,
        title,
        description: model.description,
        noindex: setting(settings, `noindex-ptarchive-${name}`) === true,
        canonical: page.permalink,
        ogType: 'website',
        ogTitle: title,
        ogDescription: model.description,
        fallbackDescription: '',
      };
    }
    case 'home-page': {
      const model = {
        ...EMPTY_MODEL,
        title: option('title-home-wpseo'),
        description: option('metadesc-home-wpseo') || site.description,
        permalink: page.permalink,
        ogTitle: option('open_graph_frontpage_title'),
        ogDescription: option('open_graph_frontpage_desc'),
        breadcrumbTitle: option('breadcrumbs-home'),
      };
      const title = model.title || titleDefault('title-home-wpseo');
      return {
        pageType: 'Home_Page',
        model,
        title,
        description: model.description,
        noindex: false,
        canonical: page.permalink,
        ogType: 'website',
        ogTitle: model.ogTitle || title,
        ogDescription: model.ogDescription || model.description,
        fallbackDescription: '',
      };
    }
    case '404': {
      const model = { ...EMPTY_MODEL, title: option('title-404-wpseo'), breadcrumbTitle: option('breadcrumbs-404crumb') };
      const title = model.title || titleDefault('title-404-wpseo');
      return {
        pageType: 'Error_Page',
        model,
        title,
        description: '',
        noindex: true,
        canonical: '',
        ogType: 'website',
        ogTitle: title,
        ogDescription: '',
        fallbackDescription: '',
      };
    }
  }
}

/** `breadcrumbs_generator->generate` as a REST request runs it (page type `Fallback`): the home crumb, the ancestors, the page. */
function breadcrumbsOf(page: HeadPage, site: HeadSite, model: Model): Crumb[] {
  if (page.kind === '404') return [];
  const home = textSetting(site.settings, 'breadcrumbs-home');
  const crumbs: Crumb[] = [];
  if (home !== '') crumbs.push({ text: home, url: `${site.home}/` });
  if (page.kind === 'post' || page.kind === 'term') crumbs.push(...page.ancestors);
  crumbs.push({ text: model.breadcrumbTitle, url: model.permalink });
  if (home !== '') crumbs[0] = { ...crumbs[0]!, text: home };
  return crumbs;
}

/** Twitter's title or description: the model's own, else none when Open Graph says it, else the page's. */
function twitterText(own: string, openGraph: string, openGraphEnabled: boolean, fallback: string): string {
  if (own !== '') return own;
  if (openGraphEnabled && openGraph !== '') return '';
  return fallback;
}

/** The presenters' keys in print order, as `get_presenters_for_page_type` lists them for each page type. */
function presenterKeys(pageType: PageType, settings: YoastSettings): string[] {
  const openGraph = setting(settings, 'opengraph') === true;
  const twitter = setting(settings, 'twitter') === true;
  const slack = setting(settings, 'enable_enhanced_slack_sharing') === true;
  if (pageType === 'Error_Page')
    return ['title', 'description', 'robots', ...(openGraph ? ['og:locale', 'og:title', 'og:site_name'] : []), 'schema'];
  const singular = pageType === 'Post_Type' || pageType === 'Static_Home_Page';
  const keys = ['title', 'description', 'robots', 'canonical'];
  if (openGraph) {
    keys.push('og:locale', 'og:type', 'og:title', 'og:description', 'og:url', 'og:site_name');
    if (singular) keys.push('article:publisher', 'article:author', 'article:published_time', 'article:modified_time');
    keys.push('og:image');
    if (singular) keys.push('author');
  }
  if (twitter)
    keys.push(
      'twitter:card',
      'twitter:title',
      'twitter:description',
      'twitter:image',
      ...(singular ? ['twitter:creator'] : []),
      'twitter:site',
    );
  if (slack && pageType === 'Post_Type') keys.push('twitter:misc');
  keys.push('schema');
  if (pageType === 'Home_Page' || pageType === 'Static_Home_Page')
    keys.push(
      'ahrefs-site-verification',
      'baidu-site-verification',
      'msvalidate.01',
      'google-site-verification',
      'p:domain_verify',
      'yandex-verification',
    );
  return keys;
}

/** Each presenter's `get()`: its value for the JSON, `''`, `[]` or `{}` when it presents nothing. */
function presenterValues(page: HeadPage, site: HeadSite, raw: Raw, breadcrumbs: Crumb[]): Map<string, JsonValue> {
  const settings = site.settings;
  const source = sourceOf(page, site);
  const variables: ReplacementSite = { ...site, separator: titleSeparator(settings) };
  const replace = (text: string) => replaceVariables(text, source, variables);
  const openGraph = setting(settings, 'opengraph') === true;
  const title = stripAllTags(replace(raw.title)).trim();
  const description = stripAllTags(stripSlashes(replace(raw.description))).trim();
  const ogTitle = stripAllTags(replace(raw.ogTitle).trim());
  const ogDescription = stripAllTags(stripSlashes(replace(raw.ogDescription))).trim();
  const robots = robotsOf(raw.model, raw.noindex);
  const post = page.kind === 'post' ? page : null;
  const image = post && post.post.post_password === '' ? post.image : null;
  const images: JsonValue = image ? [{ width: image.width || '', height: image.height || '', url: image.url, type: image.type }] : [];
  const twitterTitle = twitterText(raw.model.twitterTitle, raw.ogTitle, openGraph, raw.title);
  const ownTwitterDescription = twitterText(raw.model.twitterDescription, raw.ogDescription, openGraph, raw.description);
  const twitterDescription =
    ownTwitterDescription !== '' || (openGraph && raw.ogDescription !== '') ? ownTwitterDescription : raw.fallbackDescription;
  const author = post?.author ?? null;
  const isPost = post?.post.post_type === 'post';
  const twitterSiteHandle = /([A-Za-z0-9_]{1,25})$/.exec(twitterSiteOf(site));
  const values = new Map<string, JsonValue>([
    ['title', title],
    ['description', description],
    ['robots', robots],
    ['canonical', robots.index === 'noindex' ? '' : phpUrlDecode(raw.canonical.trim())],
    ['og:locale', openGraphLocale(site.locale)],
    ['og:type', raw.ogType],
    ['og:title', ogTitle],
    ['og:description', ogDescription],
    ['og:url', phpUrlDecode(raw.model.canonical || raw.model.permalink)],
    ['og:site_name', site.name],
    ['article:publisher', post ? publisherOf(site) : ''],
    ['article:author', isPost ? (author?.profiles.facebook ?? '').trim() : ''],
    ['article:published_time', isPost && post ? w3cDate(post.post.post_date_gmt) : ''],
    ['article:modified_time', post && post.post.post_modified_gmt > post.post.post_date_gmt ? w3cDate(post.post.post_modified_gmt) : ''],
    ['og:image', images],
    ['author', isPost ? (author?.displayName.trim() ?? '') : ''],
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', replace(twitterTitle).trim()],
    ['twitter:description', replace(twitterDescription)],
    ['twitter:image', openGraph || !image ? '' : image.url],
    ['twitter:creator', isPost ? twitterCreator(author, textSetting(settings, 'twitter_site')) : ''],
    ['twitter:site', twitterSiteHandle ? `@${twitterSiteHandle[1]}` : ''],
    ['twitter:misc', post ? enhancedData(post, raw.model) : {}],
  ]);
  for (const key of ['ahrefsverify', 'baiduverify', 'msverify', 'googleverify', 'pinterestverify', 'yandexverify'])
    values.set(VERIFICATION_KEYS[key]!, textSetting(settings, key));
  values.set('schema', schemaGraph({ page, site, title, description, canonical: raw.canonical, breadcrumbs }));
  return values;
}

/** The webmaster verification presenters' keys by the `wpseo` setting each prints. */
const VERIFICATION_KEYS: Readonly<Record<string, string>> = {
  ahrefsverify: 'ahrefs-site-verification',
  baiduverify: 'baidu-site-verification',
  msverify: 'msvalidate.01',
  googleverify: 'google-site-verification',
  pinterestverify: 'p:domain_verify',
  yandexverify: 'yandex-verification',
};

/** `open_graph_publisher`: the company's Facebook page, or the represented person's. */
function publisherOf(site: HeadSite): string {
  const represents = textSetting(site.settings, 'company_or_person');
  if (represents === 'person' && site.person) return (site.person.profiles.facebook ?? '').trim();
  return textSetting(site.settings, 'facebook_site').trim();
}

/** `generate_twitter_site`: the represented person's handle, else the site's. */
function twitterSiteOf(site: HeadSite): string {
  const own = textSetting(site.settings, 'company_or_person') === 'person' ? (site.person?.profiles.twitter ?? '') : '';
  return own !== '' ? own : textSetting(site.settings, 'twitter_site');
}

/** `twitter:creator`: the author's handle, else the site's. */
function twitterCreator(author: HeadPerson | null, site: string): string {
  const own = (author?.profiles.twitter ?? '').trim().replace(/^@+/, '');
  if (own !== '') return `@${own}`;
  return site !== '' ? `@${site}` : '';
}

/** The Slack presenter's data: the author of a post and the reading time. */
function enhancedData(page: Extract<HeadPage, { kind: 'post' }>, model: Model): Record<string, string> {
  const data: Record<string, string> = {};
  if (page.post.post_type === 'post' && page.post.post_author > 0) data['Written by'] = page.author?.displayName ?? '';
  const minutes = model.readingTime ?? readingMinutes(page.post);
  if (minutes) data['Est. reading time'] = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return data;
}

/** PHP's `empty()` of a presenter's value: such values are left out of the JSON. */
function isEmptyValue(value: JsonValue): boolean {
  if (value === '' || value === null || value === false || value === 0 || value === '0') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** The JSON key of a presenter's key (`escape_key`). */
const jsonKey = (key: string): string => key.replace(/[: -]/g, '_');

/** Builds the presentation of a page: `yoast_head_json` and its breadcrumbs. */
export function buildPresentation(page: HeadPage, site: HeadSite): Presentation {
  const raw = rawValues(page, site);
  const breadcrumbs = breadcrumbsOf(page, site, raw.model);
  const values = presenterValues(page, site, raw, breadcrumbs);
  const json: HeadJson = {};
  for (const key of presenterKeys(raw.pageType, site.settings)) {
    const value = values.get(key);
    if (value !== undefined && !isEmptyValue(value)) json[jsonKey(key)] = value;
  }
  return { pageType: raw.pageType, json, breadcrumbs };
}
