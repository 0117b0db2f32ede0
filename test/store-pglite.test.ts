// The SiteStore contract on embedded PGlite: one database directory for each run, a fresh table
// prefix (so a fresh, empty store) for each test; run again with the read cache an exclusive store
// keeps. Then the cache of `pgliteStore` itself: a read after any write sees it, a repeated read
// sends no statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteStore, StoreTables } from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { describeSqlStoreContract, pgliteDatabase } from './helpers/sql-backends.js';

describe('uncached', () => {
  describeSqlStoreContract('sqlStore on PGlite', pgliteDatabase());
});

describe('exclusive, with the read cache', () => {
  describeSqlStoreContract('sqlStore on PGlite, exclusive', pgliteDatabase(), { exclusive: true });
});

describe('the read cache of pgliteStore', () => {
  let store: SiteStore;
  const statements: string[] = [];
  /** Statements `work` sent. */
  const sent = async (work: () => Promise<unknown>): Promise<number> => {
    const before = statements.length;
    await work();
    return statements.length - before;
  };

  beforeAll(async () => {
    store = await pgliteStore({ onQuery: (text) => statements.push(text) });
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });

  let serial = 0;
  /** A published post of its own, with a category, a tag and a meta value. */
  async function freshPost(): Promise<{ id: number; category: number; tag: number }> {
    serial += 1;
    const post = await store.posts.insert({ post_title: `Cached ${serial}`, post_name: `cached-${serial}`, post_status: 'publish' });
    const category = await store.terms.insert({ name: `Category ${serial}`, taxonomy: 'category' });
    const tag = await store.terms.insert({ name: `Tag ${serial}`, taxonomy: 'post_tag' });
    await store.terms.setObjectTerms(post.ID, 'category', [category.term_id]);
    await store.terms.setObjectTerms(post.ID, 'post_tag', [tag.term_id]);
    await store.postMeta.add(post.ID, 'colour', 'red');
    return { id: post.ID, category: category.term_id, tag: tag.term_id };
  }

  /**
   * Reads with `read` (so the cache keeps it), checks a second read sends no statement, writes
   * with `write`, then checks the cached read answers what the database does (a transaction's
   * reads bypass the cache) and that the write changed it.
   */
  async function seesWrite(read: (tables: StoreTables) => Promise<unknown>, write: () => Promise<unknown>): Promise<void> {
    const before = await read(store);
    expect(await sent(() => read(store))).toBe(0);
    await write();
    const after = await read(store);
    expect(after).toEqual(await store.transaction(read));
    expect(after).not.toEqual(before);
  }

  const pageOf = (ids: number[]) => (tables: StoreTables) => tables.posts.query({ include: ids, with: { sticky: true, revisions: true } });

  it('answers a repeated read of posts, meta, terms and options without a statement', async () => {
    const { id } = await freshPost();
    await store.options.set('cached_option', { on: true });
    const reads: Array<() => Promise<unknown>> = [
      () =>
        store.posts.query({ status: ['publish'], publishedBy: '2030-01-01 00:00:00', limit: 10, with: { sticky: true, revisions: true } }),
      () => store.posts.get(id),
      () => store.posts.getMany([id]),
      () => store.postMeta.get(id, 'colour'),
      () => store.postMeta.getMany([id], ['colour']),
      () => store.terms.getObjectTerms([id], ['category', 'post_tag']),
      () => store.terms.list('category'),
      () => store.options.get('cached_option'),
      () => store.options.autoloaded(),
    ];
    for (const read of reads) {
      const first = await read();
      expect(await sent(read)).toBe(0);
      expect(await read()).toEqual(first);
    }
  });

  it('sees a post inserted, updated and deleted', async () => {
    const { id } = await freshPost();
    let added = 0;
    await seesWrite(
      (tables) => tables.posts.query({ slug: [`cached-${serial}`, `added-${serial}`] }),
      async () => {
        added = (await store.posts.insert({ post_name: `added-${serial}`, post_status: 'publish' })).ID;
      },
    );
    await seesWrite(
      (tables) => tables.posts.get(id),
      () => store.posts.update(id, { post_title: 'Changed' }),
    );
    await seesWrite(
      (tables) => tables.posts.getMany([id, added]),
      () => store.posts.delete(added),
    );
  });

  it('sees post meta added, updated and deleted', async () => {
    const { id } = await freshPost();
    await seesWrite(
      (tables) => tables.postMeta.get(id, 'colour'),
      () => store.postMeta.add(id, 'colour', 'blue'),
    );
    await seesWrite(
      (tables) => tables.postMeta.getMany([id]),
      () => store.postMeta.update(id, 'colour', 'green', 'blue'),
    );
    await seesWrite(
      (tables) => tables.postMeta.get(id, 'colour'),
      () => store.postMeta.delete(id, 'colour', 'red'),
    );
  });

  it('answers a repeated read of users and user meta without a statement, and sees them written', async () => {
    serial += 1;
    const user = await store.users.insert({ user_login: `cached-user-${serial}`, roles: ['editor'] });
    await store.userMeta.add(user.ID, '_application_passwords', [{ uuid: 'a', password: '$generic$x' }]);
    for (const read of [
      () => store.users.get(user.ID),
      () => store.users.getBy('user_login', `CACHED-USER-${serial}`),
      () => store.users.query({ include: [user.ID] }),
      () => store.userMeta.getMany([user.ID], ['_application_passwords']),
    ]) {
      const first = await read();
      expect(await sent(read)).toBe(0);
      expect(await read()).toEqual(first);
    }
    await seesWrite(
      (tables) => tables.users.getBy('user_login', `cached-user-${serial}`),
      () => store.users.update(user.ID, { roles: ['author'] }),
    );
    // A revoked application password is gone from the next read.
    await seesWrite(
      (tables) => tables.userMeta.getMany([user.ID], ['_application_passwords']),
      () => store.userMeta.update(user.ID, '_application_passwords', []),
    );
    await seesWrite(
      (tables) => tables.users.get(user.ID),
      () => store.users.delete(user.ID),
    );
  });

  it('sees terms set on a post, and a term updated or deleted', async () => {
    const { id, category, tag } = await freshPost();
    const terms = (tables: StoreTables) => tables.terms.getObjectTerms([id]);
    const other = await store.terms.insert({ name: `Other ${serial}`, taxonomy: 'category' });
    await seesWrite(terms, () => store.terms.setObjectTerms(id, 'category', [category, other.term_id]));
    await seesWrite(terms, () => store.terms.update(tag, { name: 'Renamed' }));
    await seesWrite(terms, () => store.terms.delete(other.term_id));
  });

  it('sees an option set, and the sticky list a page of posts reads from it', async () => {
    const { id } = await freshPost();
    await seesWrite(
      (tables) => tables.options.get('cached_colour'),
      () => store.options.set('cached_colour', 'teal'),
    );
    await seesWrite(pageOf([id]), () => store.options.update('sticky_posts', () => [id]));
    await seesWrite(
      (tables) => tables.posts.query({ include: [id], sticky: true }),
      () => store.options.delete('sticky_posts'),
    );
  });

  it('sees what a committed transaction wrote, and nothing of one rolled back', async () => {
    const { id } = await freshPost();
    await seesWrite(pageOf([id]), () =>
      store.transaction(async (tx) => {
        await tx.posts.update(id, { post_title: 'In a transaction' });
        await tx.postMeta.add(id, 'colour', 'black');
      }),
    );
    const read = async (tables: StoreTables) => [await tables.posts.get(id), await tables.postMeta.get(id, 'colour')];
    const before = await read(store);
    const failure = new Error('rolled back');
    await expect(
      store.transaction(async (tx) => {
        await tx.posts.update(id, { post_title: 'Never kept' });
        await tx.postMeta.delete(id, 'colour');
        // Read inside, the transaction sees its own writes, which the cache must not keep.
        expect(await read(tx)).toEqual([expect.objectContaining({ post_title: 'Never kept' }), []]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await read(store)).toEqual(before);
    expect(await read(store)).toEqual(await store.transaction(read));
  });

  it('answers copies: changing an answer changes no later answer', async () => {
    const { id } = await freshPost();
    // The first answers are read from the database, the later ones from the cache.
    for (let round = 0; round < 3; round++) {
      const page = await store.posts.query({ include: [id] });
      expect(page.posts[0]!.post_title).toBe(`Cached ${serial}`);
      page.posts[0]!.post_title = 'Mutated';
      const meta = await store.postMeta.getMany([id]);
      expect(meta.get(id)).toEqual({ colour: ['red'] });
      meta.get(id)!.colour!.push('mutated');
    }
    const user = await store.users.insert({ user_login: `copied-${serial}`, roles: ['editor'] });
    for (let round = 0; round < 3; round++) {
      const row = (await store.users.get(user.ID))!;
      expect(row.roles).toEqual(['editor']);
      row.roles.push('administrator');
    }
  });

  it('keys a posts query by its publication instant, so a scheduled post shows once due', async () => {
    const future = await store.posts.insert({
      post_status: 'future',
      post_name: 'scheduled-cached',
      post_date_gmt: '2031-05-01 13:00:00',
      post_date: '2031-05-01 13:00:00',
    });
    const published = (at: string) => store.posts.query({ include: [future.ID], status: ['publish'], publishedBy: at });
    expect((await published('2031-05-01 12:59:59')).posts).toEqual([]);
    expect((await published('2031-05-01 13:00:00')).posts.map((post) => post.ID)).toEqual([future.ID]);
  });

  it('reads transients and counters from the database every time', async () => {
    await store.transients.set('cached_transient', 1, 60);
    await store.counters.increment('cached_counter');
    for (const read of [() => store.transients.get('cached_transient'), () => store.counters.get('cached_counter')]) {
      await read();
      expect(await sent(read)).toBe(1);
    }
  });

  it('keeps at most 500 answers, the least recently used going first, and none bigger than 1 MiB', async () => {
    const name = (n: number) => `cached_lru_${n}`;
    for (let n = 0; n <= 500; n++) await store.options.get(name(n));
    expect(await sent(() => store.options.get(name(500)))).toBe(0);
    expect(await sent(() => store.options.get(name(0)))).toBe(1);
    const big = await store.posts.insert({ post_content: 'x'.repeat(600 * 1024) });
    await store.posts.get(big.ID);
    expect(await sent(() => store.posts.get(big.ID))).toBe(1);
  });

  it('answers nothing once the store is closed, kept answers included', async () => {
    const closing = await pgliteStore();
    await closing.options.set('kept', 1);
    await closing.options.get('kept');
    await closing.close();
    await expect(closing.options.get('kept')).rejects.toMatchObject({ code: 'closed' });
  }, 60_000);
});
