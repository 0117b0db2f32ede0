// Yoast's indexables (src/builders/indexable-*-builder.php) as pure functions of what the site store
// holds: a post and its `_yoast_wpseo_*` meta, a term and its entry in `wpseo_taxonomy_meta`, a
// post type with an archive, the home page, the system pages and the date archive. Nothing is kept
// apart from the store, so an indexable is as current as the post and meta it is read from; what
// the indexing routes keep is only which objects they have walked (see indexing.ts).
import { md5 } from '../../core/crypto/digest.js';
import { toInt, toPhpString } from '../../core/php/values.js';
import { isPlainObject } from '../../core/own-property.js';
import type { JsonValue, PostRow, TermRow } from '../../store/types.js';
import { postLink } from '../core-posts/wp-objects.js';
import { scanHtml } from '../html-tokens.js';

/** Yoast's post meta keys an indexable reads (`WPSEO_Meta::$meta_prefix` is `_yoast_wpseo_`). */
export const POST_META = {
  focusKeyphrase: '_yoast_wpseo_focuskw',
  seoScore: '_yoast_wpseo_linkdex',
  readabilityScore: '_yoast_wpseo_content_score',
  noindex: '_yoast_wpseo_meta-robots-noindex',
  readingTime: '_yoast_wpseo_estimated-reading-time-minutes',
  cornerstone: '_yoast_wpseo_is_cornerstone',
  title: '_yoast_wpseo_title',
  description: '_yoast_wpseo_metadesc',
  canonical: '_yoast_wpseo_canonical',
} as const;

/** Every key of {@link POST_META}, as one meta read asks them. */
export const POST_META_KEYS: readonly string[] = Object.values(POST_META);

/** The option holding Yoast's term meta: `[taxonomy][term_id][wpseo_…]`. */
export const TAXONOMY_META_OPTION = 'wpseo_taxonomy_meta';

/** `Indexable_Builder_Versions`: an indexable older than its type's version is built again. */
export const BUILDER_VERSIONS = {
  post: 2,
  term: 2,
  'post-type-archive': 2,
  'home-page': 2,
  'system-page': 1,
  'date-archive': 1,
} as const;

/** The kinds of object Yoast builds an indexable for, here. */
export type IndexableType = keyof typeof BUILDER_VERSIONS;

/** Taxonomies Yoast indexes on a site with WordPress's own: `post_format` is left out as `disable-post_format` leaves it. */
export const INDEXABLE_TAXONOMIES: readonly string[] = ['category', 'post_tag'];

/**
 * An indexable as Yoast's `wp_yoast_indexable` row holds it (column names kept), reduced to the facts
 * it reads from the object and its meta: no rendered title or description (the head renders those
 * from these raw values), no social images.
 */
export interface Indexable {
  /** The post or term id; null for the home page, archives and system pages. */
  object_id: number | null;
  /** `post`, `term`, `post-type-archive`, `home-page`, `system-page`, `date-archive`. */
  object_type: IndexableType;
  /** The post type, taxonomy, archived post type or system page (`404`, `search-result`); else null. */
  object_sub_type: string | null;
  /** Its address; null for the system pages and the date archive, which have none of their own. */
  permalink: string | null;
  /** `md5` of the permalink, as Yoast looks an address up (`strlen:md5`). */
  permalink_hash: string | null;
  /** A post's status; null otherwise. */
  post_status: string | null;
  /** Whether search engines may show it: false when protected or noindexed, true when indexed on purpose, else null or the status's verdict. */
  is_public: boolean | null;
  /** A post with a password. */
  is_protected: boolean;
  /** The post's author; null otherwise. */
  author_id: number | null;
  /** The post's parent; null otherwise. */
  post_parent: number | null;
  /** The raw SEO title template of its meta; null when none. */
  title: string | null;
  /** The raw meta description template; null when none. */
  description: string | null;
  /** The canonical URL set by hand; null when none. */
  canonical: string | null;
  /** The focus keyphrase; null when none. */
  primary_focus_keyword: string | null;
  /** The SEO score (0–100) when a focus keyphrase is set, else null. */
  primary_focus_keyword_score: number | null;
  /** The readability score (0–100; 0 when not analysed). */
  readability_score: number;
  /** Estimated reading time in minutes; null when not measured. */
  estimated_reading_time_minutes: number | null;
  /** Cornerstone content. */
  is_cornerstone: boolean;
  /** Noindex set on the object: true (noindex), false (index on purpose), null (the type's default). */
  is_robots_noindex: boolean | null;
  /** Internal links in its content, once link indexing has counted them; null before. */
  link_count: number | null;
  /** Posts whose content links here, as link indexing counted them; null before. */
  incoming_link_count: number | null;
  /** GMT dates of the object's last change and publication; null where none. */
  object_last_modified: string | null;
  object_published_at: string | null;
  /** The builder version it was built by. */
  version: number;
}

