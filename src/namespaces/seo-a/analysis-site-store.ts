import { toBool } from '../../core/php/values.js';
import type { JsonValue, PostRow, SiteStore } from '../../store/types.js';
import type { AnalysisRow } from './analysis.js';
import { ANALYSIS_META, type AnalysisPost, type SeoAAnalysisStorage } from './analysis-storage.js';

/** SEOPress's legacy meta, which both analysis routes delete. */
const LEGACY_DATA = '_seopress_analysis_data';
/** What the admin screen's POST stores. */
const CLIENT_ANALYSIS = '_seopress_content_analysis_api';

const isRow = (value: JsonValue | undefined): value is AnalysisRow =>
  value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);

function analysisPost(row: PostRow): AnalysisPost {
  return {
    id: row.ID,
    type: row.post_type,
    status: row.post_status,
    author: row.post_author,
    slug: row.post_name,
    title: row.post_title,
    content: row.post_content,
    password: row.post_password,
    modified: row.post_modified_gmt,
  };
}

/** The content analysis's storage on the site store: WordPress's posts and post meta, SEOPress's titles option. */
export function seoAAnalysisStorageOn(store: SiteStore): SeoAAnalysisStorage {
  return {
    async getPost(id) {
      const row = await store.posts.get(id);
      return row ? analysisPost(row) : null;
    },
    async getPostMeta(id, keys) {
      const all = (await store.postMeta.getMany([id], [...keys])).get(id) ?? {};
      const out: Record<string, JsonValue> = {};
      for (const key of keys) {
        const values = all[key];
        if (values && values.length > 0) out[key] = values[0]!;
      }
      return out;
    },
    async getAnalysis(id) {
      const [row] = await store.postMeta.get(id, ANALYSIS_META);
      return isRow(row) ? row : null;
    },
    async saveAnalysis(id, row) {
      await store.transaction(async (tx) => {
        await tx.postMeta.delete(id, CLIENT_ANALYSIS);
        await tx.postMeta.delete(id, LEGACY_DATA);
        await tx.postMeta.update(id, ANALYSIS_META, row);
      });
    },
    async saveClientAnalysis(id, data) {
      await store.transaction(async (tx) => {
        await tx.postMeta.update(id, CLIENT_ANALYSIS, data);
        await tx.postMeta.delete(id, LEGACY_DATA);
      });
    },
    async linkingPosts(permalink) {
      const page = await store.posts.query({
        type: ['post', 'page'],
        status: ['publish'],
        search: permalink,
        orderby: 'relevance',
        limit: 10,
      });
      return page.posts.map((row) => ({
        id: row.ID,
        type: row.post_type,
        status: row.post_status,
        slug: row.post_name,
        title: row.post_title,
      }));
    },
    async siteNoindex() {
      const option = await store.options.get('seopress_titles_option_name');
      return isRow(option) && toBool(option.seopress_titles_noindex ?? null);
    },
  };
}
