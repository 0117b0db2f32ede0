// The block editor's calls, end to end: `site-rest serve --variant A` on PGlite over HTTP, driven
// as Kadence Blocks 3.5's editor drives it (stellarwp/kadence-blocks, src/blocks/posts/edit.js and
// get-query.js, src/packages/components/src/taxonomy-select, src/blocks/lottie/edit.js): the posts
// block's query, its taxonomy and term pickers and the query they narrow; the Lottie block's
// upload, its error message, and the player's fetch of `<id>.json` by a visitor. One serve.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../src/cli/serve.js';
import { FIXTURES } from './helpers/peer.js';

const PGLITE_MS = 90_000;
const AUTHOR_PASSWORD = 'EditorCallsAuthorPassword0123';
const AUTHOR = { authorization: `Basic ${Buffer.from(`author:${AUTHOR_PASSWORD}`).toString('base64')}` };
/** The post being edited: the block sends its id as `post_id`, so the list leaves it out. */
const EDITED_POST = 4;

const dir = mkdtempSync(join(tmpdir(), 'site-rest-blocksuite-editor-'));
let served: Awaited<ReturnType<typeof serve>>;
let base: string;

beforeAll(async () => {
  const quiet = { out: () => {}, err: () => {} };
  served = await serve(
    ['--variant', 'A', '--port', '0', '--data', join(dir, 'data'), '--app-password', `author:${AUTHOR_PASSWORD}`],
    quiet,
    {},
  );
  base = `http://127.0.0.1:${(served.http.address() as AddressInfo).port}/wp-json`;
}, PGLITE_MS);

