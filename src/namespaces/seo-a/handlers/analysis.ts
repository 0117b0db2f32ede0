// content-analysis (GET, POST) and page-preview: SEOPress's ContentAnalysis and PagePreview.
import { isPlainObject } from '../../../core/own-property.js';
import { internal } from '../../../core/errors/catalogue.js';
import { asciiLower } from '../../../core/php/strings.js';
import { isEmpty, isPhpArray, toPhpString } from '../../../core/php/values.js';
import type { MountContext, RestContext } from '../../../core/types.js';
import type { JsonValue } from '../../../store/types.js';
import { renderTitle } from '../../core-posts/text.js';
import type { BoundStorage, Handlers } from '../../define.js';
import { bindService, type HostServiceLimits } from '../../host-service.js';
import { analyseData, analysisRow, impacts, keptList, score, targetKeywords, type AnalysisRow } from '../analysis.js';
import { checkedPost } from '../checks.js';
import { readPageDom } from '../page-dom.js';
import { pageData, type InternalLink, type PageFacts } from '../page-data.js';
import { storedPageRenderer } from '../page-render.js';
import type { seoAAnalysisRoutes } from '../routes/analysis.js';
import { asOptionArray, isOn } from '../seo-options.js';
import { fetchFailure, renderPageService, type FetchFailure, type RenderPage } from '../services.js';
import type { PostRow, SeoAStorage } from '../storage.js';
import { postLink } from '../../core-posts/wp-objects.js';

/** The post meta holding a post's saved analysis: SEOPress's `{prefix}seopress_content_analysis` table row. */
export const ANALYSIS_META = '_seopress_content_analysis';
/** SEOPress's legacy meta, which both analysis routes delete. */
const LEGACY_DATA = '_seopress_analysis_data';
/** What the admin screen's POST stores. */
const CLIENT_ANALYSIS = '_seopress_content_analysis_api';

const isRow = (value: JsonValue | undefined): value is AnalysisRow => isPlainObject(value);

/** What the analysis handlers run on. */
interface SeoAAnalysisDeps {
  /** The host's page renderer; absent: the stored post's page ({@link storedPageRenderer}). */
  renderPage?: RenderPage;
  renderPageLimits: HostServiceLimits;
  /** Where the renderer's failures are reported (the mount's). */
  reportService: MountContext['reportService'];
  /** The clock (milliseconds) that decides an old post. */
  now: () => number;
}

/** `get_preview_post_link` with `no_admin_bar`: the permalink with `?no_admin_bar=1&preview=true`. */
function previewLink(post: PostRow, home: string): string {
  const link = postLink(post, home);
  return `${link}${link.includes('?') ? '&' : '?'}no_admin_bar=1&preview=true`;
}

const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');

/** The `target_keywords` param as `getKeywords` reads it: empty as '', a scalar as PHP's string; an array makes its `strtolower` throw, a 500. */
function keywordsParam(value: unknown): string | null {
  if (isEmpty(value)) return '';
  return isPhpArray(value) ? null : toPhpString(value);
}

