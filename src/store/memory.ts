import { setOwn } from '../core/own-property.js';
import { StoreError } from './errors.js';
import { compareCodePoints, pageBounds, postQueryPlan, stickyIds, userQueryPlan } from './memory-query.js';
import { checkPostChanges, checkTermChanges, checkUserChanges, mysqlDate, newPost, newTerm, newUser } from './rows.js';
import { firstFreeSlug, slugIsChecked, slugScope } from './slug.js';
import type {
  CountersTable,
  JsonValue,
  MetaRow,
  MetaTable,
  ObjectTerm,
  OptionsTable,
  PostPage,
  PostRow,
  PostsTable,
  RevisionSummary,
  SiteStore,
  SlugFor,
  StoreTables,
  TermRow,
  TermsTable,
  TransientsTable,
  UserRow,
  UsersTable,
} from './types.js';
import { withUsersVersion } from './users-version.js';
import { checkInteger, checkName, checkText, copyJson, jsonEqual, lookupId } from './values.js';
import { checkOptions, fn, optionsObject, type OptionsShape } from '../core/options.js';

/** Options of the memory store. */
export interface MemoryStoreOptions {
  /** The clock, in milliseconds since the epoch (transient expiry, default dates); default `Date.now`. */
  now?: () => number;
}

const memoryStoreOptions = optionsObject({ now: fn('→ milliseconds').optional() } satisfies OptionsShape<MemoryStoreOptions>);

interface OptionEntry {
  value: JsonValue;
  autoload: boolean;
}

interface CounterEntry {
  value: number;
  /** Expiry in ms since the epoch; 0 for never. */
  expires: number;
}

interface TransientEntry {
  value: JsonValue;
  /** Expiry in ms since the epoch; 0 for never. */
  expires: number;
}

/** Runs tasks one at a time, in call order, whether each resolves or throws. */
function serial(): <T>(task: () => T | Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const result = tail.then(task);
    tail = result.catch(() => undefined);
    return result;
  };
}

const closedError = (): StoreError => new StoreError('closed', 'The store is closed.');

/** Expiring entries of one map written since its last purge, and how many the next purge waits for. */
interface PurgeState {
  expiring: number;
  at: number;
}

const newPurgeState = (): PurgeState => ({ expiring: 0, at: 64 });

/**
 * A site store in process memory: no I/O, nothing kept across restarts. Every call runs alone, in
 * call order, and a transaction holds the store until it ends, so `update` and `increment` lose
 * nothing under concurrency; a failed transaction is undone from a journal of the writes it made.
 * Values are copied in and out, and every map is keyed by client text without an object prototype.
 */