afterAll(async () => {
  served?.http.close();
  await served?.store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `apiFetch` with `addQueryArgs`: arrays as `name[i]=…`, as `@wordpress/url` builds them. */
function withQuery(path: string, args: Record<string, string | number | boolean | number[]>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (Array.isArray(value)) value.forEach((item, index) => query.append(`${name}[${index}]`, String(item)));
    else query.append(name, String(value));
  }
  return `${path}?${query.toString()}`;
}

/** An item of the post query, as far as the block reads it here. */
interface Item {
  id: number;
  link: string;
  title: { raw: string };
  taxonomy_info: { category: Array<{ value: number }> };
}

async function call<T = unknown>(path: string, init: RequestInit & { signedIn?: boolean } = {}): Promise<{ status: number; body: T }> {
  const { signedIn = true, ...rest } = init;
  const answer = await fetch(`${base}${path}`, {
    ...rest,
    headers: { ...(signedIn ? AUTHOR : {}), ...(rest.headers as Record<string, string>) },
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

/** `getQuery( attributes, 'query' )` of a posts block. */
function blockQuery(attributes: {
  postsToShow: number;
  orderBy?: string;
  order?: string;
  taxType?: string;
  categories?: string[];
  postTax?: boolean;
}) {
  const query: Record<string, string | number | boolean> = {
    query: 'query',
    per_page: attributes.postsToShow,
    type: 'post',
    offset: 0,
    allow_sticky: false,
    exclude: 'include',
    post_tax: attributes.postTax ?? false,
    tax_type: attributes.taxType ?? '',
    post_id: EDITED_POST,
  };
  if (attributes.categories?.length) query.category = attributes.categories.join(',');
  if (attributes.orderBy) query.order_by = attributes.orderBy;
  if (attributes.order) query.order = attributes.order;
  return withQuery('/blocksuite/v1/post-query', query);
}

describe('the posts block’s calls', () => {
  it(
    'lists the latest posts, offers the post type’s taxonomies and their terms, then narrows and reorders the list',
    async () => {
      // 1. Inserted: the block asks for its posts with its default attributes.
      const first = await call<Item[]>(blockQuery({ postsToShow: 3, orderBy: 'date', order: 'desc' }));
      expect(first.status).toBe(200);
      expect(first.body).toHaveLength(3);
      expect(first.body.map((item) => item.id)).not.toContain(EDITED_POST);
      for (const item of first.body) {
        expect(item).toMatchObject({
          type: 'post',
          status: 'publish',
          title: { raw: expect.any(String) },
          author_info: { author_link: expect.any(String) },
        });
        expect(item.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      }

      // 2. "Select the post Taxonomy" on: the taxonomy picker asks for the type's taxonomies.
      const taxonomies = await call(withQuery('/blocksuite/v1/taxonomies-select', { source: 'post' }));
      expect(taxonomies.body).toEqual([
        { value: 'category', label: 'Categories' },
        { value: 'post_tag', label: 'Tags' },
      ]);

      // 3. A taxonomy picked: its terms, 50 a page as the block asks (all of them come back).
      const terms = await call<Array<{ value: string; label: string }>>(
        withQuery('/blocksuite/v1/term-select', { source: 'category', page: 1, per_page: 50 }),
      );
      expect(terms.status).toBe(200);
      expect(terms.body.length).toBeGreaterThan(0);
      const [picked] = terms.body;
      const [taxType, termId] = picked!.value.split('|');

      // 4. The term chosen: the block keeps `taxType` and the id after the `|`, and asks again.
      const narrowed = await call<Item[]>(
        blockQuery({ postsToShow: 3, postTax: true, taxType, categories: [termId!], orderBy: 'title', order: 'asc' }),
      );
      expect(narrowed.status).toBe(200);
      const titles = narrowed.body.map((item) => item.title.raw);
      expect(titles).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      for (const item of narrowed.body) expect(item.taxonomy_info.category.map((term) => term.value)).toContain(Number(termId));

      // 5. "Random": as many posts, each one the list has.
      const random = await call<Item[]>(blockQuery({ postsToShow: 3, orderBy: 'rand', order: 'desc' }));
      expect(new Set(random.body.map((item) => item.id)).size).toBe(3);

      // 6. Chosen posts, in the order chosen.
      const chosen = await call<Item[]>(
        withQuery('/blocksuite/v1/post-query', { query: 'individual', type: 'post', per_page: 2, include: [6, 5] }),
      );
      expect(chosen.body.map((item) => item.id)).toEqual([6, 5]);
    },
    PGLITE_MS,
  );
});

describe('the Lottie block’s calls', () => {
  it(
    'uploads an animation, shows a missing title’s message, and plays the upload for a visitor by its .json URL',
    async () => {
      const animation = JSON.parse(readFileSync(join(FIXTURES, 'blocksuite-animation', 'upload.json'), 'utf8')) as { lottieFile: unknown };
      const post = (data: unknown, signedIn = true) =>
        call<{ value: number; label: string }>('/blocksuite-animation/v1/animations', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(data),
          signedIn,
        });

      // The upload modal without a title: the block shows the message it gets.
      const untitled = await post({ lottieFile: animation.lottieFile, title: '' });
      expect(untitled).toEqual({ status: 200, body: { error: true, message: 'Please enter an animation title' } });

      // With one: the block keeps `{value, label}` as its local file.
      const uploaded = await post({ lottieFile: animation.lottieFile, title: 'Spinner' });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body).toEqual({ value: expect.any(Number), label: 'Spinner' });

      // A visitor's player fetches `rest_url + 'kb-lottieanimation/v1/animations/' + value + '.json'`.
      const played = await call(`/blocksuite-animation/v1/animations/${uploaded.body.value}.json`, { signedIn: false });
      expect(played).toEqual({
        status: 200,
        body: JSON.parse(readFileSync(join(FIXTURES, 'blocksuite-animation', 'stored.json'), 'utf8')),
      });

      // Nobody signed out uploads.
      expect((await post({ lottieFile: animation.lottieFile, title: 'Spinner' }, false)).status).toBe(401);
    },
    PGLITE_MS,
  );
});
