import { StoreError } from './errors.js';
import type { NewPostRow, NewTermRow, NewUserRow, PostRow, TermRow, UserRow } from './types.js';
import { checkDate, checkInteger, checkText } from './values.js';

/**
 * The columns of each table and the defaults WordPress gives them, written once for every backend:
 * a row is checked field by field before any backend stores it, so all refuse the same values.
 */

type Kind = 'text' | 'date' | 'id' | 'int' | 'roles';

const POST_COLUMNS: Record<Exclude<keyof PostRow, 'ID'>, Kind> = {
  post_author: 'id',
  post_date: 'date',
  post_date_gmt: 'date',
  post_content: 'text',
  post_title: 'text',
  post_excerpt: 'text',
  post_status: 'text',
  comment_status: 'text',
  ping_status: 'text',
  post_password: 'text',
  post_name: 'text',
  post_modified: 'date',
  post_modified_gmt: 'date',
  post_parent: 'id',
  guid: 'text',
  menu_order: 'int',
  post_type: 'text',
  post_mime_type: 'text',
  comment_count: 'id',
};

const USER_COLUMNS: Record<Exclude<keyof UserRow, 'ID'>, Kind> = {
  user_login: 'text',
  user_pass: 'text',
  user_nicename: 'text',
  user_email: 'text',
  user_url: 'text',
  user_registered: 'date',
  display_name: 'text',
  roles: 'roles',
};

const TERM_COLUMNS: Record<Exclude<keyof TermRow, 'term_id' | 'count'>, Kind> = {
  name: 'text',
  slug: 'text',
  taxonomy: 'text',
  description: 'text',
  parent: 'id',
};

/** WordPress's "no date", a draft's GMT date until it is published. */
const ZERO_DATE = '0000-00-00 00:00:00';

/** A time as `YYYY-MM-DD HH:MM:SS`, GMT. */
export function mysqlDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The known columns of `fields`, checked; unknown names are an `invalid_value` StoreError. */
function checkColumns<T extends object>(columns: Record<string, Kind>, fields: object, table: string): Partial<T> {
  const checked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const kind = Object.prototype.hasOwnProperty.call(columns, name) ? columns[name] : undefined;
    const what = `${table}.${name}`;
    if (kind === undefined) throw new StoreError('invalid_value', `${table} has no column ${JSON.stringify(name)}.`);
    if (kind === 'text') checked[name] = checkText(value, what);
    else if (kind === 'date') checked[name] = checkDate(value, what);
    else if (kind === 'id') checked[name] = checkInteger(value, what);
    else if (kind === 'int') checked[name] = checkInteger(value, what, true);
    else checked[name] = checkRoles(value, what);
  }
  return checked as Partial<T>;
}

function checkRoles(value: unknown, what: string): string[] {
  if (!Array.isArray(value)) throw new StoreError('invalid_value', `${what} must be a list of role names.`);
  return [...new Set(value.map((role) => checkText(role, what)))];
}

/** Post fields to change, checked. */
export function checkPostChanges(changes: object): Partial<Omit<PostRow, 'ID'>> {
  return checkColumns(POST_COLUMNS, changes, 'posts');
}

/** User fields to change, checked. */
export function checkUserChanges(changes: object): Partial<Omit<UserRow, 'ID'>> {
  return checkColumns(USER_COLUMNS, changes, 'users');
}

/** Term fields to change, checked. */
export function checkTermChanges(changes: object): Partial<Omit<TermRow, 'term_id' | 'count'>> {
  return checkColumns(TERM_COLUMNS, changes, 'terms');
}

const UNDATED_STATUSES = new Set(['draft', 'pending', 'auto-draft']);

/**
 * A new post, checked, with `wp_insert_post`'s defaults (the site clock read as GMT): an undated
 * draft keeps the zero GMT date, and the modification dates start as the publication dates.
 */
export function newPost(post: NewPostRow, id: number, nowMs: number): PostRow {
  const given = checkPostChanges(post);
  const now = mysqlDate(nowMs);
  const status = given.post_status ?? 'draft';
  const postDate = given.post_date ?? (given.post_date_gmt !== undefined && given.post_date_gmt !== ZERO_DATE ? given.post_date_gmt : now);
  const postDateGmt = given.post_date_gmt ?? (UNDATED_STATUSES.has(status) && given.post_date === undefined ? ZERO_DATE : postDate);
  return {
    ID: id,
    post_author: 0,
    post_content: '',
    post_title: '',
    post_excerpt: '',
    comment_status: 'open',
    ping_status: 'open',
    post_password: '',
    post_name: '',
    post_parent: 0,
    guid: '',
    menu_order: 0,
    post_type: 'post',
    post_mime_type: '',
    comment_count: 0,
    ...given,
    post_status: status,
    post_date: postDate,
    post_date_gmt: postDateGmt,
    post_modified: given.post_modified ?? postDate,
    post_modified_gmt: given.post_modified_gmt ?? (postDateGmt === ZERO_DATE ? now : postDateGmt),
  };
}

/** A new user, checked, with WordPress's defaults: nicename the login, display name the login, registered now. */
export function newUser(user: NewUserRow, id: number, nowMs: number): UserRow {
  const given = checkUserChanges(user);
  const login = checkText(user.user_login, 'users.user_login');
  if (login === '') throw new StoreError('invalid_value', 'users.user_login must not be empty.');
  return {
    ID: id,
    user_pass: '',
    user_email: '',
    user_url: '',
    roles: [],
    ...given,
    user_login: login,
    user_nicename: given.user_nicename ?? login,
    display_name: given.display_name ?? login,
    user_registered: given.user_registered ?? mysqlDate(nowMs),
  };
}

/** A new term, checked: the slug defaults to the name; `count` starts at 0. */
export function newTerm(term: NewTermRow, id: number): TermRow {
  const given = checkTermChanges(term);
  const name = checkText(term.name, 'terms.name');
  const taxonomy = checkText(term.taxonomy, 'terms.taxonomy');
  return { term_id: id, description: '', parent: 0, ...given, name, taxonomy, slug: given.slug ?? name, count: 0 };
}
