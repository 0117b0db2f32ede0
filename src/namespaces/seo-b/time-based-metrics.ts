// Yoast's `Time_Based_SEO_Metrics_Route`: the query each dashboard widget asks Site Kit, and the
// answer Yoast makes of Site Kit's data (its search-rankings and traffic repositories, adapters
// and data objects).
import { isPlainObject } from '../../core/own-property.js';
import { toFloat, toInt, toPhpString } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';
import type { Analytics4Query, SearchConsoleQuery, SiteInsightsAnswer, SiteInsightsQuery } from './services.js';

/** A widget's query and the name its repository's `Data_Source_Not_Available_Exception` gives. */
export interface WidgetPlan {
  /** What Site Kit is asked. */
  query: SiteInsightsQuery;
  /** The repository, as Yoast names it in its "not available yet" message. */
  source: string;
  /** For the search ranking comparison: the previous period's last day, where its rows end. */
  compareEnd?: string;
}

const DAY = 86_400_000;

/** `Y-m-d` of the UTC day `days` before `now`. */
function dayBefore(now: number, days: number): string {
  return new Date(now - days * DAY).toISOString().slice(0, 10);
}

/** The last 28 days up to yesterday (`set_date_range_parameters`). */
function range(now: number) {
  return { startDate: dayBefore(now, 28), endDate: dayBefore(now, 1) };
}

/** The 28 days before those (`set_comparison_date_range_parameters`). */
function comparison(now: number) {
  return { compareStartDate: dayBefore(now, 56), compareEndDate: dayBefore(now, 29) };
}

const ORGANIC = { sessionDefaultChannelGrouping: ['Organic Search'] };

/** The plan of a widget by Yoast's name for it, or null for a widget it has no repository for. */
export function widgetPlan(widget: string, limit: number, now: number): WidgetPlan | null {
  const searchConsole = (dimension: string, rows: number): SearchConsoleQuery => ({
    module: 'search-console',
    datapoint: 'searchanalytics',
    ...range(now),
    dimensions: [dimension],
    ...(rows !== 0 ? { limit: rows } : {}),
  });
  const analytics = (extra: Partial<Analytics4Query>): Analytics4Query => ({
    module: 'analytics-4',
    datapoint: 'report',
    ...range(now),
    metrics: ['sessions'],
    dimensionFilters: ORGANIC,
    ...extra,
  });
  switch (widget) {
    case 'query':
      return { query: searchConsole('query', limit), source: 'Top queries repository' };
    case 'page':
      return { query: searchConsole('page', limit), source: 'Top page repository' };
    case 'organicSessionsDaily':
      return {
        query: analytics({ dimensions: ['date'], orderby: [{ dimension: { dimensionName: 'date' } }] }),
        source: 'Daily organic sessions repository',
      };
    case 'organicSessionsCompare':
      return { query: analytics(comparison(now)), source: 'Comparison organic sessions repository' };
    case 'searchRankingCompare': {
      const { compareStartDate, compareEndDate } = comparison(now);
      // One range from the previous period's first day, without a limit, split by day afterwards (`get_comparison_data`).
      return {
        query: { ...searchConsole('date', 0), startDate: compareStartDate },
        compareEnd: compareEndDate,
        source: 'Comparison search ranking repository',
      };
    }
    default:
      return null;
  }
}

/** A Yoast data object's array, or why Site Kit's answer could not be read. */
type Parsed = { ok: true; rows: JsonValue[] } | { ok: false; kind: 'unexpected' } | { ok: false; kind: 'invalid'; reason: string };

/** `Search_Ranking_Data` of a row (PHP's typed constructor casts each figure). */
function rankingOf(row: Record<string, unknown>): { clicks: number; ctr: number; impressions: number; position: number; subject: string } {
  const keys = Array.isArray(row.keys) ? row.keys : [];
  return {
    clicks: toInt(row.clicks),
    ctr: toFloat(row.ctr),
    impressions: toInt(row.impressions),
    position: toFloat(row.position),
    subject: toPhpString(keys[0]),
  };
}

/** Search Console's rows, or null where Site Kit's answer is not a list of rows (`Unexpected_Response_Exception`). */
function searchRows(answer: SiteInsightsAnswer): Record<string, unknown>[] | null {
  if (!Array.isArray(answer)) return null;
  return answer.every((row) => isPlainObject(row)) ? answer : null;
}

