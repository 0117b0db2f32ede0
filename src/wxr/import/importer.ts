// A WXR file into the site store, as WordPress's importer (`WP_Import`) writes it: authors as
// users, terms of every taxonomy, then every item as a post of its type with its meta and terms,
// ids kept where free and every reference remapped, in one transaction so a file that fails
// halfway leaves the store as it was. The file is read as a stream (`reader.ts`); what is kept in
// memory is the id maps and the references waiting for a post later in the file.
import { phpUnserialize } from '../../core/php/unserialize.js';
import { sanitizeTitle } from '../../core/schema/sanitize-title.js';
import { setSticky } from '../../namespaces/core-posts/site-store.js';
import type { JsonValue, PostRow, SiteStore, StoreTables } from '../../store/types.js';
import { mediaTypeOf } from './media-types.js';
import { readWxr, type WxrReadOptions } from './reader.js';
import type { WxrAuthor, WxrPost, WxrTerm } from './records.js';

/** The option an import writes: when the store last took a WXR file, and from which site. `site-rest serve` adds no demo content to such a store. */
export const WXR_IMPORTED_OPTION = 'site_rest_wxr_imported';

/** What an import did with one kind of record. */
export interface WxrKindCounts {
  /** Written into the store. */
  imported: number;
  /** Found in the store already (a user by login, a term by taxonomy and slug, a post by title, type and date), so not written again. */
  present: number;
  /** Written under another id than the file's, its references changed to match. */
  remapped: number;
}

/** What an import did: counts by kind, and what the store does not hold, named and counted. */
export interface WxrImportSummary {
  /** Authors, as users. */
  users: WxrKindCounts;
  /** Terms of every taxonomy. */
  terms: WxrKindCounts;
  /** Posts of every type (attachments and menu items too). */
  posts: WxrKindCounts;
  /** What was left out, by what it is (`comments`…), with how many. */
  leftOut: Record<string, number>;
}

/** Progress of an import, after each record. */
export interface WxrImportProgress {
  /** Records (authors, terms, items) read so far. */
  records: number;
  /** Items read so far. */
  posts: number;
}

/** A WXR file's bytes or text in chunks: a Node `ReadStream`, a web `ReadableStream`, a list of strings. */
export type WxrSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** Options of {@link importWxr}. */
export interface WxrImportOptions extends WxrReadOptions {
  /** Called after each record read. */
  onProgress?: (progress: WxrImportProgress) => void;
}

/** A meta value holding another post's (or, for a menu item of a taxonomy, a term's) id on the exporting site. */
interface PendingReference {
  post: number;
  key: string;
  target: number;
  kind: 'post' | 'term';
}

const NO_DATE = '0000-00-00 00:00:00';
const MYSQL_DATE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
/** Statuses whose GMT date stays empty until published (`wp_insert_post`). */
const UNDATED_STATUSES = new Set(['draft', 'pending', 'auto-draft']);

const counts = (): WxrKindCounts => ({ imported: 0, present: 0, remapped: 0 });
const mysqlNow = (): string => new Date().toISOString().slice(0, 19).replace('T', ' ');
const shiftedDate = (date: string, seconds: number): string =>
  new Date(Date.parse(`${date.replace(' ', 'T')}Z`) + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * `_wp_attached_file` of an attachment not downloaded, which WordPress's importer writes once the
 * file is in the uploads folder: the URL's path below `uploads/` (or, as WordPress.com serves its
 * files, below the host), where the file would be.
 */
function attachedFile(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : url;
  const uploads = path.lastIndexOf('/uploads/');
  return uploads >= 0 ? path.slice(uploads + '/uploads/'.length) : path.replace(/^\/+/, '');
}

