// SEOPress's DomAnalysis (keyword matches, permalink keywords, old post), the row its
// ContentAnalysisDatabase saves, and the score GetContent::getAnalyzes gives a saved row: the
// impacts of its thirteen checks, each kept once in first-seen order.
import { isPlainObject } from '../../core/own-property.js';
import { phpUrlDecode } from '../../core/php/query.js';
import { asciiLower, phpTrim } from '../../core/php/strings.js';
import { isEmpty } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';
import { removeAccents } from '../../core/schema/remove-accents.js';
import { keywordMatcher, specialCharsDecode, type KeywordMatcher } from './keyword-matches.js';
import type { PageData } from './page-data.js';

/** Most target keywords an analysis looks for, and their longest length: each is one pass over the page's texts. */
const MAX_KEYWORDS = 50;
const MAX_KEYWORD_LENGTH = 200;

/** A saved analysis: the columns of SEOPress's `seopress_content_analysis` table. */
export type AnalysisRow = { [column: string]: JsonValue };

/** What the analysis needs of the post. */
interface AnalysedPost {
  id: number;
  /** Its slug, as stored (`post_name`). */
  slug: string;
  /** Last modification, `YYYY-MM-DD HH:MM:SS`. */
  modified: string;
  /** Whether a password protects it. */
  protected: boolean;
}

/**
 * `getKeywords`: the comma-separated keywords lower-cased (ASCII, as `strtolower`) and accent-free,
 * empty and `"0"` ones dropped as `array_filter` drops them; at most {@link MAX_KEYWORDS}, each cut to
 * {@link MAX_KEYWORD_LENGTH}, so a request's keywords cannot multiply the work.
 */
export function targetKeywords(given: string): string[] {
  const lower = removeAccents(asciiLower(given));
  const out: string[] = [];
  for (const keyword of lower.split(',', MAX_KEYWORDS * 4)) {
    if (isEmpty(keyword)) continue;
    out.push(keyword.slice(0, MAX_KEYWORD_LENGTH));
    if (out.length === MAX_KEYWORDS) break;
  }
  return out;
}

const ANALYSED = ['title', 'description', 'h1', 'h2', 'h3'] as const;

/** Whether a `YYYY-MM-DD HH:MM:SS` date (read as UTC, as WordPress sets PHP's zone) is over 365 days before `now`. */
function isOld(date: string, now: number): boolean {
  const time = Date.parse(`${date.replace(' ', 'T')}Z`);
  return Number.isFinite(time) && time < now - 365 * 86_400_000;
}

/** `getDataAnalyze`: the keyword matches of title, description and h1–h3, of the slug (`kws_permalink`), and `old_post`. */
export function analyseData(
  data: PageData | { code: 'no_data' },
  post: AnalysedPost,
  keywords: readonly string[],
  now: number,
): Record<string, JsonValue> {
  const unique = [...new Set(keywords.map((keyword) => phpTrim(specialCharsDecode(keyword))))];
  const matches = keywordMatcher(unique);
  const out = data as Record<string, { [key: string]: JsonValue }>;
  for (const key of ANALYSED) {
    const entry = out[key];
    if (!entry || entry.value === undefined || entry.value === null) continue;
    const items = Array.isArray(entry.value) ? entry.value : [entry.value];
    entry.matches = items.flatMap((item) => (typeof item === 'string' ? matches(item) : []));
  }
  const slug = phpUrlDecode(post.slug);
  out.kws_permalink = { matches: matches(slug.replaceAll('-', ' ')) };
  out.old_post = { value: isOld(post.modified, now) };
  return out;
}

