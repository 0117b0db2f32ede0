import { setOwn } from '../core/own-property.js';
import { StoreError } from './errors.js';
import { likeMatches, likePattern } from './like.js';
import { pageBounds, stickyIds } from './memory-query.js';
import { checkPostChanges, checkTermChanges, checkUserChanges, mysqlDate, newPost, newTerm, newUser } from './rows.js';
import { firstFreeSlug, slugIsChecked, slugScope } from './slug.js';
import type { SqlClient, SqlQueryable } from './sql/client.js';
import { migrate } from './sql/migrate.js';
import { readCache } from './sql/read-cache.js';
import { tablePrefix } from './sql/table-prefix.js';
import { withUsersVersion } from './users-version.js';
import type {
  CountersTable,
  JsonValue,
  MetaTable,
  ObjectTerm,
  OptionsTable,
  PostPage,
  PostQuery,
  PostRow,
  PostsTable,
  SiteStore,
  SlugFor,
  StoreTables,
  TermRow,
  TermsTable,
  TransientsTable,
  UserQuery,
  UserRow,
  UsersTable,
} from './types.js';
import { checkDate, checkInteger, checkName, checkText, copyJson, jsonEqual, lookupId } from './values.js';

/** How a SQL store is set up over an open client. */
export interface SqlStoreOptions {
  /** Prefix of every table name; default `wp_`. */
  tablePrefix?: string;
  /** The clock, in ms since the epoch (dates, transient expiry); default `Date.now`. */
  now?: () => number;
  /** Called with each statement's text as it is sent (to count a request's statements). */
  onQuery?: (text: string) => void;
  /**
   * True when this store is its tables' only writer (PGlite's directory lock makes it so): reads of
   * options, posts, post meta, users, user meta and terms are then kept in the process
   * (`sql/read-cache.ts`) and dropped by every write of those tables. A store sharing its database with other processes
   * must leave it off, as it cannot see their writes.
   */
  exclusive?: boolean;
}

/**
 * Runs an operation that must be atomic. `check` refuses bad arguments first, before any I/O, so a
 * refusal is as prompt as the memory store's. Inside a transaction, `body` runs on it; outside, the
 * operation is made again (`redo`) on tables bound to a new transaction, so that every statement
 * of `body` runs on that transaction's connection.
 */
type Atomic = <T>(check: () => unknown, redo: (tables: StoreTables) => Promise<T>, body: () => Promise<T>) => Promise<T>;

/**
 * The tables whose reads an exclusive store caches, with their methods that only read; every
 * other method of theirs writes, and so drops the cache (a method added later counts as a write).
 */
const READ_METHODS: {
  [Name in 'options' | 'posts' | 'postMeta' | 'users' | 'userMeta' | 'terms']: ReadonlyArray<keyof StoreTables[Name]>;
} = {
  options: ['get', 'autoloaded'],
  posts: ['get', 'getMany', 'query', 'uniqueSlug'],
  postMeta: ['get', 'getMany'],
  users: ['get', 'getBy', 'query'],
  userMeta: ['get', 'getMany'],
  terms: ['get', 'getBySlug', 'list', 'getObjectTerms'],
};

/** `tables` with each write of a cached table run between `beginWrite` and the end it answers. */
function marksWrites(tables: StoreTables, beginWrite: () => () => void): StoreTables {
  const marked: Record<string, unknown> = { ...tables };
  for (const [name, reads] of Object.entries(READ_METHODS)) {
    const table: Record<string, (...args: never[]) => Promise<unknown>> = { ...tables[name as keyof typeof READ_METHODS] };
    for (const [method, write] of Object.entries(table)) {
      if ((reads as readonly string[]).includes(method)) continue;
      table[method] = async (...args) => {
        const end = beginWrite();
        try {
          return await write(...args);
        } finally {
          end();
        }
      };
    }
    marked[name] = table;
  }
  return marked as unknown as StoreTables;
}

const POST_COLUMNS = [
  'ID',
  'post_author',
  'post_date',
  'post_date_gmt',
  'post_content',
  'post_title',
  'post_excerpt',
  'post_status',
  'comment_status',
  'ping_status',
  'post_password',
  'post_name',
  'post_modified',
  'post_modified_gmt',
  'post_parent',
  'guid',
  'menu_order',
  'post_type',
  'post_mime_type',
  'comment_count',
] as const satisfies ReadonlyArray<keyof PostRow>;

const USER_COLUMNS = [
  'ID',
  'user_login',
  'user_pass',
  'user_nicename',
  'user_email',
  'user_url',
  'user_registered',
  'display_name',
  'roles',
] as const satisfies ReadonlyArray<keyof UserRow>;

/** Column lists as SQL, quoted (`ID` is upper case). */
const columnList = (columns: readonly string[], table = ''): string => columns.map((column) => `${table}"${column}"`).join(', ');
const POST_SELECT = columnList(POST_COLUMNS, 'p.');
const USER_SELECT = columnList(USER_COLUMNS);

const POST_ORDER_COLUMNS = new Set([
  'ID',
  'post_author',
  'post_date',
  'post_modified',
  'post_parent',
  'post_name',
  'post_title',
  'menu_order',
]);
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
const USER_ORDER_COLUMNS = new Set(['ID', 'user_login', 'user_nicename', 'user_email', 'user_registered', 'display_name']);
const USER_LOOKUP_COLUMNS = new Set(['user_login', 'user_email', 'user_nicename']);
const DATE_COLUMNS = new Set(['post_date', 'post_date_gmt', 'post_modified', 'post_modified_gmt']);

/**
 * Writes with a lifetime (counter increments, transient sets) between two purges of the expired
 * ones: each table stays within what a lifetime adds, at one indexed delete per this many.
 */
const PURGE_EVERY = 64;

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): error is { constraint?: string; message: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * A text column as WordPress's `utf8mb4_unicode_ci` compares it, ignoring case: lower-cased by ICU's
 * root locale, which lowers as JavaScript's `toLowerCase` (and so the memory store) does (`İ`, a final
 * `Σ`), where the server's own `lower()` follows its LC_CTYPE (none but ASCII under `C`).
 */
const folded = (column: string): string => `lower(${column} COLLATE "und-x-icu")`;

/** Rows read a statement while a `nameOrTitleLike` is matched: a page of titles, however many posts a site has. */
const LIKE_SCAN_ROWS = 500;