/** The seo-a content analysis and page preview handlers. */
export function seoAAnalysisHandlers(deps: SeoAAnalysisDeps): Handlers<typeof seoAAnalysisRoutes, SeoAStorage> {
  /** The post's page, through the host's renderer (or the stored post's) within its limits; SEOPress's answer when it would not analyse it. */
  async function fetchPage(
    storage: BoundStorage<SeoAStorage>,
    id: number,
    context: RestContext,
  ): Promise<{ html: string } | { failure: FetchFailure }> {
    const render = deps.renderPage ?? storedPageRenderer(storage, context.site);
    let status: unknown = null;
    const service = bindService(renderPageService, render, deps.renderPageLimits, deps.reportService);
    const outcome = await service.call(async (renderPage, signal) => {
      const page = await renderPage(id, signal);
      status = page.status;
      return page.html;
    });
    if (!outcome.ok) return { failure: outcome.answer };
    if (typeof outcome.value !== 'string' || typeof status !== 'number') return { failure: fetchFailure(null) };
    if (status === 404 || status === 401) return { failure: fetchFailure(status) };
    return { html: outcome.value };
  }

  /** DomFilterContent's data for the post's page. */
  async function filteredPage(storage: BoundStorage<SeoAStorage>, post: PostRow, html: string, context: RestContext) {
    const home = context.site.home;
    const link = postLink(post, home);
    const linking = html === '' ? [] : await storage.linkingPosts(link);
    const internalLinks: InternalLink[] = linking.map((row) => ({
      id: row.ID,
      edit_post_link: `${context.site.url}/wp-admin/post.php?post=${row.ID}&action=edit`,
      url: postLink(row, home),
      value: renderTitle(row.post_title),
    }));
    const facts: PageFacts = { id: post.ID, permalink: link, frontPage: String(context.site.page_on_front ?? 0), home, internalLinks };
    return { facts, data: pageData(html, html === '' ? null : readPageDom(html), facts) };
  }

  return {
    async getContentAnalysis(request, context, storage) {
      const post = checkedPost(request);
      const id = post.ID;
      const page = await fetchPage(storage, id, context);
      if ('failure' in page) return page.failure;
      const { facts, data } = await filteredPage(storage, post, page.html, context);
      const analysed = { id, slug: post.post_name, modified: post.post_modified_gmt, protected: post.post_password !== '' };
      const [metas, titles] = await Promise.all([
        storage.getPostMeta(id, [
          '_seopress_analysis_target_kw',
          '_seopress_titles_title',
          '_seopress_titles_desc',
          '_seopress_robots_index',
          ANALYSIS_META,
        ]),
        storage.getOption('seopress_titles_option_name'),
      ]);
      // A `target_keywords` param, even empty, stands for the keywords the editor has not saved yet.
      const given = request.params.target_keywords;
      const keywordsText = given === undefined || given === null ? text(metas._seopress_analysis_target_kw) : keywordsParam(given);
      if (keywordsText === null) return internal();
      const keywords = targetKeywords(keywordsText);
      const now = deps.now();
      const answer = analyseData(data, analysed, keywords, now);
      answer.link_preview = previewLink(post, context.site.home);
      // SEOPress scores the row its previous analysis saved, then saves this one.
      const previous = metas[ANALYSIS_META];
      answer.score = score(
        impacts(isRow(previous) ? previous : null, {
          post: analysed,
          metaTitle: text(metas._seopress_titles_title),
          metaDescription: text(metas._seopress_titles_desc),
          noindexMeta: text(metas._seopress_robots_index) === 'yes',
          noindexSite: isOn(asOptionArray(titles), 'seopress_titles_noindex'),
          frontPage: facts.frontPage,
          now,
        }),
      );
      const row = analysisRow(answer, keywords, id, new Date(now).toISOString().slice(0, 19).replace('T', ' '));
      await storage.setPostMeta(
        id,
        new Map<string, JsonValue | null>([
          [CLIENT_ANALYSIS, null],
          [LEGACY_DATA, null],
          [ANALYSIS_META, row],
        ]),
      );
      return answer;
    },

    async saveContentAnalysis(request, _context, storage) {
      const param = (name: string): JsonValue => (request.params[name] ?? null) as JsonValue;
      const data = { internal_links: param('internal_links'), outbound_links: param('outbound_links'), score: param('score') };
      const changes = new Map<string, JsonValue | null>([
        [CLIENT_ANALYSIS, data],
        [LEGACY_DATA, null],
      ]);
      await storage.setPostMeta(checkedPost(request).ID, changes);
      return { success: true };
    },

    async getPagePreview(request, context, storage) {
      const post = checkedPost(request);
      const page = await fetchPage(storage, post.ID, context);
      if ('failure' in page) return page.failure;
      const { data } = await filteredPage(storage, post, page.html, context);
      const metas = await storage.getPostMeta(post.ID, ['_seopress_analysis_target_kw']);
      const kept: Array<[number, JsonValue]> = [];
      asciiLower(text(metas._seopress_analysis_target_kw))
        .split(',')
        .forEach((keyword, index) => {
          if (keyword !== '' && keyword !== '0') kept.push([index, keyword]);
        });
      return { ...data, analysis_target_kw: { value: keptList(kept) } };
    },
  };
}
