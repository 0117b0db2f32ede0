// Yoast's indexing route (src/routes/indexing-route.php), importing route (importing-route.php),
// the dashboard's score routes (src/dashboard/user-interface/scores/*) and the statistics endpoint
// (admin/endpoints/class-endpoint-statistics.php) on the site store.
import { RestResponse } from '../../../core/http/response.js';
import { isRestError } from '../../../core/errors/rest-error.js';
import type { RestContext } from '../../../core/types.js';
import { toInt, toPhpString } from '../../../core/php/values.js';
import { isStoreError } from '../../../store/errors.js';
import type { JsonValue, PostQuery } from '../../../store/types.js';
import type { BoundStorage, Handlers } from '../../define.js';
import { AIOSEO_OPTION, aioseoBatch, answerCount, isAioseoImporter } from '../aioseo-import.js';
import { importerNotFound, indexingFailed, scoresError } from '../errors.js';
import { POST_META, type Indexable } from '../indexables.js';
import {
  LIMITS,
  indexArchives,
  indexGeneral,
  indexPostLinks,
  indexPosts,
  indexTermLinks,
  indexTerms,
  postIndexables,
  settingsOf,
  type IndexingSite,
} from '../indexing.js';
import { RANKS, SCORE_GROUPS, rankBand, readabilityScoreGroup, seoScoreGroup, type Rank, type ScoreGroup } from '../ranks.js';
import type { seoBIndexablesRoutes } from '../routes/indexables.js';
import type { SeoBStorage } from '../storage.js';
import type { ContentTypes, PostTypeDefinition } from '../../content-types.js';

type Storage = BoundStorage<SeoBStorage>;

/** What the indexables group needs from the factory. */
interface IndexablesDeps {
  /** The clock in milliseconds. */
  now: () => number;
  /** The site's post types and taxonomies (`seoB`'s `postTypes`, `taxonomies`). */
  types: ContentTypes;
}

/** The host's public post types, beside WordPress's own. */
function hostPostTypes(types: ContentTypes): Required<PostTypeDefinition>[] {
  return [...types.postTypes.values()].filter((type) => type.public && !WORDPRESS_TYPES.has(type.name));
}

const WORDPRESS_TYPES = new Set(['post', 'page', 'attachment']);

/** The post types Yoast indexes: post, page, the host's, and attachments when `disable-attachment` is off. */
async function indexablePostTypes(storage: Storage, deps: IndexablesDeps): Promise<string[]> {
  const titles = settingsOf(await storage.getOption('wpseo_titles'));
  const types = ['post', 'page', ...hostPostTypes(deps.types).map((type) => type.name)];
  return titles['disable-attachment'] === false ? [...types, 'attachment'] : types;
}

async function indexingSite(storage: Storage, context: RestContext, deps: IndexablesDeps): Promise<IndexingSite> {
  const { home, show_on_front: showOnFront = 'posts', page_on_front: pageOnFront = 0 } = context.site;
  return {
    home,
    postTypes: await indexablePostTypes(storage, deps),
    archiveTypes: hostPostTypes(deps.types)
      .filter((type) => type.hasArchive)
      .map((type) => type.name),
    blogFront: showOnFront === 'posts' && pageOnFront === 0,
  };
}

/** The options Yoast's Indexing_Helper writes into `wpseo` when indexing fails (`indexing_failed`). */
const FAILED = { indexing_reason: 'indexing_failed', indexing_started: null } as const;

/** The message of what a batch threw, as Yoast answers an Exception's: the store's own wording, never a trace of this server's code. */
function failureMessage(error: unknown): string {
  if (isStoreError(error)) return error.message;
  if (isRestError(error)) return error.message;
  return 'The indexing failed.';
}

/** Abstract_Indexation_Route: one batch, with `next_url` while a full batch came back; a failure marks indexing failed. */
async function indexationBatch(
  storage: Storage,
  context: RestContext,
  route: string,
  limit: number,
  run: () => Promise<Indexable[]>,
): Promise<RestResponse | ReturnType<typeof indexingFailed>> {
  try {
    const objects = await run();
    return new RestResponse({
      objects: objects as unknown as JsonValue,
      next_url: objects.length >= limit ? context.restUrl(route) : false,
    });
  } catch (error) {
    try {
      await storage.mergeOption('wpseo', FAILED);
    } catch {
      // The store that failed the batch may refuse this too; the answer is the batch's failure either way.
    }
    return indexingFailed(failureMessage(error));
  }
}

