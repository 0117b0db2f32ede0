import { StoreError } from '../errors.js';
import { pageBounds, stickyIds } from '../query.js';
import { checkPostChanges, mysqlDate, newPost } from '../rows.js';
import { firstFreeSlug, slugIsChecked, slugScope } from '../slug.js';
import type { PostPage, PostRow, PostsTable, RevisionSummary, SlugFor } from '../types.js';
import { checkInteger, checkText, lookupId } from '../values.js';
import { postQueryPlan } from './query.js';
import { nextId, put, remove, type MemoryState, type Run } from './state.js';
import { setRelationships, termsOf } from './terms.js';

/** A post id asked for, as `import_id`: refused when taken; the sequence moves past it. */
function wantedPostId(state: MemoryState, id: number): number {
  checkInteger(id, 'post id');
  if (id === 0) return nextId(state, 'posts');
  if (state.posts.has(id)) throw new StoreError('conflict', `Post ${id} already exists.`);
  if (id > (state.sequences.get('posts') ?? 0)) put(state, state.sequences, 'posts', id);
  return id;
}

/** Each post's revisions, in one pass over the posts. */
function revisionsOf(state: MemoryState, ids: readonly number[]): Map<number, RevisionSummary> {
  const found = new Map<number, RevisionSummary & { date: string }>(ids.map((id) => [id, { count: 0, latest: 0, date: '' }]));
  for (const post of state.posts.values()) {
    const summary = post.post_type === 'revision' ? found.get(post.post_parent) : undefined;
    if (summary === undefined) continue;
    summary.count++;
    if (post.post_date > summary.date || (post.post_date === summary.date && post.ID > summary.latest)) {
      summary.latest = post.ID;
      summary.date = post.post_date;
    }
  }
  return new Map([...found].map(([id, { count, latest }]) => [id, { count, latest }]));
}

function uniqueSlug(state: MemoryState, slug: string, post: SlugFor): string {
  checkText(slug, 'slug');
  if (!slugIsChecked(post)) return slug;
  const scope = slugScope(post.post_type);
  const taken = new Set<string>();
  for (const other of state.posts.values()) {
    if (other.ID !== post.ID && (scope === 'all' || other.post_type === post.post_type)) taken.add(other.post_name);
  }
  return firstFreeSlug(slug, taken, true);
}

function withUniqueSlug(state: MemoryState, post: PostRow): PostRow {
  return post.post_name === '' ? post : { ...post, post_name: uniqueSlug(state, post.post_name, post) };
}

/** The memory store's posts. */
export function postsTable(state: MemoryState, run: Run): PostsTable {
  const { posts, now } = state;
  const stickyOption = (): number[] => stickyIds(state.options.get('sticky_posts')?.value);
  const sources = { termsOf: (id: number) => termsOf(state, id), sticky: stickyOption };
  return {
    insert: ({ ID, ...post }) =>
      run(() => {
        const row = newPost(post, 0, now());
        const stored = withUniqueSlug(state, { ...row, ID: ID === undefined ? nextId(state, 'posts') : wantedPostId(state, ID) });
        put(state, posts, stored.ID, stored);
        return { ...stored };
      }),
    update: (id, changes) =>
      run(() => {
        const given = checkPostChanges(changes);
        const current = posts.get(lookupId(id, 'post id'));
        if (current === undefined) return null;
        const modified = now();
        const stored = withUniqueSlug(state, {
          ...current,
          post_modified: mysqlDate(modified),
          post_modified_gmt: mysqlDate(modified),
          ...given,
        });
        put(state, posts, id, stored);
        return { ...stored };
      }),
    get: (id) =>
      run(() => {
        const post = posts.get(lookupId(id, 'post id'));
        return post === undefined ? null : { ...post };
      }),
    getMany: (ids) =>
      run(() =>
        [...new Set(ids.map((id) => lookupId(id, 'post id')))].flatMap((id) => {
          const post = posts.get(id);
          return post === undefined ? [] : [{ ...post }];
        }),
      ),
    delete: (id) =>
      run(() => {
        if (!remove(state, posts, lookupId(id, 'post id'))) return false;
        remove(state, state.postMeta, id);
        setRelationships(state, id, []);
        return true;
      }),
    query: (query) =>
      run(() => {
        const plan = postQueryPlan(query, sources);
        const { offset, limit } = pageBounds(query);
        // Only the listed posts can match an `include` query: a single post's read looks up its id.
        const candidates = query.include?.length ? [...new Set(query.include)].flatMap((id) => posts.get(id) ?? []) : [...posts.values()];
        const matching = candidates.filter(plan.matches).sort(plan.compare);
        const found: PostPage = { posts: matching.slice(offset, offset + limit).map((post) => ({ ...post })), total: matching.length };
        if (query.with?.sticky) found.sticky = stickyOption();
        if (query.with?.revisions)
          found.revisions = revisionsOf(
            state,
            found.posts.map((post) => post.ID),
          );
        return found;
      }),
    uniqueSlug: (slug, post) => run(() => uniqueSlug(state, slug, post)),
  };
}
