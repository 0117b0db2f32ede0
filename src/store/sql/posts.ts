import { StoreError } from '../errors.js';
import { likeMatches, likePattern } from '../like.js';
import { stickyIds } from '../query.js';
import { checkPostChanges, mysqlDate, newPost } from '../rows.js';
import { firstFreeSlug, slugIsChecked, slugScope } from '../slug.js';
import type { PostPage, PostQuery, PostRow, PostsTable, SlugFor } from '../types.js';
import { checkInteger, checkText, lookupId } from '../values.js';
import type { TableContext } from './context.js';
import { getOption } from './options.js';
import { postQuerySql } from './query.js';
import { columnList, fromJson, ids, page, parameters, slugStem } from './statements.js';
import { unrelate } from './terms.js';

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

const POST_SELECT = columnList(POST_COLUMNS, 'p.');

/** Rows read a statement while a `nameOrTitleLike` is matched: a page of titles, however many posts a site has. */
const LIKE_SCAN_ROWS = 500;

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

async function takenPostSlugs({ p, q }: TableContext, slug: string, post: SlugFor): Promise<Set<string>> {
  const params = parameters();
  const stem = params.add(slugStem(slug));
  const where = [`starts_with(post_name, ${stem})`, `"ID" <> ${params.add(post.ID ?? 0)}`];
  if (slugScope(post.post_type) === 'type') where.push(`post_type = ${params.add(post.post_type)}`);
  const rows = await q.query<{ post_name: string }>(`SELECT post_name FROM ${p}posts WHERE ${where.join(' AND ')}`, params.values);
  return new Set(rows.map((row) => row.post_name));
}

async function uniqueSlug(ctx: TableContext, slug: string, post: SlugFor): Promise<string> {
  checkText(slug, 'slug');
  if (!slugIsChecked(post)) return slug;
  return firstFreeSlug(slug, await takenPostSlugs(ctx, slug, post), true);
}

async function withUniqueSlug(ctx: TableContext, post: PostRow): Promise<PostRow> {
  return post.post_name === '' ? post : { ...post, post_name: await uniqueSlug(ctx, post.post_name, post) };
}

async function getPost({ p, cached }: TableContext, id: number): Promise<PostRow | null> {
  const [row] = await cached.query<PostRow>(`SELECT ${POST_SELECT} FROM ${p}posts p WHERE "ID" = $1`, [lookupId(id, 'post id')]);
  return row ?? null;
}

async function writePost({ p, q }: TableContext, post: PostRow, insert: boolean, withId = false): Promise<PostRow> {
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

/**
 * The ids of the posts the rest of `query` finds whose slug or title matches `like`: their slugs
 * and titles read by id, a page at a time, and matched by `likeMatches` in one pass each, as the
 * memory store matches. PostgreSQL's own `LIKE` backtracks (a 200-character pattern of `a`s over
 * titles of 10,000 took seconds a request).
 */
async function nameOrTitleMatches({ p, cached }: TableContext, query: PostQuery, like: string): Promise<number[]> {
  const pattern = likePattern(checkText(like, 'query.nameOrTitleLike'));
  const { where, whereParams, params } = postQuerySql(p, { ...query, nameOrTitleLike: undefined, orderby: 'ID' });
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

/** The SQL store's posts. */
export function postsTable(ctx: TableContext): PostsTable {
  const { p, q, cached, atomic, now } = ctx;
  return {
    insert: ({ ID, ...post }) =>
      atomic(
        () => [newPost(post, 0, now()), ID === undefined || checkInteger(ID, 'post id')],
        (t) => t.posts.insert({ ID, ...post }),
        async () => {
          const row = await withUniqueSlug(ctx, newPost(post, 0, now()));
          if (!ID) return writePost(ctx, row, true);
          if ((await getPost(ctx, ID)) !== null) throw new StoreError('conflict', `Post ${ID} already exists.`);
          const stored = await writePost(ctx, { ...row, ID }, true, true);
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
          const current = await getPost(ctx, id);
          if (current === null) return null;
          const modified = mysqlDate(now());
          const row = await withUniqueSlug(ctx, { ...current, post_modified: modified, post_modified_gmt: modified, ...given });
          return writePost(ctx, row, false);
        },
      ),
    get: (id) => getPost(ctx, id),
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
          await unrelate(ctx, key, null);
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
      const nameOrTitleIds = query.nameOrTitleLike === undefined ? undefined : await nameOrTitleMatches(ctx, query, query.nameOrTitleLike);
      const sql = postQuerySql(p, query, nameOrTitleIds);
      const { rows, total } = await page<PostRow & RelatedColumns>(cached, `${p}posts p`, POST_SELECT, sql, query, extra);
      const found: PostPage = { posts: rows.map(postOf), total };
      if (related.sticky) {
        const option = rows[0] ? rows[0].__sticky : await getOption(ctx, 'sticky_posts');
        found.sticky = stickyIds(typeof option === 'string' ? fromJson(option) : (option ?? null));
      }
      if (related.revisions) {
        found.revisions = new Map(rows.map((row) => [row.ID, { count: row.__revisions ?? 0, latest: row.__latest_revision ?? 0 }]));
      }
      return found;
    },
    uniqueSlug: (slug, post) => uniqueSlug(ctx, slug, post),
  };
}