/** The score kinds: the indexable score each counts, and the posts list filter of its view links. */
const SCORE_KINDS = {
  seo: { transient: 'wpseo_seo_scores', filterKey: 'seo_filter', skipsNoindex: true },
  readability: { transient: 'wpseo_readability_scores', filterKey: 'readability_filter', skipsNoindex: false },
} as const;

type ScoreKind = keyof typeof SCORE_KINDS;

/** The taxonomy a content type's scores may be filtered by (`get_content_type_taxonomy`): categories for posts. */
const filteringTaxonomy = (contentType: string): string | null => (contentType === 'post' ? 'category' : null);

/** `get_taxonomy( … )->query_var` of the filtering taxonomies. */
const QUERY_VARS: Readonly<Record<string, string>> = { category: 'category_name', post_tag: 'tag' };

/** A score group's count per published post of a content type (and term), ids ascending for troubleshooting. */
async function scoreGroups(
  storage: Storage,
  kind: ScoreKind,
  contentType: string,
  termId: number | null,
  home: string,
): Promise<Map<ScoreGroup['name'], number[]>> {
  const groups = new Map<ScoreGroup['name'], number[]>(SCORE_GROUPS.map((group) => [group.name, []]));
  const query: PostQuery = {
    type: [contentType],
    status: ['publish'],
    orderby: 'ID',
    order: 'asc',
    ...(termId === null ? {} : { terms: [{ terms: [termId] }] }),
  };
  for (let offset = 0; ; offset += 500) {
    const page = await storage.queryPosts({ ...query, offset, limit: 500 });
    for (const indexable of await postIndexables(storage, page.posts, home)) {
      if (SCORE_KINDS[kind].skipsNoindex && indexable.is_robots_noindex === true) continue;
      const group =
        kind === 'seo'
          ? seoScoreGroup(indexable.primary_focus_keyword_score)
          : readabilityScoreGroup(indexable.readability_score, indexable.estimated_reading_time_minutes);
      if (group !== null) groups.get(group)!.push(indexable.object_id!);
    }
    if (page.posts.length < 500) return groups;
  }
}

/** The counts Yoast's cached collector keeps as JSON text in the transient; null when absent or unreadable. */
function cachedCounts(value: JsonValue | undefined): Readonly<Record<string, JsonValue>> | null {
  if (typeof value !== 'string') return null;
  try {
    return settingsOf(JSON.parse(value) as JsonValue);
  } catch {
    return null;
  }
}

