import { StoreError } from '../errors.js';
import { POST_DATE_COLUMNS, words } from '../query.js';
import type { PostQuery, UserQuery } from '../types.js';
import { checkDate, checkText } from '../values.js';
import { ids, orderTerm, parameters, texts, type QuerySql } from './statements.js';

/** Posts and users queries as SQL: a WHERE with its parameters and an ORDER BY, for `page`. */

const POST_ORDER_COLUMNS = new Set([
  'ID',
  'post_author',
  'post_date',
  'post_modified',
  'post_parent',
  'post_name',
  'post_title',
  'menu_order',
  'comment_count',
]);
const USER_ORDER_COLUMNS = new Set(['ID', 'user_login', 'user_nicename', 'user_email', 'user_registered', 'display_name']);

/** `query` as SQL on the prefix `p`'s tables; `nameOrTitleIds` stands for its `nameOrTitleLike`, the posts `nameOrTitleMatches` found. */
export function postQuerySql(p: string, query: PostQuery, nameOrTitleIds?: readonly number[]): QuerySql {
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
    if (!POST_DATE_COLUMNS.has(range.column)) throw new StoreError('invalid_value', 'query.dates.column must be a post date column.');
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
    where.push(`(strpos(lower(post_title), ${w}) > 0 OR strpos(lower(post_excerpt), ${w}) > 0 OR strpos(lower(post_content), ${w}) > 0)`);
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

/** A users `query` as SQL. */
export function userQuerySql(query: UserQuery): QuerySql {
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
  if (orderby === 'include') order = `coalesce(array_position(${params.add(include)}::bigint[], "ID"), 0) ${direction}, "ID" ${direction}`;
  else if (USER_ORDER_COLUMNS.has(orderby)) order = `${orderTerm(orderby, direction)}, "ID" ${direction}`;
  else throw new StoreError('invalid_value', 'query.orderby is not a column users can be sorted by.');
  return { where: where.join(' AND '), whereParams, order, params };
}
