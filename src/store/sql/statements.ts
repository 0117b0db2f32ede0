import { StoreError } from '../errors.js';
import { pageBounds } from '../query.js';
import type { JsonValue } from '../types.js';
import { checkText, copyJson, lookupId } from '../values.js';
import type { SqlQueryable } from './client.js';

/** The pieces every table of the SQL store builds its statements from. */

/** Column lists as SQL, quoted (`ID` is upper case). */
export const columnList = (columns: readonly string[], table = ''): string => columns.map((column) => `${table}"${column}"`).join(', ');

const TEXT_ORDER_COLUMNS = new Set([
  'post_date',
  'post_modified',
  'post_name',
  'post_title',
  'user_login',
  'user_nicename',
  'user_email',
  'user_registered',
  'display_name',
]);

/**
 * A text column as WordPress's `utf8mb4_unicode_ci` compares it, ignoring case: lower-cased by ICU's
 * root locale, which lowers as JavaScript's `toLowerCase` (and so the memory store) does (`İ`, a final
 * `Σ`), where the server's own `lower()` follows its LC_CTYPE (none but ASCII under `C`).
 */
const folded = (column: string): string => `lower(${column} COLLATE "und-x-icu")`;

/** `post_title` as posts are sorted by it. */
const TITLE_ORDER_KEY = folded('post_title');

/** An ORDER BY term; text columns compare by code point, as the memory store compares them, whatever the server's collation. */
export function orderTerm(column: string, direction: 'ASC' | 'DESC'): string {
  const key = column === 'post_title' ? TITLE_ORDER_KEY : `"${column}"`;
  return `${key}${TEXT_ORDER_COLUMNS.has(column) ? ' COLLATE "C"' : ''} ${direction}`;
}

/** Collects parameters, answering each one's `$n`. */
export function parameters(): { add: (value: unknown) => string; values: unknown[] } {
  const values: unknown[] = [];
  return {
    values,
    add: (value) => {
      values.push(value);
      return `$${values.length}`;
    },
  };
}

/** A query's WHERE (whose parameters are the first `whereParams`) and ORDER BY, with their parameters. */
export interface QuerySql {
  where: string;
  whereParams: number;
  order: string;
  params: ReturnType<typeof parameters>;
}

/** A value as the JSON text a column keeps. */
export const toJson = (value: unknown, what: string): string => JSON.stringify(copyJson(value, what));
/** A column's JSON text as a value. */
export const fromJson = (text: unknown): JsonValue => JSON.parse(String(text)) as JsonValue;

/** Ids of a query or a call, checked. */
export function ids(list: readonly number[] | undefined, what: string): number[] {
  return (list ?? []).map((id) => lookupId(id, what));
}

/** Texts of a query or a call, checked. */
export function texts(list: readonly string[] | undefined, what: string): string[] {
  return (list ?? []).map((text) => checkText(text, what));
}

/**
 * One page of a query and the count of all its matches, in one statement (a window count; a
 * second statement counts only when the page is empty). `extra` adds columns computed for the
 * page's rows only.
 */
export async function page<Row extends object>(
  via: SqlQueryable,
  from: string,
  select: string,
  sql: QuerySql,
  bounds: { offset?: number; limit?: number },
  extra = '',
) {
  const { offset, limit } = pageBounds(bounds);
  const { where, whereParams, order, params } = sql;
  const whereValues = params.values.slice(0, whereParams);
  const limitParam = params.add(Number.isFinite(limit) ? limit : null);
  const rows = await via.query<Row & { __total: number }>(
    `SELECT found.*${extra} FROM (SELECT ${select}, count(*) OVER ()::int AS __total FROM ${from} WHERE ${where}
         ORDER BY ${order} LIMIT ${limitParam} OFFSET ${params.add(offset)}) found`,
    params.values,
  );
  if (rows.length === 0) {
    const total = await via.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, whereValues);
    return { rows, total: total[0]?.n ?? 0 };
  }
  return { rows, total: rows[0]?.__total ?? 0 };
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): error is { constraint?: string; message: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * Runs a write on `q` that a unique index may refuse, answering the refusal as a `conflict` named by
 * `what` (given the index's name). The write runs under a savepoint: it always runs in a
 * transaction, and a caller's transaction that catches the conflict must be able to go on.
 */
export async function uniqueWrite<T>(q: SqlQueryable, work: () => Promise<T>, what: (constraint: string) => string): Promise<T> {
  await q.query('SAVEPOINT site_rest_unique');
  try {
    const result = await work();
    await q.query('RELEASE SAVEPOINT site_rest_unique');
    return result;
  } catch (error) {
    await q.query('ROLLBACK TO SAVEPOINT site_rest_unique');
    if (isUniqueViolation(error)) throw new StoreError('conflict', what(error.constraint ?? ''));
    throw error;
  }
}

/**
 * The text every candidate `firstFreeSlug` may try for `slug` starts with: the slug itself, or for
 * a slug long enough to be cut (candidates stay within 200 characters), the part no cut reaches.
 */
export function slugStem(slug: string): string {
  if (slug.length <= 187) return slug;
  let stem = slug.slice(0, 185);
  while (stem.endsWith('-') || stem.endsWith('%')) stem = stem.slice(0, -1);
  return stem;
}
