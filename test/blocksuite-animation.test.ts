// `blocksuite-animation/v1` (Kadence Blocks' `kb-lottieanimation/v1`) through `inject`: uploads
// stored as `kadence_lottie` posts with Kadence's normalisation, its 200-status failures, the JSON
// read back (by the `.json` file name the Lottie player asks for), the 2 MiB cap, who may upload,
// no batching, and animations kept in PGlite across a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blocksuiteAnimation,
  createRestServer,
  memoryStore,
  type BlocksuiteAnimationOptions,
  type RestServer,
  type RestUser,
  type SiteStore,
} from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';
import { userWith } from './helpers/users.js';

const NS = '/blocksuite-animation/v1';
const SITE = { name: 'Lottie Site', url: 'http://lottie.test' };
const PGLITE_MS = 60_000;
const MiB = 1024 * 1024;

const fixture = <T>(name: string): T => JSON.parse(readFileSync(join(FIXTURES, 'blocksuite-animation', name), 'utf8')) as T;
const UPLOAD = fixture<{ title: string; lottieFile: Record<string, unknown> }>('upload.json');

const author = userWith(3, 'author');
const contributor = userWith(4, 'contributor');
const subscriber = userWith(5, 'subscriber');

function serverOn(store: SiteStore, options: BlocksuiteAnimationOptions = {}): RestServer {
  return createRestServer({ site: SITE, store, namespaces: [blocksuiteAnimation(options)], onError: () => {} });
}

/** An upload as the Lottie block's modal sends it: `apiFetch` with `data`, a JSON body. */
function upload(rest: RestServer, body: unknown, user: RestUser | null = author) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return rest.inject<Record<string, unknown>>({
    method: 'POST',
    path: `${NS}/animations`,
    body: text,
    headers: { 'content-type': 'application/json' },
    ...(user ? { user } : {}),
  });
}

const read = (rest: RestServer, id: string) => rest.inject<unknown>({ path: `${NS}/animations/${id}` });

