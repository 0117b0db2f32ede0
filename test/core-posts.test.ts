import { describe, expect, it } from 'vitest';
import { createRestServer, RestError, type RestServer, type RestUser } from '../src/index.js';
import { corePosts, memoryPostsStorage, samplePosts, type PostsStorage } from '../src/namespaces/core-posts/index.js';
import { capabilitiesOf } from '../src/core/auth/roles.js';

const SITE = { name: 'Example Site', url: 'http://site.test' };

function userWith(id: number, role: string): RestUser {
  const caps = capabilitiesOf([role]);
  return { id, username: role, can: (capability) => caps.has(capability) };
}

const admin = userWith(1, 'administrator');
const author = userWith(2, 'author');
const contributor = userWith(5, 'contributor');

function server(storage: Partial<PostsStorage> = memoryPostsStorage({ posts: samplePosts() }), routing: 'path' | 'query' = 'path'): RestServer {
  return createRestServer({ site: SITE, routing, namespaces: [corePosts({ storage })], onError: () => {} });
}

/** The `rel="next"` URL of a Link header, as @wordpress/api-fetch and wpapi find it. */
function nextLink(link: string | string[] | undefined): string | null {
  const match = /<([^>]+)>;\s*rel="next"/.exec(String(link ?? ''));
  return match ? match[1]! : null;
}

describe('GET /core/v2/posts', () => {
  it('walks every page through Link rel="next" as api-fetch does, each post once, newest first', async () => {
    const rest = server();
    const seen: number[] = [];
    let url: string | null = `${SITE.url}/wp-json/core/v2/posts?per_page=4&_fields=id`;
    let pages = 0;
    while (url) {
      const answer = (await rest.handle({ method: 'GET', url: url.slice(SITE.url.length), headers: {} }))!;
      expect(answer.status).toBe(200);
      expect(answer.headers['X-WP-Total']).toBe('23');
      expect(answer.headers['X-WP-TotalPages']).toBe('6');
      seen.push(...(JSON.parse(answer.body) as Array<{ id: number }>).map((p) => p.id));
      url = nextLink(answer.headers.Link);
      pages++;
    }
    expect(pages).toBe(6);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => 26 - i));
  });

  it('advertises ?rest_route= pagination links on a site that routes by query', async () => {
    const answer = await server(undefined, 'query').inject({ path: '/core/v2/posts', query: { per_page: 10 } });
    expect(answer.headers.Link).toBe(`<${SITE.url}/index.php?rest_route=/core/v2/posts&per_page=10&page=2>; rel="next"`);
  });

  it('keeps drafts from anyone who may not edit posts', async () => {
    const rest = server();
    const anonymous = await rest.inject({ path: '/core/v2/posts', query: { status: 'draft' } });
    expect(anonymous).toMatchObject({ status: 400, data: { data: { params: { status: 'Status is forbidden.' } } } });
    const editor = await rest.inject({ path: '/core/v2/posts', query: { status: 'draft', _fields: 'id' }, user: admin });
    expect(editor.data).toEqual([{ id: 28 }, { id: 27 }]);
    expect(await rest.inject({ path: '/core/v2/posts/27' })).toMatchObject({ status: 401, data: { code: 'rest_forbidden' } });
  });

  it('answers the edit field set only to those who may edit posts', async () => {
    const rest = server();
    const refused = await rest.inject({ path: '/core/v2/posts', query: { context: 'edit' }, user: userWith(9, 'subscriber') });
    expect(refused).toMatchObject({ status: 403, data: { code: 'rest_forbidden_context' } });
    const edit = await rest.inject({ path: '/core/v2/posts/4', query: { context: 'edit' }, user: admin });
    expect(edit.data).toMatchObject({ title: { raw: 'Post 01 bravo' }, content: { block_version: 1 }, generated_slug: 'post-01-bravo' });
  });
});