/** `Comparison_Search_Ranking_Data::parse_data`: totals, with the averages where there were impressions. */
function totals(rows: ReturnType<typeof rankingOf>[]): JsonValue {
  let clicks = 0;
  let impressions = 0;
  let weighted = 0;
  for (const row of rows) {
    clicks += row.clicks;
    impressions += row.impressions;
    weighted += row.position * row.impressions;
  }
  return impressions !== 0
    ? { total_clicks: clicks, total_impressions: impressions, average_ctr: clicks / impressions, average_position: weighted / impressions }
    : { total_clicks: clicks, total_impressions: impressions };
}

/** GA4's `Traffic_Data` of a row: the sessions (and total users) its metric headers name. */
function trafficOf(headers: readonly unknown[], row: Record<string, unknown>): Record<string, number> {
  const values: unknown[] = Array.isArray(row.metricValues) ? row.metricValues : [];
  const out: Record<string, number> = {};
  headers.forEach((header, at) => {
    const name = isPlainObject(header) ? header.name : undefined;
    const cell = values[at];
    const value = isPlainObject(cell) ? cell.value : undefined;
    if (name === 'sessions') out.sessions = toInt(value);
    else if (name === 'totalUsers') out.total_users = toInt(value);
  });
  return out;
}

/** The first dimension value of a GA4 row. */
function firstDimension(row: Record<string, unknown>): string {
  const values = Array.isArray(row.dimensionValues) ? row.dimensionValues : [];
  return isPlainObject(values[0]) ? toPhpString(values[0].value) : '';
}

/** A GA4 report's rows when its only dimension is `dimension` (`is_daily_request`, `is_comparison_request`). */
function reportRows(
  answer: SiteInsightsAnswer,
  dimension: string,
): Parsed | { ok: true; headers: unknown[]; rows: Record<string, unknown>[] } {
  if (!isPlainObject(answer)) return { ok: false, kind: 'unexpected' };
  const dimensions = Array.isArray(answer.dimensionHeaders) ? answer.dimensionHeaders : [];
  const only = dimensions.length === 1 && isPlainObject(dimensions[0]) ? dimensions[0].name : undefined;
  if (only !== dimension) return { ok: false, kind: 'invalid', reason: 'Unexpected parameters for the request' };
  const rows = Array.isArray(answer.rows) ? answer.rows.filter(isPlainObject) : [];
  return { ok: true, headers: Array.isArray(answer.metricHeaders) ? answer.metricHeaders : [], rows };
}

/** Yoast's answer for a widget from Site Kit's data (before the top pages' SEO scores are added). */
export function parseWidget(widget: string, plan: WidgetPlan, answer: SiteInsightsAnswer): Parsed {
  if (plan.query.module === 'search-console') {
    const rows = searchRows(answer);
    if (!rows) return { ok: false, kind: 'unexpected' };
    const rankings = rows.map(rankingOf);
    if (widget !== 'searchRankingCompare') return { ok: true, rows: rankings };
    const compareEnd = plan.compareEnd ?? plan.query.endDate;
    const previous = rankings.filter((row) => row.subject <= compareEnd);
    const current = rankings.filter((row) => row.subject > compareEnd);
    return { ok: true, rows: [{ current: totals(current), previous: totals(previous) }] };
  }
  if (widget === 'organicSessionsDaily') {
    const report = reportRows(answer, 'date');
    if (!('headers' in report)) return report;
    return { ok: true, rows: report.rows.map((row) => ({ date: firstDimension(row), ...trafficOf(report.headers, row) })) };
  }
  const report = reportRows(answer, 'dateRange');
  if (!('headers' in report)) return report;
  const periods: Record<string, JsonValue> = {};
  for (const row of report.rows) {
    const period = firstDimension(row);
    if (period === 'date_range_0') periods.current = trafficOf(report.headers, row);
    else if (period === 'date_range_1') periods.previous = trafficOf(report.headers, row);
    else return { ok: false, kind: 'invalid', reason: 'Unexpected date range names' };
  }
  if (!periods.current || !periods.previous) return { ok: false, kind: 'unexpected' };
  return { ok: true, rows: [{ current: periods.current, previous: periods.previous }] };
}
