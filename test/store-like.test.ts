// MySQL's LIKE as every backend answers it: `likeMatches` against a plain reading of MySQL's rules
// (a regex built from the pattern, test-only), and a posts query's `nameOrTitleLike` on the memory
// store, PGlite and (with SITE_REST_TEST_DATABASE_URL) a PostgreSQL server, which must find the
// same posts: one definition of `%`, `_`, `\` and case, whichever store a site runs on.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likeMatches, likePattern, memoryStore, type SiteStore, type StorePostQuery } from '../src/index.js';
import { sqlStore } from '../src/store/sql/index.js';
import type { SqlClient } from '../src/store/sql/client.js';
import { freshPrefix, testDatabases, type TestDatabase } from './helpers/sql-backends.js';
import { propertyRuns } from './helpers/property-runs.js';

/**
 * MySQL's rules read plainly: `%` any run of characters, `_` one character (a code point), `\` the
 * next character as written and a `\` ending the pattern itself, the whole text matched, case
 * ignored (both lower-cased as JavaScript lowers them).
 */
function reference(pattern: string, text: string): boolean {
  const chars = [...pattern.toLowerCase()];
  let source = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === '%') source += '[^]*';
    else if (char === '_') source += '[^]';
    else {
      const literal = char === '\\' && i + 1 < chars.length ? chars[++i]! : char;
      source += literal.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`, 'u').test(text.toLowerCase());
}

/** Characters that make LIKE interesting: wildcards, the escape, cases, letters outside ASCII and the BMP. */
const ALPHABET = ['a', 'A', 'b', 'B', '%', '_', '\\', ' ', '-', 'é', 'É', 'ß', 'Σ', 'σ', 'İ', 'i', '😀'];
const text = (maxLength: number) => fc.array(fc.constantFrom(...ALPHABET), { maxLength }).map((chars) => chars.join(''));

describe('likeMatches', () => {
  it("answers MySQL's LIKE for any pattern and text", () => {
    fc.assert(
      fc.property(text(8), text(10), (pattern, subject) => {
        expect(likeMatches(likePattern(pattern), subject)).toBe(reference(pattern, subject));
      }),
      { numRuns: propertyRuns({ ci: 2_000, deep: 20_000 }) },
    );
  });

  it('finds pieces longer than a 32-bit word, and with `_` across word edges', () => {
    const long = 'ab'.repeat(40);
    expect(likeMatches(likePattern(`%${long}%`), `xx${long}yy`)).toBe(true);
    expect(likeMatches(likePattern(`%${long}%`), `xx${long.slice(1)}yy`)).toBe(false);
    const holes = `%${'a_'.repeat(40)}b%`;
    expect(likeMatches(likePattern(holes), `zz${'ax'.repeat(40)}b`)).toBe(true);
    expect(likeMatches(likePattern(holes), `zz${'ax'.repeat(39)}bxb`)).toBe(false);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '_', '%'), maxLength: 90 }),
        fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 120 }),
        (pattern, subject) => {
          expect(likeMatches(likePattern(pattern), subject)).toBe(reference(pattern, subject));
        },
      ),
      { numRuns: propertyRuns({ ci: 500, deep: 3_000 }) },
    );
  });
});

/** Texts stored as titles and slugs: a few chosen ones, then random ones from the alphabet. */
const TEXTS = [
  'post-01',
  'post_01',
  'Post 01',
  '100% pure',
  'back\\slash',
  'ends with \\',
  'ÉCOLE',
  'école',
  'ΟΔΟΣ',
  'İstanbul',
  'smile 😀 now',
  '',
  ...fc.sample(text(10), { numRuns: 40, seed: 26 }),
];

const PATTERNS = [
  '%post_01%',
  '%post\\_01%',
  'post-0_',
  '%\\%%',
  '%100\\% %',
  '%\\\\%',
  '%\\',
  '%é%',
  '%É%',
  '%σ%',
  '%ς',
  '%i̇%',
  '_',
  '%😀%',
  'smile _ now',
  '',
  '%',
  ...fc.sample(text(6), { numRuns: 150, seed: 10 }),
];

/** The ids of the stored posts whose slug or title a pattern matches, per `nameOrTitleLike`. */
async function found(store: SiteStore, pattern: string): Promise<number[]> {
  return (await store.posts.query({ type: ['post'], nameOrTitleLike: pattern, orderby: 'ID', order: 'asc' })).posts.map((post) => post.ID);
}

async function seeded(store: SiteStore): Promise<SiteStore> {
  for (const [i, title] of TEXTS.entries()) {
    await store.posts.insert({ post_title: title, post_name: TEXTS[(i + 7) % TEXTS.length]!, post_status: 'publish' });
  }
  return store;
}

/** More posts than a SQL store reads a statement while matching: page, draft and post, numbered titles. */
async function manySeeded(store: SiteStore): Promise<SiteStore> {
  for (let i = 1; i <= 1_234; i++) {
    await store.posts.insert({
      post_title: `Entry ${i}`,
      post_name: `entry-${i}`,
      post_type: i % 3 === 0 ? 'page' : 'post',
      post_status: i % 5 === 0 ? 'draft' : 'publish',
      post_date: '2026-01-01 00:00:00',
    });
  }
  return store;
}

const MANY_QUERIES: StorePostQuery[] = [
  { type: ['post', 'page'], status: ['publish'], nameOrTitleLike: '%7%', orderby: 'ID', order: 'asc', limit: 200 },
  {
    type: ['post'],
    status: ['publish', 'draft'],
    nameOrTitleLike: 'entry _1%',
    orderby: 'post_title',
    order: 'desc',
    offset: 5,
    limit: 10,
  },
  { type: 'any', nameOrTitleLike: '%-12__', orderby: 'ID', order: 'desc' },
  { type: ['page'], nameOrTitleLike: '%', exclude: [3, 6], offset: 400, limit: 3 },
  { type: ['post'], nameOrTitleLike: 'no such entry' },
];

describe('nameOrTitleLike on every store', () => {
  let memory: SiteStore;
  beforeAll(async () => {
    memory = await seeded(memoryStore());
  });

  it('finds, on the memory store, the posts whose slug or title likeMatches', async () => {
    const posts = (await memory.posts.query({ type: ['post'], orderby: 'ID', order: 'asc' })).posts;
    for (const pattern of PATTERNS) {
      const expected = posts
        .filter((post) => reference(pattern, post.post_name) || reference(pattern, post.post_title))
        .map((post) => post.ID);
      expect([pattern, await found(memory, pattern)]).toEqual([pattern, expected]);
    }
  });

  for (const makeDatabase of testDatabases()) {
    const database: TestDatabase = makeDatabase();
    describe(`on ${database.name}`, () => {
      let client: SqlClient;
      let store: SiteStore;
      beforeAll(async () => {
        client = await database.open();
        store = await seeded(await sqlStore({ ...client, close: async () => undefined }, { tablePrefix: freshPrefix() }));
      }, 60_000);
      afterAll(async () => {
        await client.close();
        await database.dispose();
      });

      it('finds the same posts as the memory store for every pattern', async () => {
        for (const pattern of PATTERNS) expect([pattern, await found(store, pattern)]).toEqual([pattern, await found(memory, pattern)]);
      }, 60_000);

      it("matches across many pages of candidates, with the query's other conditions, order, offset and total", async () => {
        const many = await manySeeded(await sqlStore({ ...client, close: async () => undefined }, { tablePrefix: freshPrefix() }));
        const expected = await manySeeded(memoryStore());
        for (const query of MANY_QUERIES)
          expect([query, await many.posts.query(query)]).toEqual([query, await expected.posts.query(query)]);
      }, 120_000);
    });
  }
});
