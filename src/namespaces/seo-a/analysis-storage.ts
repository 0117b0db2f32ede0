import type { JsonValue } from '../../store/types.js';
import type { StorageContext } from '../define.js';
import type { AnalysisRow } from './analysis.js';

/** A post as the content analysis reads it. */
export interface AnalysisPost {
  id: number;
  /** `post`, `page`, or a plugin's own. */
  type: string;
  /** `publish`, `draft`, `private`, `trash`… */
  status: string;
  /** The author's user id. */
  author: number;
  /** Slug as stored (`post_name`). */
  slug: string;
  title: string;
  content: string;
  /** Empty for none. */
  password: string;
  /** Last modification, GMT, `YYYY-MM-DD HH:MM:SS`. */
  modified: string;
}

/** A post that links to the analysed one. */
export interface LinkingPost {
  id: number;
  type: string;
  status: string;
  slug: string;
  title: string;
}

/**
 * Where the content analysis reads posts and keeps its results: SEOPress's post meta and, for its
 * `seopress_content_analysis` table, one post meta row per post (see {@link ANALYSIS_META}).
 */
export interface SeoAAnalysisStorage {
  /** A post by id, in any status; null when there is none. */
  getPost(id: number, context: StorageContext): Promise<AnalysisPost | null>;
  /** The first value of each of some meta keys of a post (absent keys left out). */
  getPostMeta(id: number, keys: readonly string[], context: StorageContext): Promise<Record<string, JsonValue>>;
  /** The post's saved analysis row; null when it was never analysed. */
  getAnalysis(id: number, context: StorageContext): Promise<AnalysisRow | null>;
  /**
   * SEOPress's GET: deletes `_seopress_content_analysis_api` and `_seopress_analysis_data` and saves
   * the analysis row in place of the post's previous one, in one step.
   */
  saveAnalysis(id: number, row: AnalysisRow, context: StorageContext): Promise<void>;
  /** SEOPress's POST: `_seopress_content_analysis_api` set to `data`, `_seopress_analysis_data` deleted, in one step. */
  saveClientAnalysis(id: number, data: JsonValue, context: StorageContext): Promise<void>;
  /** Published posts and pages whose title, excerpt or content holds `permalink` (WP_Query `s`, its first page of 10). */
  linkingPosts(permalink: string, context: StorageContext): Promise<LinkingPost[]>;
  /** The `seopress_titles_option_name` option's global `seopress_titles_noindex`, read as PHP reads a truth. */
  siteNoindex(context: StorageContext): Promise<boolean>;
}

/** The post meta holding a post's saved analysis: SEOPress's `{prefix}seopress_content_analysis` table row. */
export const ANALYSIS_META = '_seopress_content_analysis';