/** One import's state: the maps from the file's ids to the store's, and what waits for the end. */
function importer(tx: StoreTables, summary: WxrImportSummary) {
  const users = new Map<string, number>();
  const usersByFileId = new Map<number, number>();
  const posts = new Map<number, number>();
  const termsByFileId = new Map<number, number>();
  const termsBySlug = new Map<string, number>();
  /** Terms this import has counted, once each: a category is written twice in a WordPress export, as `wp:category` and as `wp:term`. */
  const countedTerms = new Set<number>();
  const orphans: Array<{ post: number; parent: number; modified: Pick<PostRow, 'post_modified' | 'post_modified_gmt'> }> = [];
  const termOrphans: Array<{ term: number; taxonomy: string; parent: string }> = [];
  const references: PendingReference[] = [];
  const sticky: number[] = [];

  const leaveOut = (what: string, count = 1) => {
    if (count > 0) summary.leftOut[what] = (summary.leftOut[what] ?? 0) + count;
  };

  async function termId(taxonomy: string, slug: string): Promise<number | undefined> {
    const key = `${taxonomy}\u0000${slug}`;
    const known = termsBySlug.get(key);
    if (known !== undefined) return known;
    const row = await tx.terms.getBySlug(taxonomy, slug);
    if (row) termsBySlug.set(key, row.term_id);
    return row?.term_id;
  }

  async function addAuthor(author: WxrAuthor): Promise<void> {
    if (author.login === '') return leaveOut('authors without a login');
    const existing = await tx.users.getBy('user_login', author.login);
    if (existing) {
      summary.users.present += 1;
      users.set(author.login, existing.ID);
      if (author.id) usersByFileId.set(author.id, existing.ID);
      return;
    }
    // WordPress refuses a second account on one address; the author's posts go to its owner.
    const owner = author.email === '' ? null : await tx.users.getBy('user_email', author.email);
    if (owner) {
      summary.users.present += 1;
      users.set(author.login, owner.ID);
      return;
    }
    let nicename = sanitizeTitle(author.login) || author.login;
    for (let n = 2; await tx.users.getBy('user_nicename', nicename); n += 1) nicename = `${sanitizeTitle(author.login)}-${n}`;
    const role = await tx.options.get('default_role');
    const user = await tx.users.insert({
      user_login: author.login,
      user_nicename: nicename,
      user_email: author.email,
      display_name: author.displayName || author.login,
      user_pass: '',
      roles: [typeof role === 'string' && role !== '' ? role : 'subscriber'],
    });
    if (author.firstName !== '') await tx.userMeta.add(user.ID, 'first_name', author.firstName);
    if (author.lastName !== '') await tx.userMeta.add(user.ID, 'last_name', author.lastName);
    summary.users.imported += 1;
    users.set(author.login, user.ID);
    if (author.id) usersByFileId.set(author.id, user.ID);
  }

  async function addTerm(term: WxrTerm): Promise<void> {
    if (term.taxonomy === '' || term.slug === '') return leaveOut('terms without a taxonomy or slug');
    const existing = await termId(term.taxonomy, term.slug);
    if (existing !== undefined) {
      if (!countedTerms.has(existing)) summary.terms.present += 1;
      countedTerms.add(existing);
      if (term.id) termsByFileId.set(term.id, existing);
      return;
    }
    const parent = term.parent === '' ? 0 : ((await termId(term.taxonomy, term.parent)) ?? 0);
    const row = await tx.terms.insert({
      taxonomy: term.taxonomy,
      slug: term.slug,
      name: term.name || term.slug,
      description: term.description,
      parent,
    });
    if (term.parent !== '' && parent === 0) termOrphans.push({ term: row.term_id, taxonomy: term.taxonomy, parent: term.parent });
    termsBySlug.set(`${term.taxonomy}\u0000${term.slug}`, row.term_id);
    countedTerms.add(row.term_id);
    if (term.id) termsByFileId.set(term.id, row.term_id);
    summary.terms.imported += 1;
    if (term.id && term.id !== row.term_id) summary.terms.remapped += 1;
    for (const meta of term.meta) await tx.termMeta.add(row.term_id, meta.key, phpUnserialize(meta.value) as JsonValue);
  }

  /** `post_exists`: a post of the type with the title and local date; its id. */
  async function existingPost(post: WxrPost, type: string, date: string): Promise<number | undefined> {
    const page = await tx.posts.query({
      type: [type],
      dates: [{ column: 'post_date', after: shiftedDate(date, -1), before: shiftedDate(date, 1) }],
    });
    // Menu items have no title and share dates: WordPress's importer never matches them; their guid tells them apart.
    const menuItem = type === 'nav_menu_item';
    return page.posts.find((row) => row.post_title === post.title && (!menuItem || row.guid === post.guid))?.ID;
  }

  /** The id a post's meta value refers to, now or once the file has been read. */
  function reference(post: number, key: string, value: string, kind: 'post' | 'term'): string {
    const target = Number.parseInt(value, 10);
    if (!(target > 0)) return value;
    const known = (kind === 'post' ? posts : termsByFileId).get(target);
    if (known !== undefined) return String(known);
    references.push({ post, key, target, kind });
    return value;
  }

  async function addMeta(post: WxrPost, id: number): Promise<void> {
    const menuItemType = post.meta.find((meta) => meta.key === '_menu_item_type')?.value;
    for (const { key, value } of post.meta) {
      let stored: JsonValue;
      if (key === '_edit_last') {
        const user = usersByFileId.get(Number.parseInt(value, 10));
        // WordPress's importer drops it when the user is not one of the file's authors.
        if (user === undefined) continue;
        stored = String(user);
      } else if (key === '_thumbnail_id' || key === '_menu_item_menu_item_parent') stored = reference(id, key, value, 'post');
      // A custom link's object is the menu item itself, as `wp_update_nav_menu_item` writes it.
      else if (key === '_menu_item_object_id' && (menuItemType === 'post_type' || menuItemType === 'custom' || menuItemType === 'taxonomy'))
        stored = reference(id, key, value, menuItemType === 'taxonomy' ? 'term' : 'post');
      else stored = phpUnserialize(value) as JsonValue;
      await tx.postMeta.add(id, key, stored);
    }
  }

  async function addPostTerms(post: WxrPost, id: number): Promise<void> {
    const byTaxonomy = new Map<string, number[]>();
    for (const term of post.terms) {
      if (term.taxonomy === '' || term.slug === '') continue;
      let found = await termId(term.taxonomy, term.slug);
      if (found === undefined) {
        await addTerm({ id: 0, taxonomy: term.taxonomy, slug: term.slug, name: term.name, parent: '', description: '', meta: [] });
        found = await termId(term.taxonomy, term.slug);
      }
      const list = byTaxonomy.get(term.taxonomy) ?? [];
      if (found !== undefined && !list.includes(found)) list.push(found);
      byTaxonomy.set(term.taxonomy, list);
    }
    for (const [taxonomy, ids] of byTaxonomy) await tx.terms.setObjectTerms(id, taxonomy, ids);
  }

  async function addPost(post: WxrPost): Promise<void> {
    // WordPress's importer reads an id once: a file may repeat an item (the Theme Unit Test's menus do).
    if (post.id && posts.has(post.id)) return leaveOut('items repeated in the file');
    leaveOut('comments', post.comments);
    const type = post.type || 'post';
    const status = post.status || 'draft';
    const date = MYSQL_DATE.test(post.date) && post.date !== NO_DATE ? post.date : mysqlNow();
    const present = await existingPost(post, type, date);
    if (present !== undefined) {
      summary.posts.present += 1;
      if (post.id) posts.set(post.id, present);
      return;
    }
    const gmtGiven = MYSQL_DATE.test(post.dateGmt) && post.dateGmt !== NO_DATE;
    const dateGmt = gmtGiven ? post.dateGmt : UNDATED_STATUSES.has(status) ? NO_DATE : date;
    const modified = MYSQL_DATE.test(post.modified) ? post.modified : date;
    const modifiedGmt = MYSQL_DATE.test(post.modifiedGmt) ? post.modifiedGmt : gmtGiven ? dateGmt : date;
    const parent = post.parent > 0 ? posts.get(post.parent) : 0;
    const free = post.id > 0 && (await tx.posts.get(post.id)) === null;
    const name = post.name !== '' || UNDATED_STATUSES.has(status) ? post.name : sanitizeTitle(post.title);
    const attachment = type === 'attachment';
    const row: PostRow = await tx.posts.insert({
      ...(free ? { ID: post.id } : {}),
      post_author: users.get(post.creator) ?? 0,
      post_date: date,
      post_date_gmt: dateGmt,
      post_modified: modified,
      post_modified_gmt: modifiedGmt,
      post_content: post.content,
      post_title: post.title,
      post_excerpt: post.excerpt,
      post_status: status,
      comment_status: post.commentStatus === 'closed' ? 'closed' : 'open',
      ping_status: post.pingStatus === 'closed' ? 'closed' : 'open',
      post_password: post.password,
      post_name: name,
      post_parent: parent ?? 0,
      guid: attachment ? post.attachmentUrl || post.guid : post.guid,
      menu_order: post.menuOrder,
      post_type: type,
      post_mime_type: attachment ? mediaTypeOf(post.attachmentUrl || post.guid) : '',
    });
    if (post.id) posts.set(post.id, row.ID);
    if (parent === undefined) {
      orphans.push({
        post: row.ID,
        parent: post.parent,
        modified: { post_modified: row.post_modified, post_modified_gmt: row.post_modified_gmt },
      });
    }
    summary.posts.imported += 1;
    if (post.id && row.ID !== post.id) summary.posts.remapped += 1;
    await addMeta(post, row.ID);
    if (attachment && post.attachmentUrl !== '' && !post.meta.some((meta) => meta.key === '_wp_attached_file'))
      await tx.postMeta.add(row.ID, '_wp_attached_file', attachedFile(post.attachmentUrl));
    await addPostTerms(post, row.ID);
    if (post.sticky) sticky.push(row.ID);
  }

  /** What waited for the end of the file: parents and references to posts and terms later in it. */
  async function finish(): Promise<void> {
    for (const { post, parent, modified } of orphans) {
      const found = posts.get(parent);
      // A parent not in the file leaves the post at the top, as `backfill_parents` does; setting one
      // keeps the post's dates, as its direct `$wpdb->update` does.
      if (found !== undefined) await tx.posts.update(post, { post_parent: found, ...modified });
    }
    for (const { term, taxonomy, parent } of termOrphans) {
      const found = await termId(taxonomy, parent);
      if (found !== undefined) await tx.terms.update(term, { parent: found });
    }
    for (const { post, key, target, kind } of references) {
      const found = (kind === 'post' ? posts : termsByFileId).get(target);
      if (found !== undefined && found !== target) await tx.postMeta.update(post, key, String(found), String(target));
    }
    if (sticky.length > 0) await setSticky(tx, sticky, true);
  }

  return { addAuthor, addTerm, addPost, finish };
}