export function memoryStore(options: MemoryStoreOptions = {}): SiteStore {
  checkOptions(memoryStoreOptions, options, 'memoryStore');
  const now = options.now ?? Date.now;
  const optionsMap = new Map<string, OptionEntry>();
  const transients = new Map<string, TransientEntry>();
  const posts = new Map<number, PostRow>();
  const users = new Map<number, UserRow>();
  const terms = new Map<number, TermRow>();
  const relationships = new Map<number, readonly number[]>();
  const counters = new Map<string, CounterEntry>();
  /** Expiring counters and transients written since each map's last purge, and how many the next purge waits for. */
  const purges = { counters: newPurgeState(), transients: newPurgeState() };
  const sequences = new Map<string, number>();
  const postMetaRows = new Map<number, readonly MetaRow[]>();
  const userMetaRows = new Map<number, readonly MetaRow[]>();
  const termMetaRows = new Map<number, readonly MetaRow[]>();

  let journal: (() => void)[] | null = null;
  let closed = false;
  const queue = serial();
  /** Writes of the users and their meta so far, undoings too: the store's users version (`withUsersVersion`). */
  let usersWrites = 0;

  /** Counts a write to `key` of a users map, and remembers how to undo it while a transaction is open. */
  function record<K, V>(map: Map<K, V>, key: K): void {
    const ofUsers = map === users || map === userMetaRows;
    if (ofUsers) usersWrites++;
    if (journal === null) return;
    const had = map.has(key);
    const old = map.get(key);
    journal.push(() => {
      if (ofUsers) usersWrites++;
      if (had) map.set(key, old as V);
      else map.delete(key);
    });
  }
  function put<K, V>(map: Map<K, V>, key: K, value: V): void {
    record(map, key);
    map.set(key, value);
  }
  function remove<K, V>(map: Map<K, V>, key: K): boolean {
    if (!map.has(key)) return false;
    record(map, key);
    map.delete(key);
    return true;
  }
  function nextId(sequence: string): number {
    const id = (sequences.get(sequence) ?? 0) + 1;
    put(sequences, sequence, id);
    return id;
  }
  /** A post id asked for, as `import_id`: refused when taken; the sequence moves past it. */
  function wantedPostId(id: number): number {
    checkInteger(id, 'post id');
    if (id === 0) return nextId('posts');
    if (posts.has(id)) throw new StoreError('conflict', `Post ${id} already exists.`);
    if (id > (sequences.get('posts') ?? 0)) put(sequences, 'posts', id);
    return id;
  }
  const stickyOption = (): number[] => stickyIds(optionsMap.get('sticky_posts')?.value);

  /** Each post's revisions, in one pass over the posts. */
  function revisionsOf(ids: readonly number[]): Map<number, RevisionSummary> {
    const found = new Map<number, RevisionSummary & { date: string }>(ids.map((id) => [id, { count: 0, latest: 0, date: '' }]));
    for (const post of posts.values()) {
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

  const copyUser = (user: UserRow): UserRow => ({ ...user, roles: [...user.roles] });

  function uniqueSlug(slug: string, post: SlugFor): string {
    checkText(slug, 'slug');
    if (!slugIsChecked(post)) return slug;
    const scope = slugScope(post.post_type);
    const taken = new Set<string>();
    for (const other of posts.values()) {
      if (other.ID !== post.ID && (scope === 'all' || other.post_type === post.post_type)) taken.add(other.post_name);
    }
    return firstFreeSlug(slug, taken, true);
  }

  function withUniqueSlug(post: PostRow): PostRow {
    return post.post_name === '' ? post : { ...post, post_name: uniqueSlug(post.post_name, post) };
  }

  function termsOf(objectId: number): readonly number[] {
    return relationships.get(objectId) ?? [];
  }

  function countTerm(termId: number, by: number): void {
    const term = terms.get(termId);
    if (term) put(terms, termId, { ...term, count: term.count + by });
  }

  function setRelationships(objectId: number, next: readonly number[]): void {
    const before = new Set(termsOf(objectId));
    const after = new Set(next);
    for (const id of before) if (!after.has(id)) countTerm(id, -1);
    for (const id of after) if (!before.has(id)) countTerm(id, 1);
    if (next.length === 0) remove(relationships, objectId);
    else put(relationships, objectId, next);
  }

  function checkUnique(user: UserRow): void {
    for (const other of users.values()) {
      if (other.ID === user.ID) continue;
      if (other.user_login === user.user_login) throw new StoreError('conflict', 'That login is already taken.');
      if (other.user_nicename === user.user_nicename) throw new StoreError('conflict', 'That nicename is already taken.');
      if (user.user_email !== '' && other.user_email === user.user_email) throw new StoreError('conflict', 'That email is already taken.');
    }
  }

  function termSlugsTaken(taxonomy: string, exceptId: number): Set<string> {
    const taken = new Set<string>();
    for (const term of terms.values()) if (term.taxonomy === taxonomy && term.term_id !== exceptId) taken.add(term.slug);
    return taken;
  }

  /** A meta table over one map of rows per object. */
  function metaTable(rowsOf: Map<number, readonly MetaRow[]>, sequence: string, run: Run): MetaTable & { removeObject(id: number): void } {
    const rows = (objectId: number): readonly MetaRow[] => rowsOf.get(objectId) ?? [];
    const store = (objectId: number, next: readonly MetaRow[]): void => {
      if (next.length === 0) remove(rowsOf, objectId);
      else put(rowsOf, objectId, next);
    };
    const addRow = (objectId: number, key: string, value: JsonValue): number => {
      const id = nextId(sequence);
      store(objectId, [...rows(objectId), { meta_id: id, object_id: objectId, meta_key: key, meta_value: value }]);
      return id;
    };
    return {
      add: (objectId, key, value, unique = false) =>
        run(() => {
          checkInteger(objectId, 'meta object id');
          checkName(key, 'meta_key');
          const copy = copyJson(value, 'meta_value');
          if (unique && rows(objectId).some((row) => row.meta_key === key)) return null;
          return addRow(objectId, key, copy);
        }),
      get: (objectId, key) =>
        run(() => {
          checkInteger(objectId, 'meta object id');
          checkName(key, 'meta_key');
          return rows(objectId).flatMap((row) => (row.meta_key === key ? [copyJson(row.meta_value, 'meta_value')] : []));
        }),
      getMany: (objectIds, keys) =>
        run(() => {
          const wanted = keys === undefined ? undefined : new Set(keys.map((key) => checkName(key, 'meta_key')));
          const result = new Map<number, Record<string, JsonValue[]>>();
          for (const objectId of objectIds) {
            checkInteger(objectId, 'meta object id');
            const byKey: Record<string, JsonValue[]> = Object.create(null) as Record<string, JsonValue[]>;
            for (const row of rows(objectId)) {
              if (wanted && !wanted.has(row.meta_key)) continue;
              const values = Object.prototype.hasOwnProperty.call(byKey, row.meta_key) ? byKey[row.meta_key] : undefined;
              if (values) values.push(copyJson(row.meta_value, 'meta_value'));
              else setOwn(byKey, row.meta_key, [copyJson(row.meta_value, 'meta_value')]);
            }
            result.set(objectId, byKey);
          }
          return result;
        }),
      update: (objectId, key, value, previous) =>
        run(() => {
          checkInteger(objectId, 'meta object id');
          checkName(key, 'meta_key');
          const copy = copyJson(value, 'meta_value');
          const prev = previous === undefined ? undefined : copyJson(previous, 'previous meta_value');
          const current = rows(objectId);
          if (!current.some((row) => row.meta_key === key)) {
            addRow(objectId, key, copy);
            return 1;
          }
          let written = 0;
          const next = current.map((row) => {
            if (row.meta_key !== key || (prev !== undefined && !jsonEqual(row.meta_value, prev))) return row;
            written++;
            return { ...row, meta_value: copy };
          });
          if (written > 0) store(objectId, next);
          return written;
        }),
      delete: (objectId, key, value) =>
        run(() => {
          checkInteger(objectId, 'meta object id');
          checkName(key, 'meta_key');
          const match = value === undefined ? undefined : copyJson(value, 'meta_value');
          const current = rows(objectId);
          const next = current.filter((row) => row.meta_key !== key || (match !== undefined && !jsonEqual(row.meta_value, match)));
          if (next.length !== current.length) store(objectId, next);
          return current.length - next.length;
        }),
      removeObject: (objectId) => {
        remove(rowsOf, objectId);
      },
    };
  }

  type Run = <T>(op: () => T) => Promise<T>;

  function tables(run: Run): StoreTables {
    const postMeta = metaTable(postMetaRows, 'postmeta', run);
    const userMeta = metaTable(userMetaRows, 'usermeta', run);
    const termMeta = metaTable(termMetaRows, 'termmeta', run);

    const optionsTable: OptionsTable = {
      get: (name) =>
        run(() => {
          const entry = optionsMap.get(checkName(name, 'option name'));
          return entry === undefined ? undefined : copyJson(entry.value, 'option value');
        }),
      set: (name, value, autoload) =>
        run(() => {
          checkName(name, 'option name');
          const copy = copyJson(value, 'option value');
          put(optionsMap, name, { value: copy, autoload: autoload ?? optionsMap.get(name)?.autoload ?? true });
        }),
      add: (name, value, autoload = true) =>
        run(() => {
          checkName(name, 'option name');
          const copy = copyJson(value, 'option value');
          if (optionsMap.has(name)) return false;
          put(optionsMap, name, { value: copy, autoload });
          return true;
        }),
      update: (name, fn) =>
        run(() => {
          checkName(name, 'option name');
          const entry = optionsMap.get(name);
          const next = copyJson(fn(entry === undefined ? undefined : copyJson(entry.value, 'option value')), 'option value');
          put(optionsMap, name, { value: next, autoload: entry?.autoload ?? true });
          return copyJson(next, 'option value');
        }),
      delete: (name) => run(() => remove(optionsMap, checkName(name, 'option name'))),
      autoloaded: () =>
        run(() => {
          const all: Record<string, JsonValue> = Object.create(null) as Record<string, JsonValue>;
          for (const [name, entry] of optionsMap) if (entry.autoload) setOwn(all, name, copyJson(entry.value, 'option value'));
          return all;
        }),
    };

    /**
     * Counts one more expiring entry of `map`; when as many have come as the last purge kept (at
     * least 64), drops the expired ones, so purging costs O(1) per write and expired counters and
     * transients never pile up.
     */
    const notePurge = (map: Map<string, { expires: number }>, state: PurgeState): void => {
      if (++state.expiring < state.at) return;
      const at = now();
      state.expiring = 0;
      for (const [name, entry] of map) {
        if (entry.expires === 0) continue;
        if (entry.expires <= at) remove(map, name);
        else state.expiring++;
      }
      state.at = Math.max(64, state.expiring * 2);
    };

    const live = (name: string): TransientEntry | undefined => {
      const entry = transients.get(checkName(name, 'transient name'));
      return entry !== undefined && (entry.expires === 0 || entry.expires > now()) ? entry : undefined;
    };
    const transientsTable: TransientsTable = {
      get: (name) =>
        run(() => {
          const entry = live(name);
          return entry === undefined ? undefined : copyJson(entry.value, 'transient value');
        }),
      set: (name, value, ttlSeconds) =>
        run(() => {
          checkName(name, 'transient name');
          const copy = copyJson(value, 'transient value');
          const ttl = checkInteger(ttlSeconds, 'transient lifetime');
          if (ttl !== 0) notePurge(transients, purges.transients);
          put(transients, name, { value: copy, expires: ttl === 0 ? 0 : now() + ttl * 1000 });
        }),
      delete: (name) =>
        run(() => {
          const wasLive = live(name) !== undefined;
          remove(transients, name);
          return wasLive;
        }),
    };

    const postsTable: PostsTable = {
      insert: ({ ID, ...post }) =>
        run(() => {
          const row = newPost(post, 0, now());
          const stored = withUniqueSlug({ ...row, ID: ID === undefined ? nextId('posts') : wantedPostId(ID) });
          put(posts, stored.ID, stored);
          return { ...stored };
        }),
      update: (id, changes) =>
        run(() => {
          const given = checkPostChanges(changes);
          const current = posts.get(lookupId(id, 'post id'));
          if (current === undefined) return null;
          const modified = now();
          const stored = withUniqueSlug({
            ...current,
            post_modified: mysqlDate(modified),
            post_modified_gmt: mysqlDate(modified),
            ...given,
          });
          put(posts, id, stored);
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
          if (!remove(posts, lookupId(id, 'post id'))) return false;
          postMeta.removeObject(id);
          setRelationships(id, []);
          return true;
        }),
      query: (query) =>
        run(() => {
          const plan = postQueryPlan(query, { termsOf, sticky: stickyOption });
          const { offset, limit } = pageBounds(query);
          // Only the listed posts can match an `include` query: a single post's read looks up its id.
          const candidates = query.include?.length ? [...new Set(query.include)].flatMap((id) => posts.get(id) ?? []) : [...posts.values()];
          const matching = candidates.filter(plan.matches).sort(plan.compare);
          const found: PostPage = { posts: matching.slice(offset, offset + limit).map((post) => ({ ...post })), total: matching.length };
          if (query.with?.sticky) found.sticky = stickyOption();
          if (query.with?.revisions) found.revisions = revisionsOf(found.posts.map((post) => post.ID));
          return found;
        }),
      uniqueSlug: (slug, post) => run(() => uniqueSlug(slug, post)),
    };

    const usersTable: UsersTable = {
      insert: (user) =>
        run(() => {
          const row = { ...newUser(user, 0, now()), ID: nextId('users') };
          checkUnique(row);
          put(users, row.ID, row);
          return copyUser(row);
        }),
      update: (id, changes) =>
        run(() => {
          const given = checkUserChanges(changes);
          const current = users.get(lookupId(id, 'user id'));
          if (current === undefined) return null;
          const row = { ...current, ...given };
          checkUnique(row);
          put(users, id, row);
          return copyUser(row);
        }),
      get: (id) =>
        run(() => {
          const user = users.get(lookupId(id, 'user id'));
          return user === undefined ? null : copyUser(user);
        }),
      getBy: (field, value) =>
        run(() => {
          checkText(value, field);
          if (value === '') return null;
          const caseless = field !== 'user_nicename';
          const wanted = caseless ? value.toLowerCase() : value;
          for (const user of users.values()) if ((caseless ? user[field].toLowerCase() : user[field]) === wanted) return copyUser(user);
          return null;
        }),
      delete: (id) =>
        run(() => {
          if (!remove(users, lookupId(id, 'user id'))) return false;
          userMeta.removeObject(id);
          return true;
        }),
      query: (query) =>
        run(() => {
          const plan = userQueryPlan(query);
          const { offset, limit } = pageBounds(query);
          const matching = [...users.values()].filter(plan.matches).sort(plan.compare);
          return { users: matching.slice(offset, offset + limit).map(copyUser), total: matching.length };
        }),
    };

    const termsTable: TermsTable = {
      insert: (term) =>
        run(() => {
          const row = newTerm(term, 0);
          const stored = { ...row, term_id: nextId('terms'), slug: firstFreeSlug(row.slug, termSlugsTaken(row.taxonomy, 0), false) };
          put(terms, stored.term_id, stored);
          return { ...stored };
        }),
      update: (id, changes) =>
        run(() => {
          const given = checkTermChanges(changes);
          const current = terms.get(lookupId(id, 'term id'));
          if (current === undefined) return null;
          const row = { ...current, ...given };
          if (termSlugsTaken(row.taxonomy, id).has(row.slug))
            throw new StoreError('conflict', 'That slug is already taken in the taxonomy.');
          put(terms, id, row);
          return { ...row };
        }),
      get: (id) =>
        run(() => {
          const term = terms.get(lookupId(id, 'term id'));
          return term === undefined ? null : { ...term };
        }),
      getBySlug: (taxonomy, slug) =>
        run(() => {
          checkText(taxonomy, 'taxonomy');
          checkText(slug, 'slug');
          for (const term of terms.values()) if (term.taxonomy === taxonomy && term.slug === slug) return { ...term };
          return null;
        }),
      list: (taxonomy) =>
        run(() => {
          checkText(taxonomy, 'taxonomy');
          return [...terms.values()]
            .filter((term) => term.taxonomy === taxonomy)
            .sort((a, b) => compareCodePoints(a.name, b.name) || a.term_id - b.term_id)
            .map((term) => ({ ...term }));
        }),
      delete: (id) =>
        run(() => {
          const term = terms.get(lookupId(id, 'term id'));
          if (term === undefined) return false;
          for (const [objectId, termIds] of [...relationships]) {
            if (termIds.includes(id))
              setRelationships(
                objectId,
                termIds.filter((other) => other !== id),
              );
          }
          // wp_delete_term hands the term's children to its parent.
          for (const child of [...terms.values()]) if (child.parent === id) put(terms, child.term_id, { ...child, parent: term.parent });
          remove(terms, id);
          termMeta.removeObject(id);
          return true;
        }),
      setObjectTerms: (objectId, taxonomy, termIds) =>
        run(() => {
          checkInteger(objectId, 'object id');
          checkText(taxonomy, 'taxonomy');
          const wanted = [...new Set(termIds.map((id) => checkInteger(id, 'term id')))];
          for (const id of wanted) {
            if (terms.get(id)?.taxonomy !== taxonomy) throw new StoreError('invalid_value', `Term ${id} is not a term of ${taxonomy}.`);
          }
          const others = termsOf(objectId).filter((id) => terms.get(id)?.taxonomy !== taxonomy);
          setRelationships(objectId, [...others, ...wanted]);
        }),
      getObjectTerms: (objectIds, taxonomies) =>
        run(() => {
          const wanted = taxonomies === undefined ? undefined : new Set(taxonomies.map((taxonomy) => checkText(taxonomy, 'taxonomy')));
          const found: ObjectTerm[] = [];
          for (const objectId of new Set(objectIds.map((id) => checkInteger(id, 'object id')))) {
            for (const termId of termsOf(objectId)) {
              const term = terms.get(termId);
              if (term && (wanted === undefined || wanted.has(term.taxonomy))) found.push({ object_id: objectId, term: { ...term } });
            }
          }
          return found;
        }),
    };

    const liveCounter = (name: string): CounterEntry | undefined => {
      const entry = counters.get(checkName(name, 'counter name'));
      return entry !== undefined && (entry.expires === 0 || entry.expires > now()) ? entry : undefined;
    };
    const countersTable: CountersTable = {
      increment: (name, by = 1, options = {}) =>
        run(() => {
          checkName(name, 'counter name');
          const step = checkInteger(by, 'increment', true);
          const ttl = checkInteger(options.ttlSeconds ?? 0, 'counter lifetime');
          const current = liveCounter(name);
          const value = checkInteger((current?.value ?? 0) + step, `counter ${name}`, true);
          const expires = current !== undefined ? current.expires : ttl === 0 ? 0 : now() + ttl * 1000;
          if (expires !== 0 && current === undefined) notePurge(counters, purges.counters);
          put(counters, name, { value, expires });
          return value;
        }),
      get: (name) => run(() => liveCounter(name)?.value ?? 0),
      delete: (name) =>
        run(() => {
          const wasLive = liveCounter(name) !== undefined;
          remove(counters, name);
          return wasLive;
        }),
    };

    return {
      options: optionsTable,
      transients: transientsTable,
      posts: postsTable,
      postMeta,
      users: usersTable,
      userMeta,
      terms: termsTable,
      termMeta,
      counters: countersTable,
    };
  }

  const outside = tables((op) =>
    queue(() => {
      if (closed) throw closedError();
      return op();
    }),
  );

  const store: SiteStore = {
    ...outside,
    transaction: (fn) =>
      queue(async () => {
        if (closed) throw closedError();
        let active = true;
        const tx = tables((op) =>
          Promise.resolve().then(() => {
            if (!active) throw new StoreError('closed', 'The transaction has ended.');
            return op();
          }),
        );
        const undo: (() => void)[] = [];
        journal = undo;
        try {
          return await fn(tx);
        } catch (error) {
          for (let i = undo.length - 1; i >= 0; i--) undo[i]?.();
          throw error;
        } finally {
          active = false;
          journal = null;
        }
      }),
    close: () =>
      queue(() => {
        closed = true;
        // Nothing read before is vouched for once the store answers no call.
        usersWrites++;
      }),
  };
  return withUsersVersion(store, () => usersWrites);
}