/** The table row SEOPress saves for an analysis (`ContentAnalysisDatabase::saveData`). */
export function analysisRow(data: Record<string, JsonValue>, keywords: readonly string[], postId: number, date: string): AnalysisRow {
  const value = (key: string): JsonValue => {
    const entry = data[key];
    return isPlainObject(entry) && entry.value !== undefined ? entry.value : '';
  };
  return {
    title: value('title'),
    description: value('description'),
    og_title: value('og:title'),
    og_description: value('og:description'),
    og_image: value('og:image'),
    og_url: value('og:url'),
    og_site_name: value('og:site_name'),
    twitter_title: value('twitter:title'),
    twitter_description: value('twitter:description'),
    twitter_image: value('twitter:image'),
    twitter_image_src: value('twitter:image:src'),
    canonical: value('canonical'),
    h1: value('h1'),
    h2: value('h2'),
    h3: value('h3'),
    images: value('images'),
    meta_robots: value('meta_robots'),
    meta_google: value('meta_google'),
    links_no_follow: value('links_no_follow'),
    outbound_links: value('outbound_links'),
    internal_links: value('internal_links'),
    json_schemas: value('schemas'),
    keywords: [...keywords],
    post_id: postId,
    score: data.score ?? null,
    permalink: data.permalink ?? null,
    analysis_date: date,
  };
}

/** What the checks read besides the saved row. */
interface ScoreFacts {
  post: AnalysedPost;
  /** `_seopress_titles_title` and `_seopress_titles_desc`, the fallbacks for a row without title or description. */
  metaTitle: string;
  metaDescription: string;
  /** `_seopress_robots_index` is `yes`. */
  noindexMeta: boolean;
  /** The titles option's global `seopress_titles_noindex`. */
  noindexSite: boolean;
  /** `page_on_front`. */
  frontPage: string;
  now: number;
}

type Impact = 'good' | 'medium' | 'high' | 'low' | null;

const list = (value: JsonValue | undefined): JsonValue[] | null => (Array.isArray(value) && value.length > 0 ? value : null);
const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');
const keywordsOf = (row: AnalysisRow | null): string[] =>
  Array.isArray(row?.keywords) ? row.keywords.filter((k): k is string => typeof k === 'string') : [];
const matched = (value: JsonValue | undefined, matches: KeywordMatcher) => typeof value === 'string' && matches(value).length > 0;

/** analyzeSocialTags for one tag list: missing, repeated or an empty first value is `high`. */
function socialHigh(values: JsonValue[] | null, repeatsCount: boolean): boolean {
  if (!values) return true;
  if (repeatsCount && values.length > 1) return true;
  return isEmpty(values[0]);
}

function headingsImpact(row: AnalysisRow | null, matches: KeywordMatcher): Impact {
  const h = (key: 'h1' | 'h2' | 'h3') => {
    const value = row?.[key];
    return Array.isArray(value) ? value : null;
  };
  const [h1, h2, h3] = [h('h1'), h('h2'), h('h3')];
  let impact: Impact = 'good';
  if (!h1?.length && !h2?.length && !h3?.length) impact = 'high';
  const anyMatch = (items: JsonValue[] | null) => (items ?? []).some((item) => matched(item, matches));
  // H1: one with a keyword is the only good case; repeated, missing or without one is high.
  if (!(h1 && anyMatch(h1) && h1.length === 1)) impact = 'high';
  if (!anyMatch(h2) && impact !== 'high') impact = 'medium';
  if (!anyMatch(h3) && impact !== 'high' && impact !== 'medium') impact = 'low';
  return impact;
}

function lengthChecked(value: string, matches: KeywordMatcher, limit: number): Impact {
  if (isEmpty(value)) return 'medium';
  let impact: Impact = matched(value, matches) ? 'good' : 'medium';
  if ([...value].length > limit) impact = 'medium';
  return impact;
}

function robotsImpact(robots: JsonValue[] | null): Impact {
  if (!robots) return 'good';
  const encoded = JSON.stringify(robots);
  let impact: Impact = robots.length > 1 ? 'high' : 'good';
  if (encoded.includes('noindex') || encoded.includes('nofollow') || encoded.includes('noimageindex')) impact = 'high';
  if (encoded.includes('nosnippet') && impact !== 'high') impact = 'medium';
  return impact;
}