/** `post_title` as posts are sorted by it. */
const TITLE_ORDER_KEY = folded('post_title');

/** An ORDER BY term; text columns compare by code point, as the memory store compares them, whatever the server's collation. */
function orderTerm(column: string, direction: 'ASC' | 'DESC'): string {
  const key = column === 'post_title' ? TITLE_ORDER_KEY : `"${column}"`;
  return `${key}${TEXT_ORDER_COLUMNS.has(column) ? ' COLLATE "C"' : ''} ${direction}`;
}

/** Collects parameters, answering each one's `$n`. */
function parameters(): { add: (value: unknown) => string; values: unknown[] } {
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
interface QuerySql {
  where: string;
  whereParams: number;
  order: string;
  params: ReturnType<typeof parameters>;
}

const toJson = (value: unknown, what: string): string => JSON.stringify(copyJson(value, what));
const fromJson = (text: unknown): JsonValue => JSON.parse(String(text)) as JsonValue;

function ids(list: readonly number[] | undefined, what: string): number[] {
  return (list ?? []).map((id) => lookupId(id, what));
}

function texts(list: readonly string[] | undefined, what: string): string[] {
  return (list ?? []).map((text) => checkText(text, what));
}

/** The columns a posts query adds for `with`, taken off each row again. */
interface RelatedColumns {
  __total: number;
  __sticky?: string | null;
  __revisions?: number;
  __latest_revision?: number | null;
}

/** A post row without the columns a query added. */
function postOf(row: PostRow & RelatedColumns): PostRow {
  const { __total, __sticky, __revisions, __latest_revision, ...post } = row;
  return post;
}

function words(search: string): string[] {
  return [...new Set(search.split(/\s+/))].filter((word) => word !== '');
}

/**
 * Opens the site store on a PostgreSQL database (embedded or server): migrates the prefix's tables
 * first, then answers the `SiteStore` contract with parameterised SQL. Every transaction, the
 * caller's and those of the operations that read before they write (slugs, `update`, unique meta,
 * term counts), holds one advisory lock of the prefix, so they take turns across every process, as
 * the contract's "serialised with other writes" asks; single-statement writes need no turn.
 */
export async function sqlStore(client: SqlClient, options: SqlStoreOptions = {}): Promise<SiteStore> {
  const p = tablePrefix(options.tablePrefix);
  const now = options.now ?? Date.now;
  await migrate(client, p);
  let closed = false;
  /** Increments with a lifetime since expired counters were last purged. */
  let countersSincePurge = 0;
  /** Sets with a lifetime since expired transients were last purged. */
  let transientsSincePurge = 0;

  /** The tables on `q`; reads of options, posts, post meta, users, user meta and terms go through `cached`. */
  function tables(q: SqlQueryable, atomic: Atomic, cached: SqlQueryable = q): StoreTables {
    /**
     * One page of a query and the count of all its matches, in one statement (a window count; a
     * second statement counts only when the page is empty). `extra` adds columns computed for the
     * page's rows only.
     */
    async function page<Row extends object>(
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

    async function takenPostSlugs(slug: string, post: SlugFor): Promise<Set<string>> {
      const params = parameters();
      const stem = params.add(slugStem(slug));
      const where = [`starts_with(post_name, ${stem})`, `"ID" <> ${params.add(post.ID ?? 0)}`];
      if (slugScope(post.post_type) === 'type') where.push(`post_type = ${params.add(post.post_type)}`);
      const rows = await q.query<{ post_name: string }>(`SELECT post_name FROM ${p}posts WHERE ${where.join(' AND ')}`, params.values);
      return new Set(rows.map((row) => row.post_name));
    }

    async function uniqueSlug(slug: string, post: SlugFor): Promise<string> {
      checkText(slug, 'slug');
      if (!slugIsChecked(post)) return slug;
      return firstFreeSlug(slug, await takenPostSlugs(slug, post), true);
    }

    async function withUniqueSlug(post: PostRow): Promise<PostRow> {
      return post.post_name === '' ? post : { ...post, post_name: await uniqueSlug(post.post_name, post) };
    }

    async function getPost(id: number): Promise<PostRow | null> {
      const [row] = await cached.query<PostRow>(`SELECT ${POST_SELECT} FROM ${p}posts p WHERE "ID" = $1`, [lookupId(id, 'post id')]);
      return row ?? null;
    }

    async function writePost(post: PostRow, insert: boolean, withId = false): Promise<PostRow> {
      const columns = POST_COLUMNS.filter((column) => withId || column !== 'ID');
      const values = columns.map((column) => post[column]);
      const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
      const sql = insert
        ? `INSERT INTO ${p}posts (${columnList(columns)}) VALUES (${placeholders}) RETURNING ${columnList(POST_COLUMNS)}`
        : `UPDATE ${p}posts SET (${columnList(columns)}) = ROW(${placeholders}) WHERE "ID" = $${columns.length + 1} RETURNING ${columnList(POST_COLUMNS)}`;
      const [row] = await q.query<PostRow>(sql, insert ? values : [...values, post.ID]);
      if (row === undefined) throw new StoreError('invalid_value', `Post ${post.ID} vanished while it was written.`);
      return row;
    }

    /** Removes relationships of an object (all, or to one term), keeping the terms' counts. */
    async function unrelate(objectId: number | null, termId: number | null): Promise<void> {
      const params = parameters();
      const where = [
        objectId === null ? 'true' : `object_id = ${params.add(objectId)}`,
        termId === null ? 'true' : `term_taxonomy_id = ${params.add(termId)}`,
      ].join(' AND ');
      await q.query(
        `WITH gone AS (DELETE FROM ${p}term_relationships WHERE ${where} RETURNING term_taxonomy_id)
         UPDATE ${p}term_taxonomy tt SET count = tt.count - g.n
         FROM (SELECT term_taxonomy_id, count(*) AS n FROM gone GROUP BY term_taxonomy_id) g
         WHERE tt.term_taxonomy_id = g.term_taxonomy_id`,
        params.values,
      );
    }

    const posts: PostsTable = {
      insert: ({ ID, ...post }) =>
        atomic(
          () => [newPost(post, 0, now()), ID === undefined || checkInteger(ID, 'post id')],
          (t) => t.posts.insert({ ID, ...post }),
          async () => {
            const row = await withUniqueSlug(newPost(post, 0, now()));
            if (!ID) return writePost(row, true);
            if ((await getPost(ID)) !== null) throw new StoreError('conflict', `Post ${ID} already exists.`);
            const stored = await writePost({ ...row, ID }, true, true);
            // The id sequence moves past a wanted id, so the next post without one never meets it.
            await q.query(`SELECT setval(pg_get_serial_sequence($1, 'ID'), greatest($2::bigint, (SELECT max("ID") FROM ${p}posts)))`, [
              `${p}posts`,
              ID,
            ]);
            return stored;
          },
        ),
      update: (id, changes) =>
        atomic(
          () => [lookupId(id, 'post id'), checkPostChanges(changes)],
          (t) => t.posts.update(id, changes),
          async () => {
            const given = checkPostChanges(changes);
            const current = await getPost(id);
            if (current === null) return null;
            const modified = mysqlDate(now());
            const row = await withUniqueSlug({ ...current, post_modified: modified, post_modified_gmt: modified, ...given });
            return writePost(row, false);
          },
        ),
      get: getPost,
      getMany: async (list) => {
        const wanted = [...new Set(ids(list, 'post id'))];
        if (wanted.length === 0) return [];
        return cached.query<PostRow>(
          `SELECT ${POST_SELECT} FROM ${p}posts p WHERE "ID" = ANY($1::bigint[]) ORDER BY array_position($1::bigint[], "ID")`,
          [wanted],
        );
      },
      delete: (id) =>
        atomic(
          () => lookupId(id, 'post id'),
          (t) => t.posts.delete(id),
          async () => {
            const key = lookupId(id, 'post id');
            await unrelate(key, null);
            const gone = await q.query(`DELETE FROM ${p}posts WHERE "ID" = $1 RETURNING "ID"`, [key]);
            if (gone.length === 0) return false;
            await q.query(`DELETE FROM ${p}postmeta WHERE post_id = $1`, [key]);
            return true;
          },
        ),
      query: async (query) => {
        const related = query.with ?? {};
        const extra =
          (related.sticky ? `, (SELECT option_value FROM ${p}options WHERE md5(option_name) = md5('sticky_posts')) AS __sticky` : '') +
          (related.revisions
            ? `, (SELECT count(*)::int FROM ${p}posts r WHERE r.post_parent = found."ID" AND r.post_type = 'revision') AS __revisions` +
              `, (SELECT r."ID" FROM ${p}posts r WHERE r.post_parent = found."ID" AND r.post_type = 'revision'
                  ORDER BY r.post_date COLLATE "C" DESC, r."ID" DESC LIMIT 1) AS __latest_revision`
            : '');
        const nameOrTitleIds = query.nameOrTitleLike === undefined ? undefined : await nameOrTitleMatches(query, query.nameOrTitleLike);
        const sql = postQuerySql(query, nameOrTitleIds);
        const { rows, total } = await page<PostRow & RelatedColumns>(cached, `${p}posts p`, POST_SELECT, sql, query, extra);
        const found: PostPage = { posts: rows.map(postOf), total };
        if (related.sticky) {
          const option = rows[0] ? rows[0].__sticky : await options.get('sticky_posts');
          found.sticky = stickyIds(typeof option === 'string' ? fromJson(option) : (option ?? null));
        }
        if (related.revisions) {
          found.revisions = new Map(rows.map((row) => [row.ID, { count: row.__revisions ?? 0, latest: row.__latest_revision ?? 0 }]));
        }
        return found;
      },
      uniqueSlug,
    };

    /**
     * The ids of the posts the rest of `query` finds whose slug or title matches `like`: their slugs
     * and titles read by id, a page at a time, and matched by `likeMatches` in one pass each, as the
     * memory store matches. PostgreSQL's own `LIKE` backtracks (a 200-character pattern of `a`s over
     * titles of 10,000 took seconds a request).
     */
    async function nameOrTitleMatches(query: PostQuery, like: string): Promise<number[]> {
      const pattern = likePattern(checkText(like, 'query.nameOrTitleLike'));
      const { where, whereParams, params } = postQuerySql({ ...query, nameOrTitleLike: undefined, orderby: 'ID' });
      const values = params.values.slice(0, whereParams);
      const after = `$${whereParams + 1}`;
      const matched: number[] = [];
      for (let last = 0; ;) {
        const rows = await cached.query<{ ID: number; post_name: string; post_title: string }>(
          `SELECT "ID", post_name, post_title FROM ${p}posts p WHERE ${where} AND "ID" > ${after} ORDER BY "ID" LIMIT ${LIKE_SCAN_ROWS}`,
          [...values, last],
        );
        for (const row of rows) {
          if (likeMatches(pattern, row.post_name) || likeMatches(pattern, row.post_title)) matched.push(row.ID);
        }
        if (rows.length < LIKE_SCAN_ROWS) return matched;
        last = rows[rows.length - 1]!.ID;
      }
    }

    /** `query` as SQL; `nameOrTitleIds` stands for its `nameOrTitleLike`, the posts {@link nameOrTitleMatches} found. */
    function postQuerySql(query: PostQuery, nameOrTitleIds?: readonly number[]): QuerySql {
      const params = parameters();
      const where: string[] = [];
      if (query.type !== 'any') {
        const types = texts(query.type?.length ? query.type : ['post'], 'query.type');
        where.push(`post_type = ANY(${params.add(types)}::text[])`);
      }
      const anyOf = (column: string, list: unknown[], cast: string, negate = false) => {
        if (list.length > 0) where.push(`${negate ? 'NOT ' : ''}"${column}" = ANY(${params.add(list)}::${cast}[])`);
      };
      const statuses = texts(query.status, 'query.status');
      if (query.publishedBy !== undefined && statuses.length > 0) {
        const due = `post_status = 'future' AND post_date_gmt <= ${params.add(checkDate(query.publishedBy, 'query.publishedBy'))}`;
        where.push(`(CASE WHEN ${due} THEN 'publish' ELSE post_status END) = ANY(${params.add(statuses)}::text[])`);
      } else {
        anyOf('post_status', statuses, 'text');
      }
      if (query.sticky !== undefined) {
        where.push(
          `${query.sticky ? '' : 'NOT '}EXISTS (SELECT 1 FROM ${p}options o WHERE md5(o.option_name) = md5('sticky_posts')
           AND jsonb_typeof(o.option_value::jsonb) = 'array' AND o.option_value::jsonb @> to_jsonb(p."ID"))`,
        );
      }
      const include = ids(query.include, 'query.include');
      anyOf('ID', include, 'bigint');
      anyOf('ID', ids(query.exclude, 'query.exclude'), 'bigint', true);
      anyOf('post_author', ids(query.author, 'query.author'), 'bigint');
      anyOf('post_author', ids(query.authorExclude, 'query.authorExclude'), 'bigint', true);
      anyOf('post_parent', ids(query.parent, 'query.parent'), 'bigint');
      anyOf('post_parent', ids(query.parentExclude, 'query.parentExclude'), 'bigint', true);
      const slugs = texts(query.slug, 'query.slug');
      anyOf('post_name', slugs, 'text');
      const mimeTypes = texts(query.mimeType, 'query.mimeType');
      if (mimeTypes.length > 0) {
        where.push(
          `(${mimeTypes
            .map((mime) =>
              mime.includes('/') ? `post_mime_type = ${params.add(mime)}` : `starts_with(post_mime_type, ${params.add(`${mime}/`)})`,
            )
            .join(' OR ')})`,
        );
      }
      if (nameOrTitleIds !== undefined) where.push(`"ID" = ANY(${params.add(nameOrTitleIds)}::bigint[])`);
      if (query.hasPassword !== undefined) where.push(query.hasPassword ? `post_password <> ''` : `post_password = ''`);
      for (const range of query.dates ?? []) {
        if (!DATE_COLUMNS.has(range.column)) throw new StoreError('invalid_value', 'query.dates.column must be a post date column.');
        if (range.after !== undefined) where.push(`${range.column} > ${params.add(checkDate(range.after, 'query.dates.after'))}`);
        if (range.before !== undefined) where.push(`${range.column} < ${params.add(checkDate(range.before, 'query.dates.before'))}`);
      }
      for (const filter of query.terms ?? []) {
        const related = `EXISTS (SELECT 1 FROM ${p}term_relationships tr WHERE tr.object_id = p."ID" AND tr.term_taxonomy_id = ANY(${params.add(ids(filter.terms, 'query.terms'))}::bigint[]))`;
        where.push(filter.exclude === true ? `NOT ${related}` : related);
      }
      const phrase = checkText(query.search ?? '', 'query.search').toLowerCase();
      for (const word of words(phrase)) {
        const w = params.add(word);
        where.push(
          `(strpos(lower(post_title), ${w}) > 0 OR strpos(lower(post_excerpt), ${w}) > 0 OR strpos(lower(post_content), ${w}) > 0)`,
        );
      }

      const whereParams = params.values.length;
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      const orderby = query.orderby ?? 'post_date';
      const byDate = `${orderTerm('post_date', direction)}, "ID" ${direction}`;
      let order: string;
      if (orderby === 'relevance') {
        // WordPress ranks whole-phrase title matches first whatever `order` says; `order` sorts the date within a rank.
        const rank = phrase === '' ? '1' : `CASE WHEN strpos(lower(post_title), ${params.add(phrase)}) > 0 THEN 0 ELSE 1 END`;
        order = `${rank}, ${byDate}`;
      } else if (orderby === 'include') {
        order = `coalesce(array_position(${params.add(include)}::bigint[], "ID"), 0) ${direction}, ${byDate}`;
      } else if (orderby === 'slug_in') {
        order = `coalesce(array_position(${params.add(slugs)}::text[], post_name), 0) ${direction}, ${byDate}`;
      } else if (orderby === 'post_date') {
        order = byDate;
      } else if (POST_ORDER_COLUMNS.has(orderby)) {
        order = `${orderTerm(orderby, direction)}, "ID" ${direction}`;
      } else {
        throw new StoreError('invalid_value', 'query.orderby is not a column posts can be sorted by.');
      }
      // `type: 'any'` and nothing else leaves no condition.
      return { where: where.length > 0 ? where.join(' AND ') : 'TRUE', whereParams, order, params };
    }

    function metaTable(
      name: 'postMeta' | 'userMeta' | 'termMeta',
      table: string,
      idColumn: string,
      owner: string,
      reads: SqlQueryable,
    ): MetaTable {
      const t = `${p}${table}`;
      const rowsOf = (objectId: number, key: string) =>
        reads.query<{ id: number; meta_value: string }>(
          `SELECT ${idColumn} AS id, meta_value FROM ${t} WHERE ${owner} = $1 AND md5(meta_key) = md5($2) AND meta_key = $2 ORDER BY ${idColumn}`,
          [objectId, key],
        );
      const insert = async (objectId: number, key: string, json: string) => {
        const [row] = await q.query<{ id: number }>(
          `INSERT INTO ${t} (${owner}, meta_key, meta_value) VALUES ($1, $2, $3) RETURNING ${idColumn} AS id`,
          [objectId, key, json],
        );
        return row?.id ?? 0;
      };
      return {
        add: (objectId, key, value, unique = false) =>
          atomic(
            () => [checkInteger(objectId, 'meta object id'), checkName(key, 'meta_key'), toJson(value, 'meta_value')],
            (t) => t[name].add(objectId, key, value, unique),
            async () => {
              checkInteger(objectId, 'meta object id');
              checkName(key, 'meta_key');
              const json = toJson(value, 'meta_value');
              if (unique && (await rowsOf(objectId, key)).length > 0) return null;
              return insert(objectId, key, json);
            },
          ),
        get: async (objectId, key) => {
          const rows = await rowsOf(checkInteger(objectId, 'meta object id'), checkName(key, 'meta_key'));
          return rows.map((row) => fromJson(row.meta_value));
        },
        getMany: async (objectIds, keys) => {
          const wanted = [...new Set(ids(objectIds, 'meta object id'))];
          const keyList = keys === undefined ? null : keys.map((key) => checkName(key, 'meta_key'));
          const result = new Map<number, Record<string, JsonValue[]>>();
          for (const id of wanted) result.set(id, Object.create(null) as Record<string, JsonValue[]>);
          if (wanted.length === 0) return result;
          const rows = await reads.query<{ object_id: number; meta_key: string; meta_value: string }>(
            `SELECT ${owner} AS object_id, meta_key, meta_value FROM ${t}
             WHERE ${owner} = ANY($1::bigint[]) AND ($2::text[] IS NULL OR meta_key = ANY($2::text[])) ORDER BY ${idColumn}`,
            [wanted, keyList],
          );
          for (const row of rows) {
            const byKey = result.get(row.object_id);
            if (byKey === undefined) continue;
            const values = Object.prototype.hasOwnProperty.call(byKey, row.meta_key) ? byKey[row.meta_key] : undefined;
            if (values) values.push(fromJson(row.meta_value));
            else setOwn(byKey, row.meta_key, [fromJson(row.meta_value)]);
          }
          return result;
        },
        update: (objectId, key, value, previous) =>
          atomic(
            () => [
              checkInteger(objectId, 'meta object id'),
              checkName(key, 'meta_key'),
              toJson(value, 'meta_value'),
              previous === undefined || copyJson(previous, 'previous meta_value'),
            ],
            (t) => t[name].update(objectId, key, value, previous),
            async () => {
              checkInteger(objectId, 'meta object id');
              checkName(key, 'meta_key');
              const json = toJson(value, 'meta_value');
              const prev = previous === undefined ? undefined : copyJson(previous, 'previous meta_value');
              const rows = await rowsOf(objectId, key);
              if (rows.length === 0) {
                await insert(objectId, key, json);
                return 1;
              }
              const targets = rows.filter((row) => prev === undefined || jsonEqual(fromJson(row.meta_value), prev)).map((row) => row.id);
              if (targets.length === 0) return 0;
              await q.query(`UPDATE ${t} SET meta_value = $1 WHERE ${idColumn} = ANY($2::bigint[])`, [json, targets]);
              return targets.length;
            },
          ),
        delete: (objectId, key, value) =>
          atomic(
            () => [
              checkInteger(objectId, 'meta object id'),
              checkName(key, 'meta_key'),
              value === undefined || copyJson(value, 'meta_value'),
            ],
            (t) => t[name].delete(objectId, key, value),
            async () => {
              checkInteger(objectId, 'meta object id');
              checkName(key, 'meta_key');
              const match = value === undefined ? undefined : copyJson(value, 'meta_value');
              const rows = await rowsOf(objectId, key);
              const targets = rows.filter((row) => match === undefined || jsonEqual(fromJson(row.meta_value), match)).map((row) => row.id);
              if (targets.length === 0) return 0;
              const gone = await q.query(`DELETE FROM ${t} WHERE ${idColumn} = ANY($1::bigint[]) RETURNING ${idColumn}`, [targets]);
              return gone.length;
            },
          ),
      };
    }

    const options: OptionsTable = {
      get: async (name) => {
        const [row] = await cached.query<{ v: string }>(
          `SELECT option_value AS v FROM ${p}options WHERE md5(option_name) = md5($1) AND option_name = $1`,
          [checkName(name, 'option name')],
        );
        return row === undefined ? undefined : fromJson(row.v);
      },
      set: async (name, value, autoload) => {
        checkName(name, 'option name');
        const json = toJson(value, 'option value');
        await q.query(
          `INSERT INTO ${p}options (option_name, option_value, autoload) VALUES ($1, $2, coalesce($3::boolean, true))
           ON CONFLICT (md5(option_name)) DO UPDATE SET option_value = EXCLUDED.option_value, autoload = coalesce($3::boolean, ${p}options.autoload)`,
          [name, json, autoload ?? null],
        );
      },
      add: async (name, value, autoload = true) => {
        checkName(name, 'option name');
        const json = toJson(value, 'option value');
        const added = await q.query(
          `INSERT INTO ${p}options (option_name, option_value, autoload) VALUES ($1, $2, $3) ON CONFLICT (md5(option_name)) DO NOTHING RETURNING option_id`,
          [name, json, autoload],
        );
        return added.length > 0;
      },
      update: (name, fn) =>
        atomic(
          () => checkName(name, 'option name'),
          (t) => t.options.update(name, fn),
          async () => {
            checkName(name, 'option name');
            const [row] = await q.query<{ v: string }>(
              `SELECT option_value AS v FROM ${p}options WHERE md5(option_name) = md5($1) AND option_name = $1`,
              [name],
            );
            const next = copyJson(fn(row === undefined ? undefined : fromJson(row.v)), 'option value');
            await q.query(
              `INSERT INTO ${p}options (option_name, option_value) VALUES ($1, $2)
             ON CONFLICT (md5(option_name)) DO UPDATE SET option_value = EXCLUDED.option_value`,
              [name, JSON.stringify(next)],
            );
            return next;
          },
        ),
      delete: async (name) => {
        const gone = await q.query(`DELETE FROM ${p}options WHERE md5(option_name) = md5($1) AND option_name = $1 RETURNING option_id`, [
          checkName(name, 'option name'),
        ]);
        return gone.length > 0;
      },
      autoloaded: async () => {
        const rows = await cached.query<{ n: string; v: string }>(
          `SELECT option_name AS n, option_value AS v FROM ${p}options WHERE autoload ORDER BY option_id`,
        );
        const all = Object.create(null) as Record<string, JsonValue>;
        for (const row of rows) setOwn(all, row.n, fromJson(row.v));
        return all;
      },
    };

    const transients: TransientsTable = {
      get: async (name) => {
        const [row] = await q.query<{ v: string }>(
          `SELECT transient_value AS v FROM ${p}transients WHERE md5(transient_name) = md5($1) AND transient_name = $1 AND (expires_at IS NULL OR expires_at > $2)`,
          [checkName(name, 'transient name'), now()],
        );
        return row === undefined ? undefined : fromJson(row.v);
      },
      set: async (name, value, ttlSeconds) => {
        checkName(name, 'transient name');
        const json = toJson(value, 'transient value');
        const ttl = checkInteger(ttlSeconds, 'transient lifetime');
        if (ttl > 0 && ++transientsSincePurge >= PURGE_EVERY) {
          transientsSincePurge = 0;
          await q.query(`DELETE FROM ${p}transients WHERE expires_at <= $1`, [now()]);
        }
        await q.query(
          `INSERT INTO ${p}transients (transient_name, transient_value, expires_at) VALUES ($1, $2, $3)
           ON CONFLICT (md5(transient_name)) DO UPDATE SET transient_value = EXCLUDED.transient_value, expires_at = EXCLUDED.expires_at`,
          [name, json, ttl === 0 ? null : now() + ttl * 1000],
        );
      },
      delete: async (name) => {
        const gone = await q.query<{ live: boolean }>(
          `DELETE FROM ${p}transients WHERE md5(transient_name) = md5($1) AND transient_name = $1 RETURNING (expires_at IS NULL OR expires_at > $2) AS live`,
          [checkName(name, 'transient name'), now()],
        );
        return gone[0]?.live === true;
      },
    };

    const users: UsersTable = {
      insert: (user) =>
        atomic(
          () => newUser(user, 0, now()),
          (t) => t.users.insert(user),
          async () => {
            const row = newUser(user, 0, now());
            const columns = USER_COLUMNS.filter((column) => column !== 'ID');
            const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
            return userConflicts(async () => {
              const [stored] = await q.query<UserRow>(
                `INSERT INTO ${p}users (${columnList(columns)}) VALUES (${placeholders}) RETURNING ${USER_SELECT}`,
                columns.map((column) => row[column]),
              );
              return stored as UserRow;
            });
          },
        ),
      update: (id, changes) =>
        atomic(
          () => [lookupId(id, 'user id'), checkUserChanges(changes)],
          (t) => t.users.update(id, changes),
          async () => {
            const given = checkUserChanges(changes);
            const columns = Object.keys(given) as Array<keyof typeof given>;
            if (columns.length === 0) return users.get(id);
            const sets = columns.map((column, i) => `"${column}" = $${i + 2}`).join(', ');
            return userConflicts(async () => {
              const [stored] = await q.query<UserRow>(`UPDATE ${p}users SET ${sets} WHERE "ID" = $1 RETURNING ${USER_SELECT}`, [
                lookupId(id, 'user id'),
                ...columns.map((column) => given[column]),
              ]);
              return stored ?? null;
            });
          },
        ),
      get: async (id) => {
        const [row] = await cached.query<UserRow>(`SELECT ${USER_SELECT} FROM ${p}users WHERE "ID" = $1`, [lookupId(id, 'user id')]);
        return row ?? null;
      },
      getBy: async (field, value) => {
        checkText(value, field);
        if (!USER_LOOKUP_COLUMNS.has(field)) throw new StoreError('invalid_value', 'users.getBy needs a unique column.');
        if (value === '') return null;
        // Login and email compare regardless of case, through the lower-case indexes of migration 2.
        const column = field === 'user_nicename' ? `"${field}"` : `lower("${field}")`;
        const wanted = field === 'user_nicename' ? '$1' : 'lower($1)';
        const [row] = await cached.query<UserRow>(
          `SELECT ${USER_SELECT} FROM ${p}users WHERE md5(${column}) = md5(${wanted}) AND ${column} = ${wanted} ORDER BY "ID" LIMIT 1`,
          [value],
        );
        return row ?? null;
      },
      delete: (id) =>
        atomic(
          () => lookupId(id, 'user id'),
          (t) => t.users.delete(id),
          async () => {
            const gone = await q.query(`DELETE FROM ${p}users WHERE "ID" = $1 RETURNING "ID"`, [lookupId(id, 'user id')]);
            if (gone.length === 0) return false;
            await q.query(`DELETE FROM ${p}usermeta WHERE user_id = $1`, [id]);
            return true;
          },
        ),
      query: async (query) => {
        const { rows, total } = await page<UserRow>(cached, `${p}users`, USER_SELECT, userQuerySql(query), query);
        return { users: rows.map(({ __total, ...user }) => user), total };
      },
    };

    /**
     * Runs a write that a unique index may refuse, answering the refusal as a `conflict` named by
     * `what` (given the index's name). The write runs under a savepoint: it always runs in a
     * transaction, and a caller's transaction that catches the conflict must be able to go on.
     */
    async function uniqueWrite<T>(work: () => Promise<T>, what: (constraint: string) => string): Promise<T> {
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

    const userConflicts = <T>(work: () => Promise<T>): Promise<T> =>
      uniqueWrite(work, (constraint) => {
        const field = constraint.endsWith('email') ? 'email' : constraint.endsWith('nicename') ? 'nicename' : 'login';
        return `That ${field} is already taken.`;
      });

    function userQuerySql(query: UserQuery): QuerySql {
      const params = parameters();
      const where: string[] = ['true'];
      const include = ids(query.include, 'query.include');
      if (include.length > 0) where.push(`"ID" = ANY(${params.add(include)}::bigint[])`);
      const exclude = ids(query.exclude, 'query.exclude');
      if (exclude.length > 0) where.push(`NOT "ID" = ANY(${params.add(exclude)}::bigint[])`);
      const roles = texts(query.roles, 'query.roles');
      if (roles.length > 0) where.push(`roles && ${params.add(roles)}::text[]`);
      const slugs = texts(query.slug, 'query.slug');
      if (slugs.length > 0) where.push(`user_nicename = ANY(${params.add(slugs)}::text[])`);
      const search = checkText(query.search ?? '', 'query.search').toLowerCase();
      if (search !== '') {
        const s = params.add(search);
        where.push(
          `(${['user_login', 'user_nicename', 'user_email', 'user_url', 'display_name'].map((column) => `strpos(lower(${column}), ${s}) > 0`).join(' OR ')})`,
        );
      }
      const whereParams = params.values.length;
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      const orderby = query.orderby ?? 'user_login';
      let order: string;
      if (orderby === 'include')
        order = `coalesce(array_position(${params.add(include)}::bigint[], "ID"), 0) ${direction}, "ID" ${direction}`;
      else if (USER_ORDER_COLUMNS.has(orderby)) order = `${orderTerm(orderby, direction)}, "ID" ${direction}`;
      else throw new StoreError('invalid_value', 'query.orderby is not a column users can be sorted by.');
      return { where: where.join(' AND '), whereParams, order, params };
    }

    const TERM_SELECT = `t.term_id, t.name, t.slug, t.taxonomy, tt.description, tt.parent, tt.count`;
    const TERM_FROM = `${p}terms t JOIN ${p}term_taxonomy tt ON tt.term_id = t.term_id`;

    async function getTerm(id: number): Promise<TermRow | null> {
      const [row] = await cached.query<TermRow>(`SELECT ${TERM_SELECT} FROM ${TERM_FROM} WHERE t.term_id = $1`, [lookupId(id, 'term id')]);
      return row ?? null;
    }

    async function termSlugsTaken(taxonomy: string, slug: string): Promise<Set<string>> {
      const rows = await q.query<{ slug: string }>(`SELECT slug FROM ${p}terms WHERE taxonomy = $1 AND starts_with(slug, $2)`, [
        taxonomy,
        slugStem(slug),
      ]);
      return new Set(rows.map((row) => row.slug));
    }

    const terms: TermsTable = {
      insert: (term) =>
        atomic(
          () => newTerm(term, 0),
          (t) => t.terms.insert(term),
          async () => {
            const row = newTerm(term, 0);
            const slug = firstFreeSlug(row.slug, await termSlugsTaken(row.taxonomy, row.slug), false);
            const [made] = await q.query<{ term_id: number }>(
              `INSERT INTO ${p}terms (name, slug, taxonomy) VALUES ($1, $2, $3) RETURNING term_id`,
              [row.name, slug, row.taxonomy],
            );
            const id = made?.term_id ?? 0;
            await q.query(
              `INSERT INTO ${p}term_taxonomy (term_taxonomy_id, term_id, taxonomy, description, parent) VALUES ($1, $1, $2, $3, $4)`,
              [id, row.taxonomy, row.description, row.parent],
            );
            return { ...row, term_id: id, slug };
          },
        ),
      update: (id, changes) =>
        atomic(
          () => [lookupId(id, 'term id'), checkTermChanges(changes)],
          (t) => t.terms.update(id, changes),
          async () => {
            const given = checkTermChanges(changes);
            const current = await getTerm(id);
            if (current === null) return null;
            const row = { ...current, ...given };
            await uniqueWrite(
              () =>
                q.query(`UPDATE ${p}terms SET name = $2, slug = $3, taxonomy = $4 WHERE term_id = $1`, [
                  id,
                  row.name,
                  row.slug,
                  row.taxonomy,
                ]),
              () => 'That slug is already taken in the taxonomy.',
            );
            await q.query(`UPDATE ${p}term_taxonomy SET taxonomy = $2, description = $3, parent = $4 WHERE term_id = $1`, [
              id,
              row.taxonomy,
              row.description,
              row.parent,
            ]);
            return row;
          },
        ),
      get: getTerm,
      getBySlug: async (taxonomy, slug) => {
        const [row] = await cached.query<TermRow>(
          `SELECT ${TERM_SELECT} FROM ${TERM_FROM} WHERE t.taxonomy = $1 AND md5(t.slug) = md5($2) AND t.slug = $2`,
          [checkText(taxonomy, 'taxonomy'), checkText(slug, 'slug')],
        );
        return row ?? null;
      },
      list: (taxonomy) =>
        cached.query<TermRow>(`SELECT ${TERM_SELECT} FROM ${TERM_FROM} WHERE t.taxonomy = $1 ORDER BY t.name COLLATE "C", t.term_id`, [
          checkText(taxonomy, 'taxonomy'),
        ]),
      delete: (id) =>
        atomic(
          () => lookupId(id, 'term id'),
          (t) => t.terms.delete(id),
          async () => {
            const term = await getTerm(id);
            if (term === null) return false;
            await unrelate(null, id);
            // wp_delete_term hands the term's children to its parent.
            await q.query(`UPDATE ${p}term_taxonomy SET parent = $2 WHERE parent = $1`, [id, term.parent]);
            await q.query(`DELETE FROM ${p}terms WHERE term_id = $1`, [id]);
            await q.query(`DELETE FROM ${p}termmeta WHERE term_id = $1`, [id]);
            return true;
          },
        ),
      setObjectTerms: (objectId, taxonomy, termIds) =>
        atomic(
          () => [checkInteger(objectId, 'object id'), checkText(taxonomy, 'taxonomy'), ids(termIds, 'term id')],
          (t) => t.terms.setObjectTerms(objectId, taxonomy, termIds),
          async () => {
            checkInteger(objectId, 'object id');
            checkText(taxonomy, 'taxonomy');
            const wanted = [...new Set(ids(termIds, 'term id'))];
            const found = await q.query<{ term_id: number }>(
              `SELECT term_id FROM ${p}term_taxonomy WHERE term_id = ANY($1::bigint[]) AND taxonomy = $2`,
              [wanted, taxonomy],
            );
            const valid = new Set(found.map((row) => row.term_id));
            const stray = wanted.find((id) => !valid.has(id));
            if (stray !== undefined) throw new StoreError('invalid_value', `Term ${stray} is not a term of ${taxonomy}.`);
            const current = await q.query<{ id: number; taxonomy: string }>(
              `SELECT tr.term_taxonomy_id AS id, tt.taxonomy FROM ${p}term_relationships tr
             JOIN ${p}term_taxonomy tt ON tt.term_taxonomy_id = tr.term_taxonomy_id
             WHERE tr.object_id = $1 ORDER BY tr.term_order`,
              [objectId],
            );
            const others = current.filter((row) => row.taxonomy !== taxonomy).map((row) => row.id);
            const next = [...others, ...wanted];
            const before = new Set(current.map((row) => row.id));
            const after = new Set(next);
            const removed = [...before].filter((id) => !after.has(id));
            const added = [...after].filter((id) => !before.has(id));
            await q.query(`DELETE FROM ${p}term_relationships WHERE object_id = $1`, [objectId]);
            await q.query(
              `INSERT INTO ${p}term_relationships (object_id, term_taxonomy_id, term_order)
             SELECT $1, id, ord::int - 1 FROM unnest($2::bigint[]) WITH ORDINALITY AS u(id, ord)`,
              [objectId, next],
            );
            await q.query(
              `UPDATE ${p}term_taxonomy SET count = count + CASE WHEN term_taxonomy_id = ANY($1::bigint[]) THEN 1 ELSE -1 END
             WHERE term_taxonomy_id = ANY($1::bigint[]) OR term_taxonomy_id = ANY($2::bigint[])`,
              [added, removed],
            );
          },
        ),
      getObjectTerms: async (objectIds, taxonomies) => {
        const wanted = [...new Set(ids(objectIds, 'object id'))];
        if (wanted.length === 0) return [];
        const taxonomyList = taxonomies === undefined ? null : texts(taxonomies, 'taxonomy');
        const rows = await cached.query<TermRow & { object_id: number }>(
          `SELECT tr.object_id, ${TERM_SELECT} FROM ${p}term_relationships tr
           JOIN ${TERM_FROM} ON tt.term_taxonomy_id = tr.term_taxonomy_id
           WHERE tr.object_id = ANY($1::bigint[]) AND ($2::text[] IS NULL OR tt.taxonomy = ANY($2::text[]))
           ORDER BY array_position($1::bigint[], tr.object_id), tr.term_order`,
          [wanted, taxonomyList],
        );
        return rows.map(({ object_id, ...term }): ObjectTerm => ({ object_id, term }));
      },
    };

    const liveCounter = (at: string, table = ''): string => `(${table}expires_at IS NULL OR ${table}expires_at > ${at})`;
    const counters: CountersTable = {
      increment: (name, by = 1, options = {}) =>
        atomic(
          () => [
            checkName(name, 'counter name'),
            checkInteger(by, 'increment', true),
            checkInteger(options.ttlSeconds ?? 0, 'counter lifetime'),
          ],
          (t) => t.counters.increment(name, by, options),
          async () => {
            checkName(name, 'counter name');
            const step = checkInteger(by, 'increment', true);
            const ttl = checkInteger(options.ttlSeconds ?? 0, 'counter lifetime');
            const at = now();
            if (ttl > 0 && ++countersSincePurge >= PURGE_EVERY) {
              countersSincePurge = 0;
              await q.query(`DELETE FROM ${p}counters WHERE expires_at <= $1`, [at]);
            }
            // An expired counter starts again, with the new window, as an absent one does.
            const [row] = await q.query<{ v: number }>(
              `INSERT INTO ${p}counters AS c (counter_name, counter_value, expires_at) VALUES ($1, $2, $3)
             ON CONFLICT (counter_name) DO UPDATE SET
               counter_value = CASE WHEN ${liveCounter('$4', 'c.')} THEN c.counter_value + EXCLUDED.counter_value ELSE EXCLUDED.counter_value END,
               expires_at = CASE WHEN ${liveCounter('$4', 'c.')} THEN c.expires_at ELSE EXCLUDED.expires_at END
             RETURNING counter_value AS v`,
              [name, step, ttl === 0 ? null : at + ttl * 1000, at],
            );
            return checkInteger(row?.v, `counter ${name}`, true);
          },
        ),
      get: async (name) => {
        const [row] = await q.query<{ v: number }>(
          `SELECT counter_value AS v FROM ${p}counters WHERE counter_name = $1 AND ${liveCounter('$2')}`,
          [checkName(name, 'counter name'), now()],
        );
        return row?.v ?? 0;
      },
      delete: async (name) => {
        const gone = await q.query<{ live: boolean }>(
          `DELETE FROM ${p}counters WHERE counter_name = $1 RETURNING ${liveCounter('$2')} AS live`,
          [checkName(name, 'counter name'), now()],
        );
        return gone[0]?.live === true;
      },
    };

    return {
      options,
      transients,
      posts,
      postMeta: metaTable('postMeta', 'postmeta', 'meta_id', 'post_id', cached),
      users,
      userMeta: metaTable('userMeta', 'usermeta', 'umeta_id', 'user_id', cached),
      terms,
      termMeta: metaTable('termMeta', 'termmeta', 'meta_id', 'term_id', q),
      counters,
    };
  }

  const open = (): void => {
    if (closed) throw new StoreError('closed', 'The store is closed.');
  };

  /**
   * Tables bound to an open transaction; they refuse work once it has ended. Their reads bypass the
   * read cache; their first write of a cached table calls `beginWrite`.
   */
  const inTransaction = (tx: SqlQueryable, beginWrite?: () => () => void): { tables: StoreTables; end: () => void } => {
    let active = true;
    const q: SqlQueryable = {
      query: <Row extends object>(text: string, params?: readonly unknown[]) => {
        if (!active) return Promise.reject(new StoreError('closed', 'The transaction has ended.'));
        options.onQuery?.(text);
        return tx.query<Row>(text, params);
      },
    };
    const bound = tables(q, async (check, _redo, body) => {
      check();
      return body();
    });
    return {
      tables: beginWrite === undefined ? bound : marksWrites(bound, beginWrite),
      end: () => (active = false),
    };
  };

  const outside: SqlQueryable = {
    query: async (text, params) => {
      open();
      options.onQuery?.(text);
      return client.query(text, params);
    },
  };

  const cache = options.exclusive === true ? readCache(outside) : undefined;

  const transaction = async <T>(fn: (tables: StoreTables) => Promise<T>): Promise<T> => {
    open();
    /** Ends the cache's write when the transaction wrote a cached table: after its commit or rollback. */
    let endWrite: (() => void) | undefined;
    const beginWrite =
      cache &&
      (() => {
        endWrite ??= cache.beginWrite();
        return () => undefined;
      });
    try {
      return await client.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${p}store`]);
        const bound = inTransaction(tx, beginWrite);
        try {
          return await fn(bound.tables);
        } finally {
          bound.end();
        }
      });
    } finally {
      endWrite?.();
    }
  };

  const cachedReads: SqlQueryable = cache
    ? {
        query: async (text, params) => {
          open();
          return cache.reads.query(text, params);
        },
      }
    : outside;
  const own = tables(
    outside,
    async (check, redo) => {
      check();
      return transaction(redo);
    },
    cachedReads,
  );

  const store: SiteStore = {
    ...(cache ? marksWrites(own, cache.beginWrite) : own),
    transaction,
    close: async () => {
      if (closed) return;
      closed = true;
      cache?.clear();
      await client.close();
    },
  };
  // Only the database's only writer sees every write of its users; a shared store tells nothing.
  return cache ? withUsersVersion(store, cache.version) : store;
}

/**
 * The text every candidate `firstFreeSlug` may try for `slug` starts with: the slug itself, or for
 * a slug long enough to be cut (candidates stay within 200 characters), the part no cut reaches.
 */
function slugStem(slug: string): string {
  if (slug.length <= 187) return slug;
  let stem = slug.slice(0, 185);
  while (stem.endsWith('-') || stem.endsWith('%')) stem = stem.slice(0, -1);
  return stem;
}
