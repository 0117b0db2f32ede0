// The outside services of seo-b/v1. Each is declared in a block of its own.

// ---- siteInsights: the Site Kit data Yoast's dashboard widgets read ----------------------------
// Yoast asks Site Kit's own REST routes (`rest_do_request`): Search Console's `searchanalytics`
// datapoint and Analytics 4's `report`. The host answers the same query with the same JSON
// Site Kit answers; the `site-insights/v1` namespace's data layer can answer it once it exists.
import { serviceLimits, type HostServiceLimits, type ServiceDeclaration } from '../host-service.js';
import { recordedAnswer, type JsonObject } from '../recorded-double.js';
import type { JsonValue } from '../../store/types.js';

/** Search Console's `searchanalytics` query, as Yoast sends it to Site Kit (`Site_Kit_Search_Console_Adapter`). */
export interface SearchConsoleQuery {
  /** The Site Kit module. */
  module: 'search-console';
  /** Its datapoint. */
  datapoint: 'searchanalytics';
  /** First day, `YYYY-MM-DD` (the comparison's first day for a comparison). */
  startDate: string;
  /** Last day, `YYYY-MM-DD`. */
  endDate: string;
  /** One dimension: `query`, `page` or `date`. */
  dimensions: string[];
  /** Most rows (absent for none). */
  limit?: number;
}

/** Analytics 4's `report` query, as Yoast sends it to Site Kit (`Site_Kit_Analytics_4_Adapter`). */
export interface Analytics4Query {
  /** The Site Kit module. */
  module: 'analytics-4';
  /** Its datapoint. */
  datapoint: 'report';
  /** First day, `YYYY-MM-DD`. */
  startDate: string;
  /** Last day, `YYYY-MM-DD`. */
  endDate: string;
  /** `['date']` for daily rows; absent for a comparison (GA4 then answers a `dateRange` dimension). */
  dimensions?: string[];
  /** `['sessions']`. */
  metrics: string[];
  /** `{sessionDefaultChannelGrouping: ['Organic Search']}`. */
  dimensionFilters: Record<string, string[]>;
  /** `[{dimension: {dimensionName: 'date'}}]` for daily rows. */
  orderby?: Array<Record<string, Record<string, string>>>;
  /** The previous period's first day, for a comparison. */
  compareStartDate?: string;
  /** The previous period's last day, for a comparison. */
  compareEndDate?: string;
}

/** What Yoast asks Site Kit for one widget. */
export type SiteInsightsQuery = SearchConsoleQuery | Analytics4Query;

/** A Search Console row (`ApiDataRow`): the dimension's value in `keys`, and its figures. */
export interface SearchConsoleRow {
  /** The dimension's value: a query, a page URL or a `YYYY-MM-DD` day. */
  keys: string[];
  /** Clicks. */
  clicks: number;
  /** Impressions. */
  impressions: number;
  /** Click-through rate, 0 to 1. */
  ctr: number;
  /** Average position. */
  position: number;
}

/** An Analytics 4 `RunReportResponse`, as far as Yoast reads it. */
export interface Analytics4Report {
  /** `[{name: 'date'}]` or `[{name: 'dateRange'}]`. */
  dimensionHeaders: Array<{ name: string }>;
  /** `[{name: 'sessions', type: 'TYPE_INTEGER'}]`. */
  metricHeaders: Array<{ name: string; type?: string }>;
  /** One row per day or per date range (`date_range_0` the current, `date_range_1` the previous). */
  rows: Array<{ dimensionValues: Array<{ value: string }>; metricValues: Array<{ value: string }> }>;
}

/** Site Kit's error answer (a WP_Error): its message and status, which Yoast passes on. */
export interface SiteInsightsError {
  /** The error. */
  error: { message: string; status?: number };
}

/** What Site Kit answers a query: Search Console's rows, an Analytics 4 report, or an error. */
export type SiteInsightsAnswer = SearchConsoleRow[] | Analytics4Report | SiteInsightsError;

/**
 * Site Kit's data for Yoast's dashboard widgets: answers `query` as Site Kit's REST route answers
 * it (`/google-site-kit/v1/modules/<module>/data/<datapoint>`). `signal` fires at the deadline.
 */
export interface SiteInsights {
  /** Answers one Search Console or Analytics 4 query. */
  report(query: SiteInsightsQuery, signal: AbortSignal): Promise<SiteInsightsAnswer> | SiteInsightsAnswer;
}

/** Why the widget has no data: Site Kit not set up (Yoast's `Data_Source_Not_Available_Exception`), or a failed request. */
export type InsightsFailure = { kind: 'unavailable' } | { kind: 'failed'; status: number; reason: string } | { kind: 'unexpected' };

/** The budget of a report: a Google API round trip through Site Kit, and a month of rows. */
export const SITE_INSIGHTS_LIMITS: HostServiceLimits = { timeoutMs: 15_000, maxBytes: 1024 * 1024 };

/**
 * Site Kit as a declared service: 15 s and 1 MiB by default. Without a host callback the widgets
 * answer as Yoast does when Site Kit is not set up (400, `… is not available yet`); a throw is
 * Yoast's failed request with no status (500, a fixed reason, never the thrown text), a time-out
 * a 504 failed request, and an answer over the cap Yoast's unexpected response (400). Its double
 * answers the recorded report by module and dimensions (`when: {module, dimensions?}`), Search Console's
 * rows cut to the query's `limit`; a query nothing recorded gets an empty report.
 */
export const siteInsightsService: ServiceDeclaration<SiteInsights, InsightsFailure> = {
  namespace: 'seo-b',
  service: 'site-insights',
  option: 'siteInsights',
  limits: SITE_INSIGHTS_LIMITS,
  failures: {
    unconfigured: () => ({ kind: 'unavailable' }),
    threw: () => ({ kind: 'failed', status: 500, reason: 'Site Kit could not get the data.' }),
    timeout: () => ({ kind: 'failed', status: 504, reason: 'Site Kit did not answer in time.' }),
    'too-large': () => ({ kind: 'unexpected' }),
  },
  double: (recorded) => ({
    async report(query, signal) {
      const { answer, filler } = await recordedAnswer(recorded, 'seo-b/site-insights', query as unknown as JsonObject, signal);
      // Search Console answers at most `limit` rows (its `rowLimit`), whatever was recorded.
      const rows =
        Array.isArray(answer) && query.module === 'search-console' && query.limit !== undefined ? answer.slice(0, query.limit) : answer;
      const report = (rows ?? emptyReport(query)) as JsonValue;
      return (filler === '' ? report : { filler, report }) as unknown as SiteInsightsAnswer;
    },
  }),
};

/** What Site Kit answers a query with no data: no Search Console rows, or a report without rows. */
function emptyReport(query: SiteInsightsQuery): SiteInsightsAnswer {
  if (query.module === 'search-console') return [];
  return {
    dimensionHeaders: (query.dimensions ?? ['dateRange']).map((name) => ({ name })),
    metricHeaders: query.metrics.map((name) => ({ name, type: 'TYPE_INTEGER' })),
    rows: [],
  };
}

/** The host's limits for `siteInsights`, checked at mount. */
export function siteInsightsLimits(given: Partial<HostServiceLimits> | undefined): HostServiceLimits {
  return serviceLimits('seoB siteInsightsLimits', given, SITE_INSIGHTS_LIMITS);
}