describe('blocksuite-animation/v1 uploads', () => {
  it('stores an upload as a published kadence_lottie post and answers {value: id, label: title}', async () => {
    const store = memoryStore();
    const rest = serverOn(store, { now: () => Date.parse('2024-03-01T08:00:00Z') });
    const answer = await upload(rest, UPLOAD);
    expect(answer.status).toBe(200);
    const id = answer.data.value as number;
    expect(answer.data).toEqual({ value: id, label: 'Loading spinner' });
    const post = await store.posts.get(id);
    expect(post).toMatchObject({
      post_type: 'kadence_lottie',
      post_status: 'publish',
      post_mime_type: 'application/json',
      post_title: 'Loading spinner',
      post_name: 'loading-spinner',
      post_author: author.id,
      comment_status: 'closed',
      post_date_gmt: '2024-03-01 08:00:00',
      guid: `http://lottie.test/?post_type=kadence_lottie&p=${id}`,
    });
    expect(JSON.parse(post!.post_content)).toEqual(fixture('stored.json'));
  });

  it('turns newlines in values into spaces and numeric text into numbers, as array_walk_recursive and JSON_NUMERIC_CHECK do', async () => {
    const rest = serverOn(memoryStore());
    const { value } = (await upload(rest, UPLOAD)).data;
    const stored = (await read(rest, `${value as number}.json`)).data;
    expect(stored).toEqual(fixture('stored.json'));
  });

  it('answers Kadence’s invalid_json WP_Error with status 200 when lottieFile is missing, empty or not a list or object', async () => {
    const rest = serverOn(memoryStore());
    for (const body of [
      { title: 'x' },
      { title: 'x', lottieFile: {} },
      { title: 'x', lottieFile: [] },
      { title: 'x', lottieFile: 'text' },
      [1],
      '"text"',
    ]) {
      const answer = await upload(rest, body);
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual({ code: 'invalid_json', message: 'Lottie animation contains invalid JSON', data: { status: 200 } });
    }
    const form = await rest.inject({
      method: 'POST',
      path: `${NS}/animations`,
      body: 'title=x&lottieFile[v]=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      user: author,
    });
    expect(form.data).toMatchObject({ code: 'invalid_json' });
  });

  it('answers {error: true, message} with status 200 for a title that trims to nothing or to "0"', async () => {
    const store = memoryStore();
    const rest = serverOn(store);
    for (const title of [undefined, '', ' \n\t', '0', false, null]) {
      const answer = await upload(rest, { title, lottieFile: { v: '5' } });
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual({ error: true, message: 'Please enter an animation title' });
    }
    expect((await store.posts.query({ type: 'any' })).total).toBe(0);
    expect((await upload(rest, { title: 7, lottieFile: { v: '5' } })).data).toMatchObject({ label: '7' });
  });

  it('answers WordPress’s critical error for a title that is a list, as PHP 8’s trim() throws', async () => {
    const answer = await upload(serverOn(memoryStore()), { title: ['a'], lottieFile: { v: '5' } });
    expect(answer.status).toBe(500);
    expect(answer.data).toMatchObject({ code: 'internal_server_error' });
  });

  it('refuses an animation over 2 MiB with 413 rest_request_too_large and stores nothing; the cap is an option', async () => {
    const store = memoryStore();
    const rest = serverOn(store);
    const big = { title: 'Big', lottieFile: { layers: Array.from({ length: 2 }, () => 'x'.repeat(MiB)) } };
    const answer = await upload(rest, big);
    expect(answer.status).toBe(413);
    expect(answer.data).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
    expect((await store.posts.query({ type: 'any' })).total).toBe(0);
    // The body as sent counts, before it is walked: a small animation in a padded body is refused too.
    const padded = `{"title":"Padded","lottieFile":{"v":1}${' '.repeat(2 * MiB)}}`;
    expect((await upload(rest, padded)).status).toBe(413);
    const small = serverOn(memoryStore(), { maxAnimationSize: '1kb' });
    expect((await upload(small, { title: 'Small', lottieFile: { v: 'x'.repeat(900) } })).status).toBe(200);
    expect((await upload(small, { title: 'Small', lottieFile: { v: 'x'.repeat(1100) } })).status).toBe(413);
    expect(() => blocksuiteAnimation({ maxAnimationSize: 'huge' })).toThrow(/maxAnimationSize/);
  });

  it('walks an animation nested as deep as JSON decoding allows without growing the call stack', async () => {
    const rest = serverOn(memoryStore());
    const depth = 500;
    const body = `{"title":"Deep","lottieFile":${'['.repeat(depth)}"1"${']'.repeat(depth)}}`;
    const answer = await upload(rest, body);
    expect(answer.status).toBe(200);
    const stored = (await read(rest, String(answer.data.value))).data;
    expect(JSON.stringify(stored)).toBe(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
  });
});

describe('blocksuite-animation/v1 reads', () => {
  it('answers the stored JSON to anyone, by id, by the player’s id.json, with .json anywhere or anything after the number', async () => {
    const store = memoryStore();
    const rest = serverOn(store);
    const { value } = (await upload(rest, UPLOAD)).data;
    // `str_replace( '.json', '' )` removes it wherever it is, before PHP's `(int)` reads the number.
    for (const id of [`${value as number}`, `${value as number}.json`, `${value as number}abc`, `.json${value as number}`]) {
      const answer = await read(rest, id);
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual(fixture('stored.json'));
    }
  });

  it('answers 404 not_found for no post, another type, or an animation not published', async () => {
    const store = memoryStore();
    const post = await store.posts.insert({ post_type: 'post', post_status: 'publish', post_content: '{}' });
    const draft = await store.posts.insert({ post_type: 'kadence_lottie', post_status: 'draft', post_content: '{}' });
    const rest = serverOn(store);
    for (const id of ['999', String(post.ID), String(draft.ID), 'abc', '0']) {
      const answer = await read(rest, id);
      expect(answer.status).toBe(404);
      expect(answer.data).toEqual({ code: 'not_found', message: 'Lottie animation not found', data: { status: 404 } });
    }
  });

  it('answers 404 invalid_json for stored content that does not decode, or decodes to null', async () => {
    const store = memoryStore();
    const broken = await store.posts.insert({ post_type: 'kadence_lottie', post_status: 'publish', post_content: '{"v":' });
    const nothing = await store.posts.insert({ post_type: 'kadence_lottie', post_status: 'publish', post_content: 'null' });
    const rest = serverOn(store);
    for (const post of [broken, nothing]) {
      const answer = await read(rest, `${post.ID}.json`);
      expect(answer.status).toBe(404);
      expect(answer.data).toEqual({ code: 'invalid_json', message: 'Lottie animation file contains invalid json', data: { status: 404 } });
    }
  });

  it('reads the id from a query id before the path’s, as WordPress merges params', async () => {
    const store = memoryStore();
    const rest = serverOn(store);
    const { value } = (await upload(rest, UPLOAD)).data;
    const answer = await rest.inject({ path: `${NS}/animations/999`, query: { id: `${value as number}.json` } });
    expect(answer.status).toBe(200);
  });
});

describe('blocksuite-animation/v1 permissions and batching', () => {
  it('lets authors upload (publish_posts): anonymous 401, subscriber and contributor 403, after the body is read', async () => {
    const rest = serverOn(memoryStore());
    const anonymous = await upload(rest, UPLOAD, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toMatchObject({ code: 'rest_forbidden' });
    for (const user of [subscriber, contributor]) {
      const refused = await upload(rest, UPLOAD, user);
      expect(refused.status).toBe(403);
      expect(refused.data).toMatchObject({ code: 'rest_forbidden' });
    }
    expect((await upload(rest, UPLOAD, author)).status).toBe(200);
  });

  it('does not take an upload through /batch/v1, as Kadence allows no batching', async () => {
    const store = memoryStore();
    const rest = serverOn(store);
    const answer = await rest.inject<{ responses: Array<{ status: number; body: { code: string } }> }>({
      method: 'POST',
      path: '/batch/v1',
      body: { requests: [{ method: 'POST', path: `${NS}/animations`, body: UPLOAD }] },
      user: author,
    });
    expect(answer.data.responses[0]).toMatchObject({ status: 400, body: { code: 'rest_batch_not_allowed' } });
    expect((await store.posts.query({ type: 'any' })).total).toBe(0);
  });
});

describe('blocksuite-animation/v1 on PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-lottie-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'keeps uploaded animations across a restart',
    async () => {
      const dataDir = join(dir, 'data');
      const first = await pgliteStore({ dataDir });
      let id: number;
      try {
        id = (await upload(serverOn(first), UPLOAD)).data.value as number;
      } finally {
        await first.close();
      }
      const reopened = await pgliteStore({ dataDir });
      try {
        const answer = await read(serverOn(reopened), `${id}.json`);
        expect(answer.status).toBe(200);
        expect(answer.data).toEqual(fixture('stored.json'));
      } finally {
        await reopened.close();
      }
    },
    PGLITE_MS,
  );
});