/** What link indexing counted for an object (see indexing.ts). */
export interface LinkCounts {
  /** Internal links in the object's content; null until link indexing read it. */
  linkCount: number | null;
  /** Objects whose content links to this one; null until link indexing read it or a link to it. */
  incoming: number | null;
}

/** The counts of an object link indexing has not reached. */
export const NO_LINK_COUNTS: LinkCounts = { linkCount: null, incoming: null };

/** A blank indexable of a type: every fact null or false, then set by its builder. */
function blank(type: IndexableType, subType: string | null, permalink: string | null): Indexable {
  return {
    object_id: null,
    object_type: type,
    object_sub_type: subType,
    permalink,
    permalink_hash: permalink === null ? null : permalinkHash(permalink),
    post_status: null,
    is_public: null,
    is_protected: false,
    author_id: null,
    post_parent: null,
    title: null,
    description: null,
    canonical: null,
    primary_focus_keyword: null,
    primary_focus_keyword_score: null,
    readability_score: 0,
    estimated_reading_time_minutes: null,
    is_cornerstone: false,
    is_robots_noindex: null,
    link_count: null,
    incoming_link_count: null,
    object_last_modified: null,
    object_published_at: null,
    version: BUILDER_VERSIONS[type],
  };
}

/** `Indexable_Repository`'s permalink hash: the length, a colon, the md5. */
function permalinkHash(permalink: string): string {
  return `${permalink.length}:${md5(permalink)}`;
}

/** A meta value as PHP's string of it; '' when absent. */
const text = (value: JsonValue | undefined): string => (value === undefined ? '' : toPhpString(value));
/** `empty_string_to_null`. */
const orNull = (value: JsonValue | undefined): string | null => (text(value) === '' ? null : text(value));

/** The builders' `get_keyword_score`: the score only when there is a keyphrase. */
function keywordScore(keyword: string, score: JsonValue | undefined): number | null {
  return keyword === '' || keyword === '0' ? null : toInt(score ?? 0);
}

/** The post builder's `get_robots_noindex`: `1` noindex, `2` index, anything else the default. */
function postNoindex(value: JsonValue | undefined): boolean | null {
  const flag = toInt(value ?? 0);
  return flag === 1 ? true : flag === 2 ? false : null;
}

