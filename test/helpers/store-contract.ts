import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStoreError } from '../../src/index.js';
import type { JsonValue, NewPostRow, SiteStore, StorePostQuery, StoreTables } from '../../src/index.js';

/** What a contract run gives a backend: the clock the store must read (ms since the epoch). */
interface StoreContractOptions {
  now: () => number;
}

const START = Date.UTC(2026, 0, 15, 12, 0, 0);
const START_TEXT = '2026-01-15 12:00:00';

const HOSTILE_TEXTS: Record<string, string> = {
  quotes: `it's "quoted" \`back\` \\ slashed`,
  sql: "'; DROP TABLE x; --",
  emoji: '🎉 naïve café 日本語 \u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
  lone: 'line\nbreak\ttab\r\u2028',
  huge: 'x'.repeat(1024 * 1024),
};

/** A JSON value whose keys try to reach prototypes. */
function protoKeyed(): JsonValue {
  return JSON.parse(
    '{"__proto__": {"polluted": true}, "constructor": {"prototype": 1}, "toString": "x", "nested": [{"__proto__": null}]}',
  ) as JsonValue;
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the store to refuse');
    },
    (error: unknown) => error,
  );
}

/**
 * The contract every `SiteStore` backend must meet: each method, WordPress's rules (slugs,
 * several meta values, counts), concurrency, transactions and hostile values. `makeStore` gets a
 * clock the test moves; each test has a fresh, empty store, closed after it.
 */