/** Abstract_Scores_Route::get_scores: the content type, taxonomy and term checked in Yoast's order, then the counts (cached a minute). */
async function scores(
  kind: ScoreKind,
  params: { contentType: string; taxonomy?: string; term?: number; troubleshooting?: boolean },
  context: RestContext,
  storage: Storage,
  deps: IndexablesDeps,
): Promise<RestResponse> {
  const contentType = params.contentType;
  if (!(await indexablePostTypes(storage, deps)).includes(contentType)) return scoresError('Invalid content type.');
  const taxonomyName = params.taxonomy ?? '';
  if (taxonomyName !== '' && filteringTaxonomy(contentType) !== taxonomyName) return scoresError('Invalid taxonomy.');
  const taxonomy = taxonomyName === '' ? null : taxonomyName;
  const termId = params.term ?? null;
  if (termId !== null && taxonomy === null) return scoresError('Term needs a provided taxonomy.');
  if (termId === null && taxonomy !== null) return scoresError('Taxonomy needs a provided term.');
  const term = termId === null ? null : await storage.getTerm(termId);
  if (termId !== null && (term === null || term.taxonomy !== taxonomy)) return scoresError('Invalid term.');

  const troubleshooting = params.troubleshooting === true;
  const transient = `${SCORE_KINDS[kind].transient}_${contentType}${termId === null ? '' : `_${termId}`}`;
  const started = deps.now();
  const cached = troubleshooting ? null : cachedCounts(await storage.getTransient(transient));
  let counts: Readonly<Record<string, JsonValue>>;
  let ids: Map<ScoreGroup['name'], number[]> | null = null;
  if (cached) {
    counts = cached;
  } else {
    const groups = await scoreGroups(storage, kind, contentType, termId, context.site.home);
    ids = groups;
    counts = Object.fromEntries(SCORE_GROUPS.map((group) => [group.name, String(groups.get(group.name)!.length)]));
    if (!troubleshooting) await storage.setTransient(transient, JSON.stringify(counts), 60);
  }
  const base = `${context.site.url}/wp-admin/edit.php?post_status=publish&post_type=${contentType}`;
  const termArg = term && taxonomy && QUERY_VARS[taxonomy] ? `&${QUERY_VARS[taxonomy]}=${term.slug}` : '';
  return new RestResponse({
    scores: SCORE_GROUPS.map((group) => {
      const groupIds = ids?.get(group.name) ?? [];
      return {
        name: group.name,
        amount: toInt(counts[group.name] ?? 0),
        links: { view: `${base}&${SCORE_KINDS[kind].filterKey}=${group.filter}${termArg}` },
        ...(troubleshooting && groupIds.length > 0 ? { ids: groupIds.join(',') } : {}),
      };
    }),
    queryTime: cached ? 0 : (deps.now() - started) / 1000,
    cacheUsed: cached !== null,
  });
}

/** The statistics widget's labels (`WPSEO_Statistics_Service::labels`). */
const RANK_LABELS: Readonly<Record<Rank, string>> = {
  na: 'Posts <strong>without</strong> a focus keyphrase',
  bad: 'Posts with the SEO score: <strong>Needs improvement</strong>',
  ok: 'Posts with the SEO score: <strong>OK</strong>',
  good: 'Posts with the SEO score: <strong>Good</strong>',
  noindex: 'Posts that should not show up in search results',
};

/** The transient of the statistics, one entry per user (`WPSEO_Statistics_Service::CACHE_TRANSIENT_KEY`). */
const STATISTICS_TRANSIENT = 'wpseo-statistics-totals';

/** `WPSEO_Statistics::get_post_count` for every rank at once: the published posts (the user's own unless they edit others'). */
async function rankCounts(storage: Storage, authorId: number | null): Promise<Map<Rank, number>> {
  const counts = new Map<Rank, number>(RANKS.map((rank) => [rank, 0]));
  for (let offset = 0; ; offset += 500) {
    const page = await storage.queryPosts({
      type: ['post'],
      status: ['publish'],
      orderby: 'ID',
      order: 'asc',
      offset,
      limit: 500,
      ...(authorId === null ? {} : { author: [authorId] }),
    });
    const metas = await storage.getPostsMeta(
      page.posts.map((post) => post.ID),
      [POST_META.focusKeyphrase, POST_META.noindex, POST_META.seoScore],
    );
    for (const post of page.posts) {
      const meta = metas.get(post.ID) ?? {};
      const add = (rank: Rank) => counts.set(rank, counts.get(rank)! + 1);
      // Each rank is its own meta query, so a post may count under several.
      if (meta[POST_META.focusKeyphrase] === undefined) add('na');
      if (meta[POST_META.noindex] !== undefined && toPhpString(meta[POST_META.noindex]) === '1') add('noindex');
      const score = meta[POST_META.seoScore];
      if (score === undefined) continue;
      for (const rank of ['bad', 'ok', 'good'] as const) {
        const [start, end] = rankBand(rank);
        if (start <= toInt(score) && toInt(score) <= end) add(rank);
      }
    }
    if (page.posts.length < 500) return counts;
  }
}