/** `Indexable_Post_Builder::build` on a stored post and its meta (each key's first value). */
export function postIndexable(post: PostRow, meta: Readonly<Record<string, JsonValue>>, home: string, links: LinkCounts): Indexable {
  const indexable = blank('post', post.post_type, postLink(post, home));
  const keyword = text(meta[POST_META.focusKeyphrase]);
  const noindex = postNoindex(meta[POST_META.noindex]);
  const protectedPost = post.post_password !== '';
  const readingTime = orNull(meta[POST_META.readingTime]);
  return {
    ...indexable,
    object_id: post.ID,
    post_status: post.post_status,
    // is_public: protected or noindexed is never public; a status other than publish is not; an explicit index is.
    is_public: protectedPost || noindex === true || post.post_status !== 'publish' ? false : noindex === false ? true : null,
    is_protected: protectedPost,
    author_id: post.post_author,
    post_parent: post.post_parent,
    title: orNull(meta[POST_META.title]),
    description: orNull(meta[POST_META.description]),
    canonical: orNull(meta[POST_META.canonical]),
    primary_focus_keyword: orNull(meta[POST_META.focusKeyphrase]),
    primary_focus_keyword_score: keywordScore(keyword, meta[POST_META.seoScore]),
    readability_score: toInt(meta[POST_META.readabilityScore] ?? 0),
    estimated_reading_time_minutes: readingTime === null ? null : toInt(readingTime),
    is_cornerstone: text(meta[POST_META.cornerstone]) === '1',
    is_robots_noindex: noindex,
    link_count: links.linkCount,
    incoming_link_count: links.incoming,
    object_last_modified: post.post_modified_gmt,
    object_published_at: post.post_date_gmt,
  };
}

/** A term's entry in `wpseo_taxonomy_meta` (`[taxonomy][term_id]`); empty when none. */
export function termMetaOf(
  option: JsonValue | undefined,
  term: Pick<TermRow, 'taxonomy' | 'term_id'>,
): Readonly<Record<string, JsonValue>> {
  if (!isPlainObject(option)) return {};
  const byTaxonomy = Object.hasOwn(option, term.taxonomy) ? option[term.taxonomy] : undefined;
  if (!isPlainObject(byTaxonomy)) return {};
  const entry = Object.hasOwn(byTaxonomy, String(term.term_id)) ? byTaxonomy[String(term.term_id)] : undefined;
  return isPlainObject(entry) ? entry : {};
}

/** `get_term_link` under WordPress's default bases (`/category/`, `/tag/`); other taxonomies by query. */
function termLink(term: Pick<TermRow, 'taxonomy' | 'slug'>, home: string): string {
  if (term.taxonomy === 'category') return `${home}/category/${term.slug}/`;
  if (term.taxonomy === 'post_tag') return `${home}/tag/${term.slug}/`;
  return `${home}/?taxonomy=${encodeURIComponent(term.taxonomy)}&term=${encodeURIComponent(term.slug)}`;
}

/** `Indexable_Term_Builder::build` on a stored term and its `wpseo_taxonomy_meta` entry. */
export function termIndexable(term: TermRow, meta: Readonly<Record<string, JsonValue>>, home: string, links: LinkCounts): Indexable {
  const indexable = blank('term', term.taxonomy, termLink(term, home));
  const keyword = text(meta.wpseo_focuskw);
  const robots = text(meta.wpseo_noindex);
  const noindex = robots === 'noindex' ? true : robots === 'index' ? false : null;
  return {
    ...indexable,
    object_id: term.term_id,
    is_public: noindex === null ? null : !noindex,
    title: orNull(meta.wpseo_title),
    description: orNull(meta.wpseo_desc),
    canonical: orNull(meta.wpseo_canonical),
    primary_focus_keyword: orNull(meta.wpseo_focuskw),
    primary_focus_keyword_score: keywordScore(keyword, meta.wpseo_linkdex),
    readability_score: toInt(meta.wpseo_content_score ?? 0),
    is_cornerstone: text(meta.wpseo_is_cornerstone) === '1',
    is_robots_noindex: noindex,
    link_count: links.linkCount,
    incoming_link_count: links.incoming,
  };
}

/** A `wpseo_titles` value as a template; null when unset. */
function titlesValue(titles: Readonly<Record<string, JsonValue>>, key: string): string | null {
  return orNull(Object.hasOwn(titles, key) ? titles[key] : undefined);
}