describe('writing posts', () => {
  it('creates, reads back, updates, trashes and deletes a post with WordPress’s answers', async () => {
    const rest = server();
    const created = await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Hello there', content: 'First line.\n\nSecond.', status: 'publish' }, user: author });
    expect(created.status).toBe(201);
    expect(created.headers.Location).toBe(`${SITE.url}/wp-json/core/v2/posts/29`);
    expect(created.data).toMatchObject({ id: 29, slug: 'hello-there', status: 'publish', author: 2, link: `${SITE.url}/hello-there/`, content: { rendered: '<p>First line.</p>\n<p>Second.</p>\n' } });

    const read = await rest.inject({ path: '/core/v2/posts/29' });
    expect(read.headers.Link).toBe(`<${SITE.url}/hello-there/>; rel="alternate"; type=text/html`);

    const updated = await rest.inject({ method: 'PATCH', path: '/core/v2/posts/29', body: { title: { raw: 'Hello again' } }, user: author });
    expect(updated.data).toMatchObject({ title: { raw: 'Hello again' }, slug: 'hello-there' });

    const trashed = await rest.inject({ method: 'DELETE', path: '/core/v2/posts/29', user: author });
    expect(trashed.data).toMatchObject({ status: 'trash', slug: 'hello-there__trashed' });
    expect(await rest.inject({ method: 'DELETE', path: '/core/v2/posts/29', user: author })).toMatchObject({ status: 410, data: { code: 'rest_already_trashed' } });
    expect((await rest.inject({ method: 'DELETE', path: '/core/v2/posts/29', query: { force: true }, user: author })).data).toMatchObject({ deleted: true, previous: { id: 29 } });
    expect(await rest.inject({ path: '/core/v2/posts/29', user: author })).toMatchObject({ status: 404, data: { code: 'rest_post_invalid_id' } });
  });

  it('refuses what the user’s role may not do, with WordPress’s codes', async () => {
    const rest = server();
    expect(await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'x', status: 'publish' }, user: contributor })).toMatchObject({
      status: 403,
      data: { code: 'rest_cannot_publish' },
    });
    expect(await rest.inject({ method: 'POST', path: '/core/v2/posts/4', body: { title: 'mine now' }, user: contributor })).toMatchObject({
      status: 403,
      data: { code: 'rest_cannot_edit' },
    });
    expect(await rest.inject({ method: 'DELETE', path: '/core/v2/posts/4', user: author })).toMatchObject({ status: 403, data: { code: 'rest_cannot_delete' } });
    expect(await rest.inject({ method: 'POST', path: '/core/v2/posts', body: {}, user: author })).toMatchObject({ status: 400, data: { code: 'empty_content' } });
    const draft = await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Just a draft' }, user: contributor });
    expect(draft.data).toMatchObject({ status: 'draft', slug: '', link: `${SITE.url}/?p=29`, generated_slug: 'just-a-draft' });
  });

  it('gives a second post with the same title a unique slug', async () => {
    const rest = server();
    await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Same', status: 'publish' }, user: admin });
    const second = await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Same', status: 'publish' }, user: admin });
    expect(second.data).toMatchObject({ slug: 'same-2' });
  });

  it('writes 25 posts through /batch/v1, all stored once, in order', async () => {
    const storage = memoryPostsStorage();
    const rest = server(storage);
    const requests = Array.from({ length: 25 }, (_, i) => ({ path: '/core/v2/posts', body: { title: `Batch ${i}`, status: 'publish' } }));
    const answer = await rest.inject({ method: 'POST', path: '/batch/v1', body: { requests }, user: admin });
    expect(answer.status).toBe(207);
    expect((answer.data as { responses: Array<{ status: number }> }).responses.map((r) => r.status)).toEqual(Array(25).fill(201));
    const stored = await storage.queryPosts(
      { status: ['publish'], author: [], authorExclude: [], include: [], exclude: [], slug: [], orderby: 'id', order: 'asc', offset: 0, limit: 100 },
      { user: admin, site: { ...SITE, home: SITE.url } },
    );
    expect(stored.total).toBe(25);
    expect(stored.posts.map((p) => p.title)).toEqual(requests.map((r) => r.body.title));
  });
});

describe('host storage', () => {
  it('uses the host’s callbacks where given and the memory store for the rest', async () => {
    const asked: unknown[] = [];
    const rest = server({
      queryPosts: async (query, context) => {
        asked.push({ search: query.search, user: context.user?.id ?? null });
        return { posts: samplePosts().slice(0, 1), total: 1 };
      },
    });
    const list = await rest.inject({ path: '/core/v2/posts', query: { search: 'bravo', _fields: 'id' } });
    expect(list.data).toEqual([{ id: 4 }]);
    expect(asked).toEqual([{ search: 'bravo', user: null }]);
    const created = await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Kept in memory' }, user: admin });
    expect(created.status).toBe(201);
  });

  it('answers a storage failure as a generic 500 without its text, and a thrown RestError as itself', async () => {
    const failing = server({
      getPost: async () => {
        throw new Error('connection to db-1 refused');
      },
    });
    const broken = await failing.inject({ path: '/core/v2/posts/4' });
    expect(broken.status).toBe(500);
    expect(broken.body).not.toContain('db-1');
    const busy = server({
      getPost: async () => {
        throw new RestError('storage_busy', 'The post store is busy; try again.', { status: 503 });
      },
    });
    expect(await busy.inject({ path: '/core/v2/posts/4' })).toMatchObject({ status: 503, data: { code: 'storage_busy' } });
  });
});