/** A user's statistics as the transient keeps them: the ranks with posts, and each rank's share (false without posts). */
async function userStatistics(storage: Storage, context: RestContext): Promise<{ scores: JsonValue[]; division: JsonValue }> {
  const user = context.user!;
  const transient = settingsOf(await storage.getTransient(STATISTICS_TRANSIENT));
  const kept = settingsOf(Object.hasOwn(transient, String(user.id)) ? transient[String(user.id)] : undefined);
  if (Array.isArray(kept.scores) && kept.division !== undefined) return { scores: kept.scores, division: kept.division };

  const ownOnly = !user.can('edit_others_posts');
  const counts = await rankCounts(storage, ownOnly ? user.id : null);
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const link = (rank: Rank) =>
    `${context.site.url}/wp-admin/edit.php?post_status=publish&#038;post_type=post&#038;seo_filter=${rank}${ownOnly ? `&#038;author=${user.id}` : ''}`;
  const entry = {
    scores: RANKS.filter((rank) => counts.get(rank)! !== 0).map((rank) => ({
      seo_rank: rank,
      label: RANK_LABELS[rank],
      count: counts.get(rank)!,
      link: link(rank),
    })),
    division: total === 0 ? false : Object.fromEntries(RANKS.map((rank) => [rank, counts.get(rank)! / total])),
  };
  await storage.setTransient(STATISTICS_TRANSIENT, { ...transient, [String(user.id)]: entry }, 86_400);
  return entry;
}

/** `get_header_from_statistics`. */
function statisticsHeader(division: JsonValue): string {
  if (division === false) return "You don't have any published posts, your SEO scores will appear here once you make your first post!";
  const good = settingsOf(division).good;
  if (typeof good === 'number' && good > 0.66) return 'Hey, your SEO is doing pretty well! Check out the stats:';
  return "Below are your published posts' SEO scores. Now is as good a time as any to start improving some of your posts!";
}

/** The seo-b indexables handlers. */
export function seoBIndexablesHandlers(deps: IndexablesDeps): Handlers<typeof seoBIndexablesRoutes, SeoBStorage> {
  return {
    async runIndexing(request, context, storage) {
      const step = request.urlParams.step;
      const route = `/seo-b/v1/indexing/${step}`;
      const site = () => indexingSite(storage, context, deps);
      switch (step) {
        case 'posts':
          return indexationBatch(storage, context, route, LIMITS.posts, async () => indexPosts(storage, await site()));
        case 'terms':
          return indexationBatch(storage, context, route, LIMITS.terms, async () => indexTerms(storage, await site()));
        case 'post-type-archives':
          return indexationBatch(storage, context, route, LIMITS.archives, async () => indexArchives(storage, await site()));
        case 'general':
          return indexationBatch(storage, context, route, LIMITS.general, async () => indexGeneral(storage, await site()));
        case 'prepare':
          await storage.mergeOption('wpseo', { indexing_first_time: false, indexing_started: Math.floor(deps.now() / 1000) });
          break;
        case 'indexables-complete':
          await storage.mergeOption('wpseo', { indexables_indexing_completed: true });
          break;
        default:
          await storage.mergeOption('wpseo', { indexing_reason: '', indexing_started: null });
      }
      return { objects: [], next_url: false };
    },

    async runLinkIndexing(request, context, storage) {
      const kind = request.urlParams.kind;
      const route = `/seo-b/v1/link-indexing/${kind}`;
      return indexationBatch(storage, context, route, LIMITS.links, async () => {
        const site = await indexingSite(storage, context, deps);
        return kind === 'posts' ? indexPostLinks(storage, site) : indexTermLinks(storage, site);
      });
    },

    async runImport(request, _context, storage) {
      const { plugin, type } = request.urlParams;
      if (plugin !== 'aioseo' || !isAioseoImporter(type) || (await storage.getOption(AIOSEO_OPTION)) === undefined)
        return importerNotFound();
      try {
        const objects = await aioseoBatch(storage, type);
        const done = objects === false || answerCount(objects) === 0;
        return { objects, next_url: done ? false : `seo-b/v1/import/${plugin}/${type}` };
      } catch (error) {
        if (isRestError(error)) return error;
        return indexingFailed(failureMessage(error));
      }
    },

    getSeoScores: (request, context, storage) => scores('seo', request.params, context, storage, deps),
    getReadabilityScores: (request, context, storage) => scores('readability', request.params, context, storage, deps),

    async getStatistics(_request, context, storage) {
      const { scores: items, division } = await userStatistics(storage, context);
      return { header: statisticsHeader(division), seo_scores: items };
    },
  };
}