/** `Indexable_Home_Page_Builder::build`: the blog's home page, its title and description from `wpseo_titles`. */
export function homePageIndexable(home: string, titles: Readonly<Record<string, JsonValue>>): Indexable {
  return {
    ...blank('home-page', null, `${home}/`),
    title: titlesValue(titles, 'title-home-wpseo'),
    description: titlesValue(titles, 'metadesc-home-wpseo'),
    is_public: true,
  };
}

/** `Indexable_Post_Type_Archive_Builder::build`: a post type's archive at `/<type>/`. */
export function postTypeArchiveIndexable(postType: string, home: string, titles: Readonly<Record<string, JsonValue>>): Indexable {
  const noindex = titles[`noindex-ptarchive-${postType}`] === true;
  return {
    ...blank('post-type-archive', postType, `${home}/${postType}/`),
    title: titlesValue(titles, `title-ptarchive-${postType}`),
    description: titlesValue(titles, `metadesc-ptarchive-${postType}`),
    is_robots_noindex: noindex,
    is_public: !noindex,
  };
}

/** `Indexable_System_Page_Builder::build` (`404`, `search-result`): never public. */
export function systemPageIndexable(page: '404' | 'search-result', titles: Readonly<Record<string, JsonValue>>): Indexable {
  const key = page === '404' ? 'title-404-wpseo' : 'title-search-wpseo';
  return { ...blank('system-page', page, null), title: titlesValue(titles, key), is_robots_noindex: true, is_public: false };
}

/** `Indexable_Date_Archive_Builder::build`: public unless date archives are switched off or noindexed. */
export function dateArchiveIndexable(titles: Readonly<Record<string, JsonValue>>): Indexable {
  const noindex = titles['noindex-archive-wpseo'] === true;
  return {
    ...blank('date-archive', null, null),
    title: titlesValue(titles, 'title-archive-wpseo'),
    description: titlesValue(titles, 'metadesc-archive-wpseo'),
    is_robots_noindex: noindex,
    is_public: !noindex && titles['disable-date'] !== true,
  };
}

/**
 * A fingerprint of what an indexable is built from: the builder version and the facts given.
 * Indexing keeps it beside the object, so an object whose post, term or meta changed since is
 * built again; md5 as Yoast's own hashes, a change detector and no secret.
 */
export function stamp(version: number, facts: readonly unknown[]): string {
  return `${version}:${md5(JSON.stringify(facts))}`;
}

/** What `Indexable_Link_Builder::gather_links` finds in content, classified as `Url_Helper::get_link_type`. */
interface ContentLinks {
  /** Internal links' addresses, in order (repeats kept: each is a link). */
  internal: string[];
  /** External links (another host, or a scheme other than http/https). */
  external: number;
}

/** `Url_Helper::get_link_type` for a link's address on the site at `home`. */
function isInternal(href: string, home: URL): boolean {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined && !href.startsWith('//')) return true;
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return false;
  let url: URL;
  try {
    url = new URL(href, home);
  } catch {
    return false;
  }
  if (url.hostname !== home.hostname) return false;
  const homePath = home.pathname.replace(/\/$/, '');
  return homePath === '' || url.pathname.startsWith(homePath);
}

/** The `<a href>` links of some content, internal (by address) and external (counted), as Yoast's link indexing reads them. */
export function contentLinks(content: string, home: string): ContentLinks {
  const out: ContentLinks = { internal: [], external: 0 };
  if (!content.includes('href')) return out;
  let base: URL;
  try {
    base = new URL(`${home}/`);
  } catch {
    return out;
  }
  scanHtml(content, (token) => {
    if (token.kind !== 'open' || token.name !== 'a') return;
    const href = token.attributes.find((attribute) => attribute.name === 'href')?.value;
    if (href === undefined || href === null) return;
    const address = href.trim();
    if (isInternal(address, base)) out.internal.push(address);
    else out.external++;
  });
  return out;
}