function imagesImpact(images: JsonValue[] | null): Impact {
  if (!images) return 'medium';
  const alts = images.map((image) => (isPlainObject(image) ? image.alt : undefined));
  if (alts.some((alt) => isEmpty(alt))) return 'high';
  return 'good';
}

function schemasImpact(schemas: JsonValue | undefined): Impact {
  if (!Array.isArray(schemas)) return 'medium';
  const counts = new Map<string, number>();
  for (const type of schemas)
    if (typeof type === 'string' || typeof type === 'number') counts.set(String(type), (counts.get(String(type)) ?? 0) + 1);
  for (const [type, count] of counts) if (count > 1 && type !== 'Review') return 'high';
  return 'good';
}

/**
 * The impact of each of SEOPress's checks (canonical, schemas, old post, keywords in permalink,
 * headings, meta title, meta description, social tags, robots, image alts, nofollow, outbound and
 * internal links) on a saved row, or on none (a post never analysed), in the plugin's order.
 */
export function impacts(row: AnalysisRow | null, facts: ScoreFacts): Impact[] {
  const matches = keywordMatcher(keywordsOf(row).slice(0, MAX_KEYWORDS));
  const canonical = list(row?.canonical);
  const canonicalImpact: Impact = canonical
    ? canonical.length > 1
      ? 'high'
      : 'good'
    : facts.noindexMeta || facts.noindexSite || facts.post.protected
      ? 'good'
      : 'high';
  const permalink = row?.permalink;
  const permalinkText = isPlainObject(permalink) ? text(permalink.value).replaceAll('-', ' ') : '';
  const permalinkImpact: Impact = matched(permalinkText, matches) ? 'good' : facts.frontPage === String(facts.post.id) ? 'good' : 'medium';
  const social = [
    socialHigh(list(row?.og_title), true),
    socialHigh(list(row?.og_description), true),
    socialHigh(list(row?.og_image), false),
    socialHigh(list(row?.og_url), true),
    socialHigh(list(row?.og_site_name), true),
    socialHigh(list(row?.twitter_title), true),
    socialHigh(list(row?.twitter_description), true),
    socialHigh(list(row?.twitter_image), false),
  ].some(Boolean);
  const noFollow = list(row?.links_no_follow);
  return [
    canonicalImpact,
    schemasImpact(row?.json_schemas),
    isOld(facts.post.modified, facts.now) ? 'medium' : 'good',
    permalinkImpact,
    headingsImpact(row, matches),
    lengthChecked(isEmpty(row?.title) ? facts.metaTitle : text(row?.title), matches, 60),
    lengthChecked(isEmpty(row?.description) ? facts.metaDescription : text(row?.description), matches, 160),
    social ? 'high' : 'good',
    robotsImpact(list(row?.meta_robots)),
    imagesImpact(list(row?.images)),
    noFollow ? (noFollow.length > 3 ? 'low' : 'good') : 'good',
    list(row?.outbound_links) ? 'good' : 'medium',
    list(row?.internal_links) ? 'good' : 'medium',
  ];
}

/**
 * A PHP list some items were dropped from (`array_filter`, `array_unique`) as `json_encode` writes
 * it: a JSON list while the kept indexes still run 0, 1, 2…, else an object keyed by them.
 */
export function keptList(kept: ReadonlyArray<readonly [number, JsonValue]>): JsonValue {
  if (kept.every(([index], i) => index === i)) return kept.map(([, value]) => value);
  return Object.fromEntries(kept.map(([index, value]) => [String(index), value]));
}

/** `getScore`: `array_unique(array_values(impacts))`, each impact kept at its first index. */
export function score(list: readonly Impact[]): JsonValue {
  const seen = new Set<Impact>();
  const kept: Array<[number, Impact]> = [];
  list.forEach((impact, index) => {
    if (seen.has(impact)) return;
    seen.add(impact);
    kept.push([index, impact]);
  });
  return keptList(kept);
}