export function describeStoreContract(name: string, makeStore: (options: StoreContractOptions) => SiteStore | Promise<SiteStore>): void {
  describe(`SiteStore contract: ${name}`, () => {
    let clock = START;
    let store: SiteStore;

    beforeEach(async () => {
      clock = START;
      store = await makeStore({ now: () => clock });
    });
    afterEach(async () => {
      await store.close();
    });

    const post = (fields: NewPostRow = {}): NewPostRow => ({ post_status: 'publish', post_title: 'A post', ...fields });

    describe('options', () => {
      it('answers undefined for an absent option and keeps null as a value', async () => {
        expect(await store.options.get('missing')).toBeUndefined();
        await store.options.set('nothing', null);
        expect(await store.options.get('nothing')).toBeNull();
      });

      it('round-trips JSON values and replaces them on set', async () => {
        const value = { a: [1, 2.5, -3], b: { c: true, d: null }, e: 'text' };
        await store.options.set('blogname', value);
        expect(await store.options.get('blogname')).toEqual(value);
        await store.options.set('blogname', 'Site');
        expect(await store.options.get('blogname')).toBe('Site');
      });

      it('adds an option only when absent', async () => {
        expect(await store.options.add('once', 1)).toBe(true);
        expect(await store.options.add('once', 2)).toBe(false);
        expect(await store.options.get('once')).toBe(1);
      });

      it('lists autoloaded options only, and keeps the autoload flag when set without one', async () => {
        await store.options.set('loaded', 1);
        await store.options.set('lazy', 2, false);
        await store.options.add('added-lazy', 3, false);
        await store.options.set('lazy', 4);
        expect({ ...(await store.options.autoloaded()) }).toEqual({ loaded: 1 });
      });

      it('deletes an option and says whether there was one', async () => {
        await store.options.set('gone', 'x');
        expect(await store.options.delete('gone')).toBe(true);
        expect(await store.options.delete('gone')).toBe(false);
        expect(await store.options.get('gone')).toBeUndefined();
      });

      it('leaves the option as it was when the update function throws', async () => {
        await store.options.set('kept', 1);
        const failure = new Error('no');
        await expect(
          store.options.update('kept', () => {
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await store.options.get('kept')).toBe(1);
      });

      it('update hands the current value to the function and stores its answer', async () => {
        expect(await store.options.update('list', (current) => [...((current as JsonValue[] | undefined) ?? []), 'a'])).toEqual(['a']);
        expect(await store.options.update('list', (current) => [...(current as JsonValue[]), 'b'])).toEqual(['a', 'b']);
        expect(await store.options.get('list')).toEqual(['a', 'b']);
      });

      it('loses no write when 50 updates run at once', async () => {
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            store.options.update('seen', (current) => [...((current as JsonValue[] | undefined) ?? []), i]),
          ),
        );
        const seen = (await store.options.get('seen')) as number[];
        expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
      });

      it('keeps no reference to values passed in or handed out', async () => {
        const value = { list: [1], inner: { x: 1 } };
        await store.options.set('copy', value);
        value.list.push(2);
        value.inner.x = 2;
        const read = (await store.options.get('copy')) as { list: number[]; inner: { x: number } };
        read.list.push(3);
        read.inner.x = 3;
        expect(await store.options.get('copy')).toEqual({ list: [1], inner: { x: 1 } });
      });
    });

    describe('transients', () => {
      it('answers a transient until its lifetime ends, then never again', async () => {
        await store.transients.set('feed', { items: [1] }, 60);
        clock += 59_000;
        expect(await store.transients.get('feed')).toEqual({ items: [1] });
        clock += 1_000;
        expect(await store.transients.get('feed')).toBeUndefined();
        expect(await store.transients.delete('feed')).toBe(false);
      });

      it('keeps a transient without a lifetime forever and deletes it on demand', async () => {
        await store.transients.set('forever', 'v', 0);
        clock += 10 * 365 * 86_400_000;
        expect(await store.transients.get('forever')).toBe('v');
        expect(await store.transients.delete('forever')).toBe(true);
        expect(await store.transients.get('forever')).toBeUndefined();
      });

      it('gives an expired transient a new life when set again', async () => {
        await store.transients.set('again', 1, 1);
        clock += 5_000;
        await store.transients.set('again', 2, 10);
        expect(await store.transients.get('again')).toBe(2);
      });

      it('refuses a negative or fractional lifetime', async () => {
        expect(isStoreError(await refusal(store.transients.set('bad', 1, -1)), 'invalid_value')).toBe(true);
        expect(isStoreError(await refusal(store.transients.set('bad', 1, 1.5)), 'invalid_value')).toBe(true);
      });
    });

    describe('counters', () => {
      it('ends at exactly 100 after 100 concurrent increments', async () => {
        const answers = await Promise.all(Array.from({ length: 100 }, () => store.counters.increment('hits')));
        expect(await store.counters.get('hits')).toBe(100);
        expect([...answers].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      });

      it('starts at 0, adds any whole amount, and deletes', async () => {
        expect(await store.counters.get('c')).toBe(0);
        expect(await store.counters.increment('c', 5)).toBe(5);
        expect(await store.counters.increment('c', -7)).toBe(-2);
        expect(await store.counters.delete('c')).toBe(true);
        expect(await store.counters.delete('c')).toBe(false);
        expect(await store.counters.get('c')).toBe(0);
      });

      it('starts a counter with a lifetime as a fixed window: later increments keep its expiry, then it reads as 0 and starts again', async () => {
        expect(await store.counters.increment('w', 1, { ttlSeconds: 60 })).toBe(1);
        clock += 30_000;
        expect(await store.counters.increment('w', 2, { ttlSeconds: 60 })).toBe(3);
        expect(await store.counters.increment('w')).toBe(4);
        clock += 29_999;
        expect(await store.counters.get('w')).toBe(4);
        clock += 1;
        expect(await store.counters.get('w')).toBe(0);
        expect(await store.counters.delete('w')).toBe(false);
        expect(await store.counters.increment('w', 1, { ttlSeconds: 10 })).toBe(1);
        clock += 10_000;
        expect(await store.counters.increment('w', 5)).toBe(5);
        clock += 1_000_000;
        expect(await store.counters.get('w')).toBe(5);
      });

      it('purges expired counters, leaving live ones and those without a lifetime', async () => {
        await store.counters.increment('forever', 7);
        await store.counters.increment('long', 1, { ttlSeconds: 3600 });
        for (let i = 0; i < 200; i++) await store.counters.increment(`short-${i}`, 1, { ttlSeconds: 1 });
        clock += 2000;
        for (let i = 0; i < 200; i++) await store.counters.increment(`later-${i}`, 1, { ttlSeconds: 1 });
        expect(await store.counters.get('forever')).toBe(7);
        expect(await store.counters.get('long')).toBe(1);
        expect(await store.counters.get('short-0')).toBe(0);
        expect(await store.counters.get('later-199')).toBe(1);
      });

      it('refuses a negative or fractional counter lifetime', async () => {
        expect(isStoreError(await refusal(store.counters.increment('c', 1, { ttlSeconds: -1 })), 'invalid_value')).toBe(true);
        expect(isStoreError(await refusal(store.counters.increment('c', 1, { ttlSeconds: 0.5 })), 'invalid_value')).toBe(true);
        expect(await store.counters.get('c')).toBe(0);
      });

      it('refuses a fractional increment', async () => {
        expect(isStoreError(await refusal(store.counters.increment('c', 0.5)), 'invalid_value')).toBe(true);
        expect(await store.counters.get('c')).toBe(0);
      });
    });

    describe('posts', () => {
      it('fills wp_insert_post defaults: an undated draft keeps the zero GMT date', async () => {
        const draft = await store.posts.insert({});
        expect(draft).toMatchObject({
          post_type: 'post',
          post_status: 'draft',
          post_author: 0,
          post_title: '',
          post_content: '',
          post_excerpt: '',
          post_name: '',
          post_parent: 0,
          menu_order: 0,
          post_mime_type: '',
          comment_status: 'open',
          ping_status: 'open',
          comment_count: 0,
          post_date: START_TEXT,
          post_date_gmt: '0000-00-00 00:00:00',
          post_modified: START_TEXT,
          post_modified_gmt: START_TEXT,
        });
        expect(draft.ID).toBeGreaterThan(0);
      });

      it('dates a published post now and keeps every field it is given', async () => {
        const fields: NewPostRow = {
          post_type: 'page',
          post_status: 'publish',
          post_author: 3,
          post_title: 'Title',
          post_content: '<p>Body</p>',
          post_excerpt: 'Short',
          post_password: 'secret',
          post_name: 'about',
          post_parent: 7,
          menu_order: -2,
          guid: 'http://example.test/?page_id=1',
          comment_status: 'closed',
          ping_status: 'closed',
          post_date: '2025-05-05 10:00:00',
          post_date_gmt: '2025-05-05 08:00:00',
        };
        const page = await store.posts.insert(fields);
        expect(page).toMatchObject({ ...fields, post_modified: '2025-05-05 10:00:00', post_modified_gmt: '2025-05-05 08:00:00' });
        expect(await store.posts.get(page.ID)).toEqual(page);
        const now = await store.posts.insert(post());
        expect(now).toMatchObject({ post_date: START_TEXT, post_date_gmt: START_TEXT });
      });

      it('gives every post a distinct id across types', async () => {
        const a = await store.posts.insert(post());
        const b = await store.posts.insert(post({ post_type: 'wpcf7_contact_form' }));
        expect(a.ID).not.toBe(b.ID);
      });

      it('updates some fields and stamps the modification dates', async () => {
        const created = await store.posts.insert(post({ post_name: 'first' }));
        clock += 3_600_000;
        const updated = await store.posts.update(created.ID, { post_title: 'Changed' });
        expect(updated).toEqual({
          ...created,
          post_title: 'Changed',
          post_modified: '2026-01-15 13:00:00',
          post_modified_gmt: '2026-01-15 13:00:00',
        });
        expect(await store.posts.get(created.ID)).toEqual(updated);
        expect(await store.posts.update(999_999, { post_title: 'x' })).toBeNull();
      });

      it('answers null or false for posts that do not exist', async () => {
        expect(await store.posts.get(12345)).toBeNull();
        expect(await store.posts.delete(12345)).toBe(false);
      });

      it('answers several posts in the order asked, leaving out absent ones', async () => {
        const a = await store.posts.insert(post());
        const b = await store.posts.insert(post());
        expect((await store.posts.getMany([b.ID, 999_999, a.ID])).map((p) => p.ID)).toEqual([b.ID, a.ID]);
      });

      it('finds nothing for an id beyond the safe integers, as a query string can ask for one, and refuses a negative one', async () => {
        const kept = await store.posts.insert(post({ post_status: 'publish' }));
        const huge = 1e21;
        expect(await store.posts.get(huge)).toBeNull();
        expect(await store.posts.update(huge, { post_title: 'x' })).toBeNull();
        expect(await store.posts.delete(huge)).toBe(false);
        expect(await store.posts.getMany([huge, kept.ID])).toEqual([kept]);
        expect(await store.users.get(huge)).toBeNull();
        expect(await store.terms.get(huge)).toBeNull();
        expect((await store.posts.query({ include: [huge] })).total).toBe(0);
        expect((await store.posts.query({ author: [huge] })).total).toBe(0);
        expect((await store.posts.query({ exclude: [huge] })).total).toBe(1);
        expect(await store.posts.query({ offset: huge })).toEqual({ posts: [], total: 1 });
        expect(isStoreError(await refusal(store.posts.get(-1)), 'invalid_value')).toBe(true);
      });

      it('refuses unknown columns and wrongly typed fields', async () => {
        expect(isStoreError(await refusal(store.posts.insert({ post_date: 'yesterday' })), 'invalid_value')).toBe(true);
        expect(isStoreError(await refusal(store.posts.insert({ post_parent: -1 })), 'invalid_value')).toBe(true);
        expect(isStoreError(await refusal(store.posts.insert({ nope: 1 } as NewPostRow)), 'invalid_value')).toBe(true);
        expect((await store.posts.query({ status: ['publish', 'draft'] })).total).toBe(0);
      });

      it('deletes a post with its meta and term relationships', async () => {
        const created = await store.posts.insert(post());
        await store.postMeta.add(created.ID, 'k', 'v');
        const term = await store.terms.insert({ name: 'News', taxonomy: 'category' });
        await store.terms.setObjectTerms(created.ID, 'category', [term.term_id]);
        expect(await store.posts.delete(created.ID)).toBe(true);
        expect(await store.posts.get(created.ID)).toBeNull();
        expect(await store.postMeta.get(created.ID, 'k')).toEqual([]);
        expect(await store.terms.getObjectTerms([created.ID])).toEqual([]);
        expect((await store.terms.get(term.term_id))?.count).toBe(0);
      });
    });

    describe('slugs, as wp_unique_post_slug makes them', () => {
      it('suffixes -2, -3 within one post type', async () => {
        const names = [];
        for (let i = 0; i < 3; i++) names.push((await store.posts.insert(post({ post_name: 'hello' }))).post_name);
        expect(names).toEqual(['hello', 'hello-2', 'hello-3']);
      });

      it('lets two post types share a slug, but not an attachment', async () => {
        await store.posts.insert(post({ post_name: 'shared' }));
        expect((await store.posts.insert(post({ post_type: 'page', post_name: 'shared' }))).post_name).toBe('shared');
        expect((await store.posts.insert(post({ post_type: 'attachment', post_status: 'inherit', post_name: 'shared' }))).post_name).toBe(
          'shared-2',
        );
      });

      it('leaves drafts, pending posts and revisions as named, and checks them on publish', async () => {
        await store.posts.insert(post({ post_name: 'taken' }));
        const draft = await store.posts.insert(post({ post_status: 'draft', post_name: 'taken' }));
        expect(draft.post_name).toBe('taken');
        expect((await store.posts.insert(post({ post_status: 'pending', post_name: 'taken' }))).post_name).toBe('taken');
        expect((await store.posts.insert(post({ post_type: 'revision', post_status: 'inherit', post_name: 'taken' }))).post_name).toBe(
          'taken',
        );
        expect((await store.posts.update(draft.ID, { post_status: 'publish' }))?.post_name).toBe('taken-2');
      });

      it('keeps a post its own slug when it is updated', async () => {
        const created = await store.posts.insert(post({ post_name: 'mine' }));
        expect((await store.posts.update(created.ID, { post_title: 'New title' }))?.post_name).toBe('mine');
        expect(await store.posts.uniqueSlug('mine', { post_type: 'post', post_status: 'publish', ID: created.ID })).toBe('mine');
        expect(await store.posts.uniqueSlug('mine', { post_type: 'post', post_status: 'publish' })).toBe('mine-2');
      });

      it('moves feed names and embed aside', async () => {
        expect((await store.posts.insert(post({ post_name: 'feed' }))).post_name).toBe('feed-2');
        expect(await store.posts.uniqueSlug('embed', { post_type: 'page', post_status: 'publish' })).toBe('embed-2');
      });

      it('cuts a long slug so the suffixed one stays within 200 characters', async () => {
        const long = 'a'.repeat(199) + '-b';
        await store.posts.insert(post({ post_name: long }));
        const second = await store.posts.insert(post({ post_name: long }));
        expect(second.post_name).toBe(`${'a'.repeat(198)}-2`);
      });

      it('gives 20 concurrent creates of one slug 20 different slugs', async () => {
        const created = await Promise.all(Array.from({ length: 20 }, () => store.posts.insert(post({ post_name: 'race' }))));
        expect(new Set(created.map((p) => p.post_name)).size).toBe(20);
        expect(new Set(created.map((p) => p.ID)).size).toBe(20);
      });
    });

    describe('post queries', () => {
      async function seed(): Promise<number[]> {
        const rows: NewPostRow[] = [
          { post_title: 'Alpha apple', post_date: '2026-01-01 00:00:00', post_author: 1, post_name: 'alpha' },
          { post_title: 'Beta', post_content: 'an APPLE pie', post_date: '2026-01-02 00:00:00', post_author: 2, post_name: 'beta' },
          { post_title: 'Gamma', post_date: '2026-01-03 00:00:00', post_author: 1, post_status: 'draft', post_name: 'gamma' },
          { post_title: 'Delta', post_date: '2026-01-03 00:00:00', post_author: 3, post_password: 'pw', post_name: 'delta' },
          { post_title: 'Page', post_type: 'page', post_date: '2026-01-04 00:00:00', post_parent: 5 },
          {
            post_title: 'Pic',
            post_type: 'attachment',
            post_status: 'inherit',
            post_mime_type: 'image/png',
            post_date: '2026-01-05 00:00:00',
          },
          {
            post_title: 'Doc',
            post_type: 'attachment',
            post_status: 'inherit',
            post_mime_type: 'application/pdf',
            post_date: '2026-01-06 00:00:00',
          },
        ];
        const ids: number[] = [];
        for (const row of rows) ids.push((await store.posts.insert(post(row))).ID);
        return ids;
      }
      const titles = (page: { posts: { post_title: string }[] }): string[] => page.posts.map((p) => p.post_title);

      it('answers posts of type post, newest first, ties broken by id, with the total', async () => {
        await seed();
        const page = await store.posts.query({});
        expect(titles(page)).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha apple']);
        expect(page.total).toBe(4);
      });

      it('filters by type, status, author, exclusions, parent, slug and MIME type', async () => {
        const ids = await seed();
        expect(titles(await store.posts.query({ status: ['publish'] }))).toEqual(['Delta', 'Beta', 'Alpha apple']);
        expect(titles(await store.posts.query({ author: [1] }))).toEqual(['Gamma', 'Alpha apple']);
        expect(titles(await store.posts.query({ authorExclude: [1] }))).toEqual(['Delta', 'Beta']);
        expect(titles(await store.posts.query({ include: [ids[0] as number, ids[1] as number, ids[4] as number] }))).toEqual([
          'Beta',
          'Alpha apple',
        ]);
        expect(titles(await store.posts.query({ exclude: [ids[3] as number] }))).toEqual(['Gamma', 'Beta', 'Alpha apple']);
        expect(titles(await store.posts.query({ type: ['page', 'post'], parent: [5] }))).toEqual(['Page']);
        expect(titles(await store.posts.query({ parentExclude: [0] }))).toEqual([]);
        expect(titles(await store.posts.query({ slug: ['beta', 'gamma'] }))).toEqual(['Gamma', 'Beta']);
        expect(titles(await store.posts.query({ type: ['attachment'], mimeType: ['image'] }))).toEqual(['Pic']);
        expect(titles(await store.posts.query({ type: ['attachment'], mimeType: ['application/pdf'] }))).toEqual(['Doc']);
        expect(titles(await store.posts.query({ type: ['attachment'], mimeType: ['application/pd'] }))).toEqual([]);
      });

      it('searches every word, case-insensitively, in title, excerpt and content', async () => {
        await seed();
        expect(titles(await store.posts.query({ search: 'apple' }))).toEqual(['Beta', 'Alpha apple']);
        expect(titles(await store.posts.query({ search: '  apple   PIE ' }))).toEqual(['Beta']);
        expect(titles(await store.posts.query({ search: 'apple', orderby: 'relevance' }))).toEqual(['Alpha apple', 'Beta']);
      });

      it('matches a LIKE pattern, case-insensitively, against the slug or the title only', async () => {
        await seed();
        await store.posts.insert(post({ post_title: '50% off_now', post_name: 'sale', post_date: '2025-12-01 00:00:00' }));
        await store.posts.insert(post({ post_title: 'Back\\', post_name: 'back', post_date: '2025-12-02 00:00:00' }));
        const like = async (pattern: string, more: StorePostQuery = {}) =>
          titles(await store.posts.query({ nameOrTitleLike: pattern, ...more }));
        expect(await like('%APPLE%')).toEqual(['Alpha apple']);
        expect(await like('%lph%')).toEqual(['Alpha apple']);
        expect(await like('%ta%', { status: ['publish'] })).toEqual(['Delta', 'Beta']);
        // `_` is one character and `%` any run; without a `%` the whole text must match.
        expect(await like('g_mm_')).toEqual(['Gamma']);
        expect(await like('gam')).toEqual([]);
        expect(await like('a%a')).toEqual(['Alpha apple']);
        expect(await like('%_%_%_%_%_%_%_%_%_%_%')).toEqual(['Alpha apple', '50% off_now']);
        // `\` takes the next character as written; one ending the pattern is itself.
        expect(await like('50\\% off\\_now')).toEqual(['50% off_now']);
        expect(await like('%\\_%')).toEqual(['50% off_now']);
        expect(await like('b\\eta')).toEqual(['Beta']);
        expect(await like('back\\')).toEqual(['Back\\']);
        expect(await like('%k\\\\')).toEqual(['Back\\']);
      });

      it("answers every type for type 'any'", async () => {
        await seed();
        expect(titles(await store.posts.query({ type: 'any', status: ['inherit'] }))).toEqual(['Doc', 'Pic']);
        expect((await store.posts.query({ type: 'any' })).total).toBe(7);
      });

      it('filters by password and by exclusive date bounds', async () => {
        await seed();
        expect(titles(await store.posts.query({ hasPassword: true }))).toEqual(['Delta']);
        expect(titles(await store.posts.query({ hasPassword: false }))).toEqual(['Gamma', 'Beta', 'Alpha apple']);
        expect(
          titles(
            await store.posts.query({ dates: [{ column: 'post_date', after: '2026-01-01 00:00:00', before: '2026-01-03 00:00:00' }] }),
          ),
        ).toEqual(['Beta']);
        expect(titles(await store.posts.query({ dates: [{ column: 'post_date_gmt', after: '2026-01-02 00:00:00' }] }))).toEqual([
          'Delta',
          'Gamma',
        ]);
      });

      it('filters by terms, with and without', async () => {
        const ids = await seed();
        const news = await store.terms.insert({ name: 'News', taxonomy: 'category' });
        const tag = await store.terms.insert({ name: 'Hot', taxonomy: 'post_tag' });
        await store.terms.setObjectTerms(ids[0] as number, 'category', [news.term_id]);
        await store.terms.setObjectTerms(ids[1] as number, 'post_tag', [tag.term_id]);
        expect(titles(await store.posts.query({ terms: [{ terms: [news.term_id, tag.term_id] }] }))).toEqual(['Beta', 'Alpha apple']);
        expect(titles(await store.posts.query({ terms: [{ terms: [news.term_id] }, { terms: [tag.term_id], exclude: true }] }))).toEqual([
          'Alpha apple',
        ]);
        expect(titles(await store.posts.query({ terms: [{ terms: [news.term_id], exclude: true }] }))).toEqual(['Delta', 'Gamma', 'Beta']);
      });

      it('orders by a column either way (comment_count too, ties by id), by include order and by slug order', async () => {
        const ids = await seed();
        expect(titles(await store.posts.query({ orderby: 'post_title', order: 'asc' }))).toEqual(['Alpha apple', 'Beta', 'Delta', 'Gamma']);
        expect(titles(await store.posts.query({ orderby: 'post_date', order: 'asc' }))).toEqual(['Alpha apple', 'Beta', 'Gamma', 'Delta']);
        expect(titles(await store.posts.query({ orderby: 'ID', order: 'desc' }))).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha apple']);
        await store.posts.update(ids[2] as number, { comment_count: 7 });
        await store.posts.update(ids[0] as number, { comment_count: 2 });
        expect(titles(await store.posts.query({ orderby: 'comment_count', order: 'desc' }))).toEqual([
          'Gamma',
          'Alpha apple',
          'Delta',
          'Beta',
        ]);
        const include = [ids[1] as number, ids[3] as number, ids[0] as number];
        expect(titles(await store.posts.query({ include, orderby: 'include', order: 'asc' }))).toEqual(['Beta', 'Delta', 'Alpha apple']);
        expect(titles(await store.posts.query({ slug: ['gamma', 'alpha', 'delta'], orderby: 'slug_in', order: 'asc' }))).toEqual([
          'Gamma',
          'Alpha apple',
          'Delta',
        ]);
      });

      it('orders titles regardless of case, as MySQL’s utf8mb4_unicode_ci does, then by code point and id', async () => {
        // Inserted out of order; İstanbul before Istanbul and Delta before delta, so an id tie-break cannot pass for the order.
        const inserted = [
          'Zulu',
          'İstanbul',
          '🍎 apple',
          'charlie',
          'Öl',
          'Delta',
          'alpha',
          'Ａpple',
          'Istanbul',
          'Émile',
          'delta',
          'Bravo',
        ];
        for (const title of inserted) await store.posts.insert(post({ post_title: title }));
        // Lower-cased as JavaScript lowers (İ to i and a combining dot), accents after z, U+FF41 before an emoji.
        const ascending = [
          'alpha',
          'Bravo',
          'charlie',
          'Delta',
          'delta',
          'Istanbul',
          'İstanbul',
          'Zulu',
          'Émile',
          'Öl',
          'Ａpple',
          '🍎 apple',
        ];
        expect(titles(await store.posts.query({ orderby: 'post_title', order: 'asc' }))).toEqual(ascending);
        expect(titles(await store.posts.query({ orderby: 'post_title', order: 'desc' }))).toEqual([...ascending].reverse());
        expect(titles(await store.posts.query({ orderby: 'post_title', order: 'asc', offset: 3, limit: 2 }))).toEqual(['Delta', 'delta']);
      });

      it('orders other text by code point, as PostgreSQL’s COLLATE "C" does: U+FF41 before an emoji', async () => {
        for (const slug of ['🍎', 'ａ', 'a']) await store.posts.insert(post({ post_name: slug }));
        const slugs = await store.posts.query({ orderby: 'post_name', order: 'asc' });
        expect(slugs.posts.map((row) => row.post_name)).toEqual(['a', 'ａ', '🍎']);
        for (const login of ['🍎', 'ａ', 'a']) await store.users.insert({ user_login: login });
        expect((await store.users.query({ orderby: 'user_login' })).users.map((user) => user.user_login)).toEqual(['a', 'ａ', '🍎']);
        for (const name of ['🍎', 'ａ', 'a']) await store.terms.insert({ name, taxonomy: 'category' });
        expect((await store.terms.list('category')).map((term) => term.name)).toEqual(['a', 'ａ', '🍎']);
      });

      it('reads a due future post as published, only when asked with publishedBy', async () => {
        const due = await store.posts.insert(post({ post_status: 'future', post_date_gmt: '2026-01-15 11:00:00', post_title: 'Due' }));
        await store.posts.insert(post({ post_status: 'future', post_date_gmt: '2026-01-16 11:00:00', post_title: 'Later' }));
        const by = START_TEXT;
        expect(titles(await store.posts.query({ status: ['publish'], publishedBy: by }))).toEqual(['Due']);
        expect(titles(await store.posts.query({ status: ['future'], publishedBy: by }))).toEqual(['Later']);
        expect(titles(await store.posts.query({ status: ['future'] }))).toEqual(['Later', 'Due']);
        expect((await store.posts.get(due.ID))?.post_status).toBe('future');
      });

      it('filters by the sticky_posts option and answers it with the page when asked', async () => {
        const ids = await seed();
        await store.options.set('sticky_posts', [ids[1] as number, 999]);
        expect(titles(await store.posts.query({ sticky: true }))).toEqual(['Beta']);
        expect(titles(await store.posts.query({ sticky: false }))).toEqual(['Delta', 'Gamma', 'Alpha apple']);
        expect((await store.posts.query({ limit: 1, with: { sticky: true } })).sticky).toEqual([ids[1], 999]);
        expect((await store.posts.query({ limit: 1 })).sticky).toBeUndefined();
        await store.options.set('sticky_posts', 'not a list');
        expect(titles(await store.posts.query({ sticky: true }))).toEqual([]);
      });

      it('counts each answered post’s revisions and names the newest, in the page’s query', async () => {
        const [first, second] = await seed();
        const revision = (parent: number, date: string) =>
          store.posts.insert({
            post_type: 'revision',
            post_status: 'inherit',
            post_parent: parent,
            post_name: `${parent}-revision-v1`,
            post_date: date,
          });
        await revision(first as number, '2026-01-10 00:00:00');
        const newest = await revision(first as number, '2026-01-11 00:00:00');
        await revision(first as number, '2026-01-09 00:00:00');
        const page = await store.posts.query({
          include: [first as number, second as number],
          orderby: 'include',
          order: 'asc',
          with: { revisions: true },
        });
        expect(page.revisions).toEqual(
          new Map([
            [first, { count: 3, latest: newest.ID }],
            [second, { count: 0, latest: 0 }],
          ]),
        );
        expect(page.posts.map((row) => Object.keys(row).sort())).toEqual(page.posts.map(() => Object.keys(newest).sort()));
      });

      it('sorts a relevance tie by date in the order asked', async () => {
        await seed();
        await store.posts.insert(post({ post_title: 'Older apple', post_date: '2025-12-01 00:00:00' }));
        expect(titles(await store.posts.query({ search: 'apple', orderby: 'relevance', order: 'asc' }))).toEqual([
          'Older apple',
          'Alpha apple',
          'Beta',
        ]);
      });

      it('stores a post under a wanted id, refuses a taken one, and numbers later posts after it', async () => {
        const first = await store.posts.insert(post());
        const wanted = await store.posts.insert(post({ ID: first.ID + 10, post_title: 'Imported' }));
        expect(wanted.ID).toBe(first.ID + 10);
        expect((await store.posts.get(first.ID + 10))?.post_title).toBe('Imported');
        expect(isStoreError(await refusal(store.posts.insert(post({ ID: first.ID }))), 'conflict')).toBe(true);
        expect(isStoreError(await refusal(store.posts.insert(post({ ID: -3 }))), 'invalid_value')).toBe(true);
        expect((await store.posts.insert(post())).ID).toBe(first.ID + 11);
        const lower = await store.posts.insert(post({ ID: first.ID + 5 }));
        expect(lower.ID).toBe(first.ID + 5);
        expect((await store.posts.insert(post())).ID).toBe(first.ID + 12);
      });

      it('pages with offset and limit while the total counts every match', async () => {
        await seed();
        const page = await store.posts.query({ orderby: 'post_title', order: 'asc', offset: 1, limit: 2 });
        expect(titles(page)).toEqual(['Beta', 'Delta']);
        expect(page.total).toBe(4);
        const past = await store.posts.query({ offset: 10, limit: 2 });
        expect(past).toEqual({ posts: [], total: 4 });
      });
    });

    describe('post meta', () => {
      it('keeps several values per key in the order added', async () => {
        await store.postMeta.add(1, '_yoast_wpseo_title', 'one');
        await store.postMeta.add(1, '_yoast_wpseo_title', { two: 2 });
        await store.postMeta.add(2, '_yoast_wpseo_title', 'other post');
        expect(await store.postMeta.get(1, '_yoast_wpseo_title')).toEqual(['one', { two: 2 }]);
        expect(await store.postMeta.get(1, 'absent')).toEqual([]);
      });

      it('adds a unique key only once', async () => {
        expect(await store.postMeta.add(1, 'u', 1, true)).toEqual(expect.any(Number));
        expect(await store.postMeta.add(1, 'u', 2, true)).toBeNull();
        expect(await store.postMeta.get(1, 'u')).toEqual([1]);
      });

      it('updates every value, or only those equal to a previous one, and adds when none', async () => {
        expect(await store.postMeta.update(1, 'k', 'first')).toBe(1);
        await store.postMeta.add(1, 'k', 'second');
        expect(await store.postMeta.update(1, 'k', 'changed', 'second')).toBe(1);
        expect(await store.postMeta.get(1, 'k')).toEqual(['first', 'changed']);
        expect(await store.postMeta.update(1, 'k', 'x', 'no such value')).toBe(0);
        expect(await store.postMeta.update(1, 'k', { all: true })).toBe(2);
        expect(await store.postMeta.get(1, 'k')).toEqual([{ all: true }, { all: true }]);
      });

      it('deletes a key, or only values equal to the one given', async () => {
        await store.postMeta.add(1, 'k', { a: 1, b: 2 });
        await store.postMeta.add(1, 'k', 'keep');
        expect(await store.postMeta.delete(1, 'k', { b: 2, a: 1 })).toBe(1);
        expect(await store.postMeta.get(1, 'k')).toEqual(['keep']);
        expect(await store.postMeta.delete(1, 'k')).toBe(1);
        expect(await store.postMeta.delete(1, 'k')).toBe(0);
      });

      it('answers the meta of many objects at once, by key', async () => {
        await store.postMeta.add(1, 'a', 1);
        await store.postMeta.add(1, 'a', 2);
        await store.postMeta.add(1, 'b', 3);
        await store.postMeta.add(2, 'a', 4);
        const all = await store.postMeta.getMany([1, 2, 3]);
        expect({ ...all.get(1) }).toEqual({ a: [1, 2], b: [3] });
        expect({ ...all.get(2) }).toEqual({ a: [4] });
        expect({ ...all.get(3) }).toEqual({});
        const some = await store.postMeta.getMany([1], ['b']);
        expect({ ...some.get(1) }).toEqual({ b: [3] });
      });

      it('keeps post, user and term meta apart', async () => {
        await store.postMeta.add(1, 'k', 'post');
        await store.userMeta.add(1, 'k', 'user');
        await store.termMeta.add(1, 'k', 'term');
        expect([await store.postMeta.get(1, 'k'), await store.userMeta.get(1, 'k'), await store.termMeta.get(1, 'k')]).toEqual([
          ['post'],
          ['user'],
          ['term'],
        ]);
      });
    });

    describe('users', () => {
      it('fills defaults and finds a user by id, login, email and nicename', async () => {
        const user = await store.users.insert({
          user_login: 'admin',
          user_email: 'a@example.test',
          user_pass: '$P$hash',
          roles: ['administrator'],
        });
        expect(user).toMatchObject({
          user_login: 'admin',
          user_nicename: 'admin',
          display_name: 'admin',
          user_url: '',
          user_registered: START_TEXT,
          roles: ['administrator'],
        });
        expect(await store.users.get(user.ID)).toEqual(user);
        expect(await store.users.getBy('user_login', 'admin')).toEqual(user);
        expect(await store.users.getBy('user_email', 'a@example.test')).toEqual(user);
        expect(await store.users.getBy('user_nicename', 'admin')).toEqual(user);
        expect(await store.users.getBy('user_email', '')).toBeNull();
      });

      it('finds a login or an email regardless of case, a nicename only as written', async () => {
        const user = await store.users.insert({ user_login: 'Alice', user_email: 'Alice@Example.test', user_nicename: 'alice-n' });
        expect(await store.users.getBy('user_login', 'ALICE')).toEqual(user);
        expect(await store.users.getBy('user_login', 'alice')).toEqual(user);
        expect(await store.users.getBy('user_email', 'alice@example.TEST')).toEqual(user);
        expect(await store.users.getBy('user_nicename', 'ALICE-N')).toBeNull();
        expect(await store.users.getBy('user_login', 'alic')).toBeNull();
      });

      it('hands out copies of users and posts', async () => {
        const user = await store.users.insert({ user_login: 'copy', roles: ['author'] });
        user.roles.push('administrator');
        const read = await store.users.get(user.ID);
        read?.roles.push('editor');
        expect((await store.users.get(user.ID))?.roles).toEqual(['author']);
        const created = await store.posts.insert(post({ post_title: 'Original' }));
        created.post_title = 'Mutated';
        expect((await store.posts.get(created.ID))?.post_title).toBe('Original');
      });

      it('refuses a login, nicename or email already taken', async () => {
        await store.users.insert({ user_login: 'one', user_email: 'one@example.test' });
        const two = await store.users.insert({ user_login: 'two' });
        await store.users.insert({ user_login: 'three' });
        expect(isStoreError(await refusal(store.users.insert({ user_login: 'one' })), 'conflict')).toBe(true);
        expect(isStoreError(await refusal(store.users.insert({ user_login: 'x', user_email: 'one@example.test' })), 'conflict')).toBe(true);
        expect(isStoreError(await refusal(store.users.update(two.ID, { user_nicename: 'three' })), 'conflict')).toBe(true);
        expect(await store.users.getBy('user_login', 'x')).toBeNull();
      });

      it('updates roles and fields, and deletes a user with their meta', async () => {
        const user = await store.users.insert({ user_login: 'ed' });
        await store.userMeta.add(user.ID, '_application_passwords', [{ uuid: 'u', password: '$hash' }]);
        expect((await store.users.update(user.ID, { roles: ['editor', 'author'], display_name: 'Ed' }))?.roles).toEqual([
          'editor',
          'author',
        ]);
        expect(await store.users.update(999, { display_name: 'x' })).toBeNull();
        expect(await store.users.delete(user.ID)).toBe(true);
        expect(await store.users.get(user.ID)).toBeNull();
        expect(await store.userMeta.get(user.ID, '_application_passwords')).toEqual([]);
        expect(await store.users.delete(user.ID)).toBe(false);
      });

      it('queries by role, search, ids and order, with the total', async () => {
        const a = await store.users.insert({ user_login: 'carol', roles: ['editor'], display_name: 'Carol Smith' });
        const b = await store.users.insert({ user_login: 'alice', roles: ['administrator'] });
        await store.users.insert({ user_login: 'bob', roles: ['editor', 'author'], user_email: 'bob@smith.test' });
        const logins = (page: { users: { user_login: string }[] }): string[] => page.users.map((u) => u.user_login);
        expect(logins(await store.users.query({}))).toEqual(['alice', 'bob', 'carol']);
        expect(logins(await store.users.query({ roles: ['editor'] }))).toEqual(['bob', 'carol']);
        expect(logins(await store.users.query({ search: 'SMITH' }))).toEqual(['bob', 'carol']);
        expect(logins(await store.users.query({ include: [a.ID, b.ID], orderby: 'include' }))).toEqual(['carol', 'alice']);
        expect(logins(await store.users.query({ exclude: [a.ID], orderby: 'ID', order: 'desc' }))).toEqual(['bob', 'alice']);
        const page = await store.users.query({ offset: 1, limit: 1 });
        expect(logins(page)).toEqual(['bob']);
        expect(page.total).toBe(3);
      });
    });

    describe('terms', () => {
      it('makes a slug unique in its taxonomy only', async () => {
        const a = await store.terms.insert({ name: 'News', taxonomy: 'category', slug: 'news' });
        const b = await store.terms.insert({ name: 'News again', taxonomy: 'category', slug: 'news' });
        const c = await store.terms.insert({ name: 'News', taxonomy: 'post_tag', slug: 'news' });
        expect([a.slug, b.slug, c.slug]).toEqual(['news', 'news-2', 'news']);
        expect(a).toMatchObject({ description: '', parent: 0, count: 0 });
        expect(await store.terms.getBySlug('post_tag', 'news')).toEqual(c);
        expect(isStoreError(await refusal(store.terms.update(b.term_id, { slug: 'news' })), 'conflict')).toBe(true);
      });

      it('lists a taxonomy by name and updates terms', async () => {
        await store.terms.insert({ name: 'b', taxonomy: 'category' });
        const a = await store.terms.insert({ name: 'a', taxonomy: 'category' });
        await store.terms.insert({ name: 'c', taxonomy: 'post_tag' });
        expect((await store.terms.list('category')).map((t) => t.name)).toEqual(['a', 'b']);
        expect(await store.terms.update(a.term_id, { description: 'First' })).toMatchObject({ description: 'First', name: 'a' });
        expect(await store.terms.update(999, { name: 'x' })).toBeNull();
      });

      it('replaces an object’s terms of one taxonomy, keeps the others, and counts', async () => {
        const news = await store.terms.insert({ name: 'News', taxonomy: 'category' });
        const sport = await store.terms.insert({ name: 'Sport', taxonomy: 'category' });
        const hot = await store.terms.insert({ name: 'Hot', taxonomy: 'post_tag' });
        await store.terms.setObjectTerms(10, 'category', [news.term_id, sport.term_id, news.term_id]);
        await store.terms.setObjectTerms(10, 'post_tag', [hot.term_id]);
        await store.terms.setObjectTerms(11, 'category', [news.term_id]);
        await store.terms.setObjectTerms(10, 'category', [sport.term_id]);
        const of = await store.terms.getObjectTerms([10, 11]);
        expect(of.map((r) => [r.object_id, r.term.name])).toEqual([
          [10, 'Hot'],
          [10, 'Sport'],
          [11, 'News'],
        ]);
        expect((await store.terms.getObjectTerms([10], ['category'])).map((r) => r.term.name)).toEqual(['Sport']);
        expect((await store.terms.get(news.term_id))?.count).toBe(1);
        expect((await store.terms.get(sport.term_id))?.count).toBe(1);
        expect(isStoreError(await refusal(store.terms.setObjectTerms(10, 'category', [hot.term_id])), 'invalid_value')).toBe(true);
      });

      it('deletes a term with its meta and relationships, handing its children to its parent', async () => {
        const top = await store.terms.insert({ name: 'Top', taxonomy: 'category' });
        const mid = await store.terms.insert({ name: 'Mid', taxonomy: 'category', parent: top.term_id });
        const leaf = await store.terms.insert({ name: 'Leaf', taxonomy: 'category', parent: mid.term_id });
        await store.termMeta.add(mid.term_id, 'color', 'red');
        await store.terms.setObjectTerms(1, 'category', [mid.term_id, leaf.term_id]);
        expect(await store.terms.delete(mid.term_id)).toBe(true);
        expect(await store.terms.delete(mid.term_id)).toBe(false);
        expect((await store.terms.get(leaf.term_id))?.parent).toBe(top.term_id);
        expect(await store.termMeta.get(mid.term_id, 'color')).toEqual([]);
        expect((await store.terms.getObjectTerms([1])).map((r) => r.term.name)).toEqual(['Leaf']);
      });
    });

    describe('deleting by prefix', () => {
      /** Names around the prefix `plugin_`: only the first two start with it as written. */
      const NAMES = ['plugin_a', 'plugin_', 'plugin', 'pluginXa', 'Plugin_a', 'other_plugin_a', 'plugin%a'];

      it('deletes exactly the options, transients and meta rows whose names start with the prefix as written', async () => {
        for (const name of NAMES) {
          await store.options.set(name, name);
          await store.transients.set(name, name, 0);
          await store.postMeta.add(1, name, name);
          await store.userMeta.add(2, name, name);
          await store.userMeta.add(3, name, 'second user');
          await store.termMeta.add(4, name, name);
        }
        expect(await store.options.deletePrefixed('plugin_')).toBe(2);
        expect(await store.transients.deletePrefixed('plugin_')).toBe(2);
        expect(await store.postMeta.deletePrefixed('plugin_')).toBe(2);
        expect(await store.userMeta.deletePrefixed('plugin_')).toBe(4);
        expect(await store.termMeta.deletePrefixed('plugin_')).toBe(2);
        const kept = NAMES.slice(2);
        for (const name of NAMES) {
          const stays = kept.includes(name);
          expect(await store.options.get(name)).toBe(stays ? name : undefined);
          expect(await store.transients.get(name)).toBe(stays ? name : undefined);
          expect(await store.postMeta.get(1, name)).toEqual(stays ? [name] : []);
          expect(await store.userMeta.get(3, name)).toEqual(stays ? ['second user'] : []);
          expect(await store.termMeta.get(4, name)).toEqual(stays ? [name] : []);
        }
        expect(await store.options.deletePrefixed('plugin_')).toBe(0);
      });

      it('counts an expired transient it deletes', async () => {
        await store.transients.set('plugin_old', 1, 1);
        clock += 2000;
        expect(await store.transients.deletePrefixed('plugin_')).toBe(1);
      });

      it('refuses an empty prefix, which would delete every row', async () => {
        await store.options.set('kept', 1);
        expect(isStoreError(await refusal(store.options.deletePrefixed('')), 'invalid_value')).toBe(true);
        expect(isStoreError(await refusal(store.userMeta.deletePrefixed('')), 'invalid_value')).toBe(true);
        expect(await store.options.get('kept')).toBe(1);
      });

      it('keeps every row a transaction deleting by prefix had deleted when it throws', async () => {
        await store.options.set('plugin_a', 1);
        await store.userMeta.add(1, 'plugin_a', 1);
        await expect(
          store.transaction(async (tx) => {
            await tx.options.deletePrefixed('plugin_');
            await tx.userMeta.deletePrefixed('plugin_');
            throw new Error('half-way');
          }),
        ).rejects.toThrow('half-way');
        expect(await store.options.get('plugin_a')).toBe(1);
        expect(await store.userMeta.get(1, 'plugin_a')).toEqual([1]);
      });
    });

    describe('transactions', () => {
      it('keeps every write of a transaction that resolves, and answers its value', async () => {
        const answer = await store.transaction(async (tx) => {
          await tx.options.set('a', 1);
          const created = await tx.posts.insert(post({ post_name: 'tx' }));
          await tx.postMeta.add(created.ID, 'k', 'v');
          return created.ID;
        });
        expect(await store.options.get('a')).toBe(1);
        expect(await store.postMeta.get(answer, 'k')).toEqual(['v']);
      });

      it('undoes every write of a transaction that throws, and rethrows', async () => {
        await store.options.set('a', 'before');
        await store.counters.increment('n');
        const kept = await store.posts.insert(post({ post_name: 'kept' }));
        const term = await store.terms.insert({ name: 'T', taxonomy: 'category' });
        const failure = new Error('boom');
        let createdId = 0;
        await expect(
          store.transaction(async (tx) => {
            await tx.options.set('a', 'during');
            await tx.options.set('new', true);
            await tx.counters.increment('n', 10);
            createdId = (await tx.posts.insert(post({ post_name: 'kept' }))).ID;
            await tx.posts.update(kept.ID, { post_title: 'changed' });
            await tx.postMeta.add(kept.ID, 'k', 'v');
            await tx.terms.setObjectTerms(kept.ID, 'category', [term.term_id]);
            await tx.users.insert({ user_login: 'ghost' });
            await tx.transients.set('t', 1, 0);
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await store.options.get('a')).toBe('before');
        expect(await store.options.get('new')).toBeUndefined();
        expect(await store.counters.get('n')).toBe(1);
        expect(await store.posts.get(createdId)).toBeNull();
        expect(await store.posts.get(kept.ID)).toEqual(kept);
        expect(await store.postMeta.get(kept.ID, 'k')).toEqual([]);
        expect(await store.terms.getObjectTerms([kept.ID])).toEqual([]);
        expect((await store.terms.get(term.term_id))?.count).toBe(0);
        expect(await store.users.getBy('user_login', 'ghost')).toBeNull();
        expect(await store.transients.get('t')).toBeUndefined();
        expect((await store.posts.insert(post({ post_name: 'kept' }))).post_name).toBe('kept-2');
      });

      it('undoes a transaction whose store call was refused', async () => {
        await expect(
          store.transaction(async (tx) => {
            await tx.options.set('partial', 1);
            await tx.options.set('bad', 'nul\u0000');
          }),
        ).rejects.toSatisfy((error: unknown) => isStoreError(error, 'invalid_value'));
        expect(await store.options.get('partial')).toBeUndefined();
      });

      it('runs concurrent read-modify-write transactions one after another', async () => {
        await Promise.all(
          Array.from({ length: 20 }, () =>
            store.transaction(async (tx) => {
              const value = ((await tx.options.get('total')) as number | undefined) ?? 0;
              await tx.options.set('total', value + 1);
            }),
          ),
        );
        expect(await store.options.get('total')).toBe(20);
      });

      it('loses no write made outside a transaction that then rolls back', async () => {
        let outside: Promise<void> | undefined;
        const rolledBack = store.transaction(async (tx) => {
          await tx.options.set('shared', 'inside');
          outside = store.options.set('shared', 'outside');
          await new Promise((resolve) => setTimeout(resolve, 10));
          throw new Error('rollback');
        });
        await expect(rolledBack).rejects.toThrow('rollback');
        await outside;
        expect(await store.options.get('shared')).toBe('outside');
      });

      it('refuses the transaction’s tables once it has ended', async () => {
        let escaped: StoreTables | undefined;
        await store.transaction(async (tx) => {
          escaped = tx;
          await tx.options.set('x', 1);
        });
        expect(escaped).toBeDefined();
        expect(isStoreError(await refusal((escaped as NonNullable<typeof escaped>).options.set('x', 2)))).toBe(true);
        expect(await store.options.get('x')).toBe(1);
      });
    });

    describe('hostile values', () => {
      it.each(Object.entries(HOSTILE_TEXTS))('round-trips %s text through options, meta, posts, users and terms', async (_, text) => {
        await store.options.set(text.slice(0, 150), text);
        expect(await store.options.get(text.slice(0, 150))).toBe(text);
        await store.postMeta.add(1, text.slice(0, 200), { [text]: text });
        expect(await store.postMeta.get(1, text.slice(0, 200))).toEqual([{ [text]: text }]);
        await store.transients.set(text.slice(0, 100), [text], 60);
        expect(await store.transients.get(text.slice(0, 100))).toEqual([text]);
        const created = await store.posts.insert(post({ post_title: text, post_content: text, post_excerpt: text }));
        expect(await store.posts.get(created.ID)).toMatchObject({ post_title: text, post_content: text, post_excerpt: text });
        expect(titlesOf(await store.posts.query({ search: text.slice(0, 50) }))).toContain(text);
        const user = await store.users.insert({ user_login: `u-${text.slice(0, 40)}`, display_name: text });
        expect((await store.users.get(user.ID))?.display_name).toBe(text);
        const term = await store.terms.insert({ name: text, taxonomy: 'post_tag', slug: text.slice(0, 100) });
        expect(await store.terms.get(term.term_id)).toMatchObject({ name: text, slug: text.slice(0, 100) });
      });

      it('keeps __proto__ and constructor keys as plain data in options and meta', async () => {
        await store.options.set('proto', protoKeyed());
        await store.postMeta.add(1, '__proto__', protoKeyed());
        await store.userMeta.add(1, 'constructor', protoKeyed());
        for (const value of [
          await store.options.get('proto'),
          ...(await store.postMeta.get(1, '__proto__')),
          ...(await store.userMeta.get(1, 'constructor')),
        ]) {
          expect(canonical(value)).toBe(canonical(protoKeyed()));
          expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
          expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
          expect((value as { polluted?: boolean }).polluted).toBeUndefined();
        }
        const all = await store.postMeta.getMany([1]);
        expect(Object.keys(all.get(1) ?? {})).toEqual(['__proto__']);
        await store.options.set('__proto__', 'option named __proto__');
        expect((await store.options.autoloaded())['__proto__']).toBe('option named __proto__');
        expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
      });

      it('refuses text with a NUL character anywhere, storing nothing', async () => {
        const nul = 'a\u0000b';
        const attempts = [
          store.options.set('nul', nul),
          store.options.set(nul, 1),
          store.options.set('nested', { deep: [nul] }),
          store.options.set('key', { [nul]: 1 }),
          store.postMeta.add(1, 'nul', nul),
          store.postMeta.add(1, nul, 1),
          store.transients.set('nul', nul, 60),
          store.posts.insert(post({ post_title: nul })),
          store.users.insert({ user_login: nul }),
          store.terms.insert({ name: nul, taxonomy: 'category' }),
          store.counters.increment(nul),
        ];
        for (const attempt of attempts) {
          const error = await refusal(attempt);
          expect(isStoreError(error, 'invalid_value')).toBe(true);
          expect((error as Error).message).toMatch(/NUL/);
        }
        expect(await store.options.get('nul')).toBeUndefined();
        expect(await store.postMeta.getMany([1])).toEqual(new Map([[1, {}]]));
        expect((await store.posts.query({ status: ['publish'] })).total).toBe(0);
      });

      it('refuses text with a lone surrogate, high or low, keeping paired ones', async () => {
        for (const lone of ['a\ud800', '\ud800b', 'a\udc00b', '\udc00\ud800']) {
          for (const attempt of [
            store.options.set('lone', lone),
            store.posts.insert(post({ post_title: lone })),
            store.postMeta.add(1, 'lone', lone),
          ]) {
            const error = await refusal(attempt);
            expect(isStoreError(error, 'invalid_value')).toBe(true);
            expect((error as Error).message).toMatch(/surrogate/);
          }
        }
        expect(await store.options.get('lone')).toBeUndefined();
        await store.options.set('paired', 'a😀b');
        expect(await store.options.get('paired')).toBe('a😀b');
      });

      it('refuses names longer than WordPress’s columns, counting characters', async () => {
        const emoji = '😀'.repeat(191);
        await store.options.set(emoji, 1);
        expect(await store.options.get(emoji)).toBe(1);
        await store.postMeta.add(1, 'k'.repeat(255), 1);
        await store.transients.set('t'.repeat(172), 1, 60);
        await store.counters.increment('c'.repeat(191));
        const attempts = [
          store.options.set(`${emoji}x`, 1),
          store.postMeta.add(1, 'k'.repeat(256), 1),
          store.userMeta.get(1, 'k'.repeat(256)),
          store.transients.set('t'.repeat(173), 1, 60),
          store.counters.increment('c'.repeat(192)),
        ];
        for (const attempt of attempts) expect(isStoreError(await refusal(attempt), 'invalid_value')).toBe(true);
      });

      it('refuses values JSON cannot hold', async () => {
        for (const value of [Number.NaN, Infinity, new Date(0), [undefined], { f: () => 1 }]) {
          expect(isStoreError(await refusal(store.options.set('bad', value as unknown as JsonValue)), 'invalid_value')).toBe(true);
        }
      });
    });

    it('refuses every call once closed', async () => {
      await store.options.set('a', 1);
      await store.close();
      expect(isStoreError(await refusal(store.options.get('a')), 'closed')).toBe(true);
      expect(isStoreError(await refusal(store.transaction(async () => undefined)), 'closed')).toBe(true);
    });
  });
}

/** JSON text with object keys sorted: the store promises values, not key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

function titlesOf(page: { posts: { post_title: string }[] }): string[] {
  return page.posts.map((p) => p.post_title);
}