/**
 * Imports a WXR 1.0–1.2 file (WordPress's Tools → Export, `wp export`) into the store: authors as
 * users without a password, terms of every taxonomy, and posts of every type and status with
 * their meta, terms, sticky flags, passwords and dates; attachments keep their original URL. The
 * file's ids are kept where free, else the post gets a new one and every reference to it
 * follows. A post already in the store (same title, type and date, as WordPress's importer
 * matches), a term (taxonomy and slug) or a user (login) is not written again, so a second import
 * adds nothing. All in one transaction: a file that fails to read, anywhere, leaves the store as
 * it was and throws a `wxr_invalid` RestError naming the line.
 */
export async function importWxr(store: SiteStore, source: WxrSource, options: WxrImportOptions = {}): Promise<WxrImportSummary> {
  const summary: WxrImportSummary = { users: counts(), terms: counts(), posts: counts(), leftOut: {} };
  const progress: WxrImportProgress = { records: 0, posts: 0 };
  await store.transaction(async (tx) => {
    const run = importer(tx, summary);
    for await (const record of readWxr(source, options)) {
      if (record.kind === 'author') await run.addAuthor(record.author);
      else if (record.kind === 'term') await run.addTerm(record.term);
      else {
        await run.addPost(record.post);
        progress.posts += 1;
      }
      progress.records += 1;
      options.onProgress?.(progress);
    }
    await run.finish();
    await tx.options.set(WXR_IMPORTED_OPTION, mysqlNow(), false);
  });
  return summary;
}
