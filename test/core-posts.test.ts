import { seededPostsStorage } from './helpers/posts-storage.js';
import { describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, RestError, seedPosts, type RestServer, type RestUser } from '../src/index.js';
import { corePosts, samplePosts, type PostRecord, type PostsStorage } from '../src/namespaces/core-posts/index.js';
import { capabilitiesOf } from '../src/core/auth/roles.js';

const SITE = { name: 'Example Site', url: 'http://site.test' };

function userWith(id: number, role: string): RestUser {
  const caps = capabilitiesOf([role]);
  return { id, username: role, can: (capability) => caps.has(capability) };
}

const admin = userWith(1, 'administrator');
const author = userWith(2, 'author');
const contributor = userWith(5, 'contributor');

function server(storage: PostsStorage = seededPostsStorage(), routing: 'path' | 'query' = 'path'): RestServer {
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

  it('keeps every slug of a long list in its pagination links, and leaves the links out past 16 KiB of query', async () => {
    const rest = server();
    const slugs = (n: number) => Array.from({ length: n }, (_, i) => `post-${String((i % 23) + 1).padStart(2, '0')}`).join(',');
    const kept = await rest.inject({ path: '/core/v2/posts', query: { per_page: 2, slug: slugs(400) } });
    expect(kept.headers['X-WP-TotalPages']).toBe('12');
    const next = nextLink(kept.headers.Link);
    expect(next).toContain('slug%5B399%5D=post-09');
    expect(next).toMatch(/&page=2$/);
    const long = await rest.inject({ path: '/core/v2/posts', query: { per_page: 2, slug: slugs(4000) } });
    expect(long.status).toBe(200);
    expect(long.headers['X-WP-TotalPages']).toBe('12');
    expect(long.headers.Link).not.toContain('rel="next"');
  });

  it('keeps drafts from anyone who may not edit posts', async () => {
    const rest = server();
    const anonymous = await rest.inject({ path: '/core/v2/posts', query: { status: 'draft' } });
    expect(anonymous).toMatchObject({ status: 400, data: { data: { params: { status: 'Status is forbidden.' } } } });
    const editor = await rest.inject({ path: '/core/v2/posts', query: { status: 'draft', _fields: 'id' }, user: admin });
    expect(editor.data).toEqual([{ id: 28 }, { id: 27 }]);
    expect(await rest.inject({ path: '/core/v2/posts/27' })).toMatchObject({ status: 401, data: { code: 'rest_forbidden' } });
  });

  it('orders by relevance only with a search and by include only with an include list, as WordPress', async () => {
    const rest = server();
    expect(await rest.inject({ path: '/core/v2/posts', query: { orderby: 'relevance' } })).toMatchObject({
      status: 400,
      data: { code: 'rest_no_search_term_defined', message: 'You need to define a search term to order by relevance.' },
    });
    expect(await rest.inject({ path: '/core/v2/posts', query: { orderby: 'include' } })).toMatchObject({
      status: 400,
      data: { code: 'rest_orderby_include_missing_include', message: 'You need to define an include parameter to order by include.' },
    });
    const included = await rest.inject({ path: '/core/v2/posts', query: { orderby: 'include', include: [5, 4], _fields: 'id' } });
    expect(included).toMatchObject({ status: 200 });
    expect(await rest.inject({ path: '/core/v2/posts', query: { orderby: 'relevance', search: 'bravo', _fields: 'id' } })).toMatchObject({
      status: 200,
    });
  });

  it('reads page and id numbers past any post as PHP does: page 1e309 is page 0 (the first), a huge page too large, a huge id absent', async () => {
    const rest = server();
    const first = await rest.inject<Array<{ id: number }>>({
      path: '/core/v2/posts',
      query: { page: '1e309', per_page: 2, _fields: 'id' },
    });
    expect(first).toMatchObject({ status: 200, data: [{ id: 26 }, { id: 25 }] });
    expect(await rest.inject({ path: '/core/v2/posts', query: { page: '99999999999999999999' } })).toMatchObject({
      status: 400,
      data: { code: 'rest_post_invalid_page_number' },
    });
    expect(await rest.inject({ path: '/core/v2/posts', query: { include: '99999999999999999999' } })).toMatchObject({
      status: 200,
      data: [],
    });
    expect(await rest.inject({ path: '/core/v2/posts/99999999999999999999' })).toMatchObject({
      status: 404,
      data: { code: 'rest_post_invalid_id' },
    });
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
    const created = await rest.inject({
      method: 'POST',
      path: '/core/v2/posts',
      body: { title: 'Hello there', content: 'First line.\n\nSecond.', status: 'publish' },
      user: author,
    });
    expect(created.status).toBe(201);
    expect(created.headers.Location).toBe(`${SITE.url}/wp-json/core/v2/posts/29`);
    expect(created.data).toMatchObject({
      id: 29,
      slug: 'hello-there',
      status: 'publish',
      author: 2,
      link: `${SITE.url}/hello-there/`,
      content: { rendered: '<p>First line.</p>\n<p>Second.</p>\n' },
    });

    const read = await rest.inject({ path: '/core/v2/posts/29' });
    expect(read.headers.Link).toBe(`<${SITE.url}/hello-there/>; rel="alternate"; type=text/html`);

    const updated = await rest.inject({
      method: 'PATCH',
      path: '/core/v2/posts/29',
      body: { title: { raw: 'Hello again' } },
      user: author,
    });
    expect(updated.data).toMatchObject({ title: { raw: 'Hello again' }, slug: 'hello-there' });

    const trashed = await rest.inject({ method: 'DELETE', path: '/core/v2/posts/29', user: author });
    expect(trashed.data).toMatchObject({ status: 'trash', slug: 'hello-there__trashed' });
    expect(await rest.inject({ method: 'DELETE', path: '/core/v2/posts/29', user: author })).toMatchObject({
      status: 410,
      data: { code: 'rest_already_trashed' },
    });
    expect((await rest.inject({ method: 'DELETE', path: '/core/v2/posts/29', query: { force: true }, user: author })).data).toMatchObject({
      deleted: true,
      previous: { id: 29 },
    });
    expect(await rest.inject({ path: '/core/v2/posts/29', user: author })).toMatchObject({
      status: 404,
      data: { code: 'rest_post_invalid_id' },
    });
  });

  it('refuses what the user’s role may not do, with WordPress’s codes', async () => {
    const rest = server();
    expect(
      await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'x', status: 'publish' }, user: contributor }),
    ).toMatchObject({
      status: 403,
      data: { code: 'rest_cannot_publish' },
    });
    expect(await rest.inject({ method: 'POST', path: '/core/v2/posts/4', body: { title: 'mine now' }, user: contributor })).toMatchObject({
      status: 403,
      data: { code: 'rest_cannot_edit' },
    });
    expect(await rest.inject({ method: 'DELETE', path: '/core/v2/posts/4', user: author })).toMatchObject({
      status: 403,
      data: { code: 'rest_cannot_delete' },
    });
    expect(await rest.inject({ method: 'POST', path: '/core/v2/posts', body: {}, user: author })).toMatchObject({
      status: 400,
      data: { code: 'empty_content' },
    });
    const draft = await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Just a draft' }, user: contributor });
    expect(draft.data).toMatchObject({ status: 'draft', slug: '', link: `${SITE.url}/?p=29`, generated_slug: 'just-a-draft' });
    expect(await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'x', id: 4 }, user: author })).toMatchObject({
      status: 400,
      data: { code: 'rest_post_exists' },
    });
    // WordPress checks `! empty( $request['id'] )`: an id of 0 creates a post.
    expect(await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'zero', id: 0 }, user: author })).toMatchObject({
      status: 201,
    });
  });

  it('gives a second post with the same title a unique slug', async () => {
    const rest = server();
    await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Same', status: 'publish' }, user: admin });
    const second = await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Same', status: 'publish' }, user: admin });
    expect(second.data).toMatchObject({ slug: 'same-2' });
  });

  it('writes 25 posts through /batch/v1, all stored once, in order', async () => {
    const storage = seededPostsStorage({ posts: [] });
    const rest = server(storage);
    const requests = Array.from({ length: 25 }, (_, i) => ({ path: '/core/v2/posts', body: { title: `Batch ${i}`, status: 'publish' } }));
    const answer = await rest.inject({ method: 'POST', path: '/batch/v1', body: { requests }, user: admin });
    expect(answer.status).toBe(207);
    expect((answer.data as { responses: Array<{ status: number }> }).responses.map((r) => r.status)).toEqual(Array(25).fill(201));
    const stored = await storage.queryPosts(
      {
        status: ['publish'],
        author: [],
        authorExclude: [],
        include: [],
        exclude: [],
        slug: [],
        orderby: 'id',
        order: 'asc',
        offset: 0,
        limit: 100,
      },
      { user: admin, site: { ...SITE, home: SITE.url }, signal: new AbortController().signal },
    );
    expect(stored.total).toBe(25);
    expect(stored.posts.map((p) => p.title)).toEqual(requests.map((r) => r.body.title));
  });
});

describe('host storage', () => {
  it('uses the host’s callbacks, called with the request’s user', async () => {
    const asked: unknown[] = [];
    const rest = server({
      ...seededPostsStorage({ posts: [] }),
      queryPosts: async (query, context) => {
        asked.push({ search: query.search, user: context.user?.id ?? null });
        return { posts: samplePosts().slice(0, 1), total: 1 };
      },
    });
    const list = await rest.inject({ path: '/core/v2/posts', query: { search: 'bravo', _fields: 'id' } });
    expect(list.data).toEqual([{ id: 4 }]);
    expect(asked).toEqual([{ search: 'bravo', user: null }]);
    const created = await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Kept by the host' }, user: admin });
    expect(created.status).toBe(201);
    const read = await rest.inject({ path: `/core/v2/posts/${(created.data as { id: number }).id}`, user: admin });
    expect(read).toMatchObject({ status: 200, data: { title: { rendered: 'Kept by the host' } } });
  });

  it('takes a class instance whose callbacks are methods on its prototype, each keeping its this', async () => {
    class Posts implements PostsStorage {
      readonly store = seededPostsStorage();
      reads = 0;
      getPost(...args: Parameters<PostsStorage['getPost']>) {
        this.reads++;
        return this.store.getPost(...args);
      }
      queryPosts(...args: Parameters<PostsStorage['queryPosts']>) {
        return this.store.queryPosts(...args);
      }
      createPost(...args: Parameters<PostsStorage['createPost']>) {
        return this.store.createPost(...args);
      }
      updatePost(...args: Parameters<PostsStorage['updatePost']>) {
        return this.store.updatePost(...args);
      }
      deletePost(...args: Parameters<PostsStorage['deletePost']>) {
        return this.store.deletePost(...args);
      }
    }
    const posts = new Posts();
    expect(await server(posts).inject({ path: '/core/v2/posts/4', query: { _fields: 'id' } })).toMatchObject({
      status: 200,
      data: { id: 4 },
    });
    expect(posts.reads).toBe(1);
  });

  it('answers a storage failure as a generic 500 without its text, and a thrown RestError as itself', async () => {
    const failing = server({
      ...seededPostsStorage({ posts: [] }),
      getPost: async () => {
        throw new Error('connection to db-1 refused');
      },
    });
    const broken = await failing.inject({ path: '/core/v2/posts/4' });
    expect(broken.status).toBe(500);
    expect(broken.body).not.toContain('db-1');
    const busy = server({
      ...seededPostsStorage({ posts: [] }),
      getPost: async () => {
        throw new RestError('storage_busy', 'The post store is busy; try again.', { status: 503 });
      },
    });
    expect(await busy.inject({ path: '/core/v2/posts/4' })).toMatchObject({ status: 503, data: { code: 'storage_busy' } });
  });
});

describe('the post a request addresses', () => {
  it('reads it from storage once per request, for the permission check, the handler and the Allow header', async () => {
    const memory = seededPostsStorage();
    const reads: number[] = [];
    const rest = server({ ...memory, getPost: (id, context) => (reads.push(id), memory.getPost(id, context)) });
    const read = await rest.inject({ path: '/core/v2/posts/4', user: admin });
    expect(read.headers.Allow).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(reads).toEqual([4]);
    const edited = await rest.inject({ method: 'PATCH', path: '/core/v2/posts/4', body: { title: 'Changed' }, user: admin });
    expect(edited).toMatchObject({ status: 200, data: { title: { raw: 'Changed' } } });
    expect(reads).toEqual([4, 4]);
  });

  it("is the one a query id names over the path’s, as WordPress’s $request['id']", async () => {
    const answer = await server().inject({ path: '/core/v2/posts/4', query: { id: 5, _fields: 'id' } });
    expect(answer.data).toEqual({ id: 5 });
  });

  it('still decides the Allow header of a request whose body was refused', async () => {
    const answer = await server().inject({
      method: 'PUT',
      path: '/core/v2/posts/4',
      body: '{"title":',
      headers: { 'content-type': 'application/json' },
      user: admin,
    });
    expect(answer).toMatchObject({ status: 400, data: { code: 'rest_invalid_json' } });
    expect(answer.headers.Allow).toBe('GET, POST, PUT, PATCH, DELETE');
  });
});

describe('password-protected posts and logged-out searches', () => {
  const secretPost = (): PostRecord => ({
    ...samplePosts()[0]!,
    id: 50,
    slug: 'secret',
    title: 'Members only',
    content: 'The vault code is swordfish.',
    password: 'letmein',
  });
  const withSecret = () => seededPostsStorage({ posts: [...samplePosts(), secretPost()] });

  it('leaves password-protected posts out of a logged-out search, as WP_Query does, and counts them out', async () => {
    const answer = await server(withSecret()).inject({ path: '/core/v2/posts', query: { search: 'swordfish' } });
    expect(answer.data).toEqual([]);
    expect(answer.headers['X-WP-Total']).toBe('0');
  });

  it('still lists them without a search, and finds them for a signed-in user, their content hidden without the password', async () => {
    const rest = server(withSecret());
    const listed = await rest.inject({ path: '/core/v2/posts', query: { _fields: 'id', per_page: 100 } });
    expect(listed.data).toContainEqual({ id: 50 });
    const found = await rest.inject({ path: '/core/v2/posts', query: { search: 'swordfish', _fields: 'id,content' }, user: author });
    expect(found.data).toEqual([{ id: 50, content: { rendered: '', protected: true } }]);
  });

  it('asks a host storage for has_password false on a logged-out search only, and drops a protected match it answers anyway', async () => {
    const asked: Array<boolean | undefined> = [];
    const rest = server({
      ...seededPostsStorage({ posts: [] }),
      queryPosts: async (query) => {
        asked.push(query.hasPassword);
        return { posts: [secretPost()], total: 1 };
      },
    });
    expect((await rest.inject({ path: '/core/v2/posts', query: { search: 'swordfish' } })).data).toEqual([]);
    await rest.inject({ path: '/core/v2/posts', query: { search: 'swordfish' }, user: author });
    await rest.inject({ path: '/core/v2/posts' });
    expect(asked).toEqual([false, undefined, undefined]);
  });
});

describe('_fields', () => {
  it('renders only the fields asked for: content is never rendered for _fields=id,title', async () => {
    let contentRead = 0;
    const post = samplePosts()[0]!;
    const watched = new Proxy(post, {
      get(target, key, receiver) {
        if (key === 'content') contentRead++;
        return Reflect.get(target, key, receiver);
      },
    });
    const rest = server({ ...seededPostsStorage({ posts: [] }), queryPosts: async () => ({ posts: [watched], total: 1 }) });
    const answer = await rest.inject({ path: '/core/v2/posts', query: { _fields: 'id,title' } });
    expect(answer.data).toEqual([{ id: 4, title: { rendered: 'Post 01 bravo' } }]);
    expect(contentRead).toBe(0);
    await rest.inject({ path: '/core/v2/posts', query: { _fields: 'excerpt.rendered' } });
    expect(contentRead).toBeGreaterThan(0);
  });

  it('answers nested fields and links as before', async () => {
    const rest = server();
    const answer = await rest.inject({
      path: '/core/v2/posts/4',
      query: { context: 'edit', _fields: 'title.raw,content.block_version,generated_slug,_links' },
      user: admin,
    });
    expect(answer.data).toMatchObject({ title: { raw: 'Post 01 bravo' }, content: { block_version: 1 }, generated_slug: 'post-01-bravo' });
    expect(Object.keys(answer.data as object)).toEqual(['title', 'content', 'generated_slug', '_links']);
    expect(Object.keys((answer.data as { content: object }).content)).toEqual(['block_version']);
  });
});

describe('rendering hostile content', () => {
  const post = (fields: Partial<PostRecord>): PostRecord => ({ ...samplePosts()[0]!, id: 60, slug: 'hostile', ...fields });
  const first = async (fields: Partial<PostRecord>, context = 'view') =>
    (
      (
        await server(seededPostsStorage({ posts: [post(fields)] })).inject({
          path: '/core/v2/posts',
          query: { context },
          user: context === 'edit' ? admin : null,
        })
      ).data as Array<Record<string, { rendered: string } | string>>
    )[0]!;

  it('renders "<div" and 60,000 "<" as a paragraph of text with an empty excerpt (strip_tags drops an unclosed tag)', async () => {
    const content = `<div${'<'.repeat(60_000)}`;
    const data = await first({ content });
    expect(data.content).toEqual({ rendered: `<p>${content}</p>\n`, protected: false });
    expect(data.excerpt).toEqual({ rendered: '', protected: false });
  });

  it('slugs a title of 60,000 "<" and words as strip_tags leaves it', async () => {
    expect((await first({ title: `Hello ${'<'.repeat(60_000)}` }, 'edit')).generated_slug).toBe('hello');
    expect((await first({ title: 'Tea < Coffee & <b>Milk</b>' }, 'edit')).generated_slug).toBe('tea-coffee-milk');
  });

  it('removes closed block delimiters and leaves an unclosed comment as written', async () => {
    const rest = `<!--\twp:${'<!--\twp:'.repeat(20_000)}`;
    const data = await first({ content: `<!-- wp:paragraph --><p>Hi</p><!-- /wp:paragraph -->${rest}` });
    expect((data.content as { rendered: string }).rendered).toBe(`<p>Hi</p>${rest}`);
  });

  it('leaves script and style elements out of the excerpt, and an unclosed one as text without its tag', async () => {
    const closed = await first({
      content: '<p>Keep this</p>\n<script>var secret = 1;</script>\n<style>p { color: red }</style>\n<p>and this.</p>',
    });
    expect(closed.excerpt).toEqual({ rendered: '<p>Keep this and this.</p>\n', protected: false });
    const open = await first({ content: `<p>Intro</p><script>${'x '.repeat(30_000)}` });
    expect((open.excerpt as { rendered: string }).rendered).toBe(`<p>Introx${' x'.repeat(54)} [&hellip;]</p>\n`);
  });

  it('texturizes only the text of a title, its tags as written', async () => {
    const data = await first({ title: '<a href="/x?a=1&b=2" title="it\'s">Tom\'s "best" -- ever...</a>' });
    expect(data.title).toEqual({ rendered: '<a href="/x?a=1&b=2" title="it\'s">Tom&#8217;s &#8220;best&#8221; &#8212; ever&#8230;</a>' });
  });
});

describe('dates that pass the schema', () => {
  const create = (rest: RestServer, body: Record<string, unknown>) =>
    rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Dated', ...body }, user: admin });
  const invalidDate = { status: 400, data: { code: 'rest_invalid_date', message: 'Invalid date.', data: { status: 400 } } };

  it('reads second 60 and any offset as strtotime does', async () => {
    const rest = server();
    expect((await create(rest, { date: '2023-01-01T10:00:60' })).data).toMatchObject({ date_gmt: '2023-01-01T10:01:00' });
    expect((await create(rest, { date: '2023-01-01T10:00:00+99:99' })).data).toMatchObject({ date_gmt: '2022-12-28T05:21:00' });
    expect((await create(rest, { date_gmt: '2023-01-01 24:00:00' })).data).toMatchObject({ date_gmt: '2023-01-02T00:00:00' });
    const local = createRestServer({ site: { ...SITE, gmt_offset: '2' }, namespaces: [corePosts()], onError: () => {} });
    expect((await create(local, { date: '2023-01-01T10:00:00' })).data).toMatchObject({
      date: '2023-01-01T10:00:00',
      date_gmt: '2023-01-01T08:00:00',
    });
  });

  it('answers 400 rest_invalid_date on create and update for a date no post can have', async () => {
    const rest = server();
    for (const body of [
      { date: '0000-01-01T00:00:00+01:00' },
      { date: '9999-12-31T23:59:60' },
      { date_gmt: '9999-12-31T23:59:59-01:00' },
    ]) {
      expect(await create(rest, body)).toMatchObject(invalidDate);
      expect(await rest.inject({ method: 'PATCH', path: '/core/v2/posts/4', body, user: admin })).toMatchObject(invalidDate);
    }
    const ahead = createRestServer({ site: { ...SITE, gmt_offset: '2' }, namespaces: [corePosts()], onError: () => {} });
    expect(await create(ahead, { date_gmt: '9999-12-31T23:00:00' })).toMatchObject(invalidDate);
    expect((await rest.inject({ path: '/core/v2/posts/4' })).data).toMatchObject({ date_gmt: '2023-01-01T09:00:00' });
  });

  it('filters lists by such dates, and answers 400 rest_invalid_date for one no post can have', async () => {
    const rest = server();
    // Second 60 rolls over to 09:00:00, the date of post 25, which `after` leaves out.
    const after = await rest.inject({ path: '/core/v2/posts', query: { after: '2023-01-22T08:59:60', _fields: 'id' } });
    expect(after.data).toEqual([{ id: 26 }]);
    for (const filter of ['after', 'before', 'modified_after', 'modified_before']) {
      expect(await rest.inject({ path: '/core/v2/posts', query: { [filter]: '2023-01-01T10:00:00+99:99' } })).toMatchObject({
        status: 200,
      });
      expect(await rest.inject({ path: '/core/v2/posts', query: { [filter]: '0000-01-01T00:00:00+01:00' } })).toMatchObject(invalidDate);
    }
  });
});

describe('_fields', () => {
  it('reads a list split on spaces as well as commas, as wp_parse_list does, for one post and for a list', async () => {
    const rest = server();
    const one = await rest.handle({ method: 'GET', url: '/wp-json/core/v2/posts/4?_fields=id%20slug', headers: {} });
    expect(Object.keys(JSON.parse(one!.body))).toEqual(['id', 'slug']);
    const list = await rest.handle({ method: 'GET', url: '/wp-json/core/v2/posts?_fields=slug,%20title.rendered', headers: {} });
    expect(Object.keys(JSON.parse(list!.body)[0])).toEqual(['slug', 'title']);
  });
});

describe('validation phases, as WordPress’s has_valid_params then sanitize_params', () => {
  /** WordPress's answer for invalid params, each `[name, code, message, data]` in the order it reports them. */
  function invalid(...params: Array<[string, string, string, unknown]>) {
    return {
      status: 400,
      data: {
        code: 'rest_invalid_param',
        message: `Invalid parameter(s): ${params.map(([name]) => name).join(', ')}`,
        data: {
          status: 400,
          params: Object.fromEntries(params.map(([name, , message]) => [name, message])),
          details: Object.fromEntries(params.map(([name, code, message, data]) => [name, { code, message, data }])),
        },
      },
    };
  }

  const contextError: [string, string, string, unknown] = [
    'context',
    'rest_not_in_enum',
    'context is not one of view, embed, and edit.',
    null,
  ];
  const pageError: [string, string, string, unknown] = ['page', 'rest_out_of_bounds', 'page must be greater than or equal to 1', null];
  const perPageError: [string, string, string, unknown] = [
    'per_page',
    'rest_out_of_bounds',
    'per_page must be between 1 (inclusive) and 100 (inclusive)',
    null,
  ];

  it('reports context, page and per_page in args order and stops before the type-only order', async () => {
    const answer = await server().handle({
      method: 'GET',
      url: '/wp-json/core/v2/posts?order=sideways&per_page=0&page=0&context=bogus',
      headers: {},
    });
    expect({ status: answer!.status, data: JSON.parse(answer!.body) }).toEqual(invalid(contextError, pageError, perPageError));
  });

  it('reports type-only collection params in request order once the first phase passes', async () => {
    const rest = server();
    const order: [string, string, string, unknown] = ['order', 'rest_not_in_enum', 'order is not one of asc and desc.', null];
    const sticky: [string, string, string, unknown] = [
      'sticky',
      'rest_invalid_type',
      'sticky is not of type boolean.',
      { param: 'sticky' },
    ];
    const get = async (url: string) => {
      const answer = (await rest.handle({ method: 'GET', url, headers: {} }))!;
      return { status: answer.status, data: JSON.parse(answer.body) as unknown };
    };
    expect(await get('/wp-json/core/v2/posts?sticky=maybe&order=up&per_page=5')).toEqual(invalid(sticky, order));
    expect(await get('/wp-json/core/v2/posts?order=up&sticky=maybe')).toEqual(invalid(order, sticky));
    // modified_after is type-only in WordPress too: a first-phase error leaves it unreported.
    expect(await get('/wp-json/core/v2/posts?modified_after=soon&page=0')).toEqual(invalid(pageError));
    expect(await get('/wp-json/core/v2/posts?modified_after=soon&order=up')).toEqual(
      invalid(['modified_after', 'rest_invalid_date', 'Invalid date.', null], order),
    );
  });

  it('reports a single post’s context before its type-only password', async () => {
    const answer = await server().inject({ path: '/core/v2/posts/4', query: { password: ['x'], context: 'all' } });
    expect(answer).toMatchObject(invalid(contextError));
  });

  it('reports the write args date, status, sticky and categories in args order, whatever the body’s order', async () => {
    const body = { categories: ['x'], sticky: 'maybe', title: 'Mixed', status: 'bogus', date: 'tomorrow' };
    const expected = invalid(
      ['date', 'rest_invalid_date', 'Invalid date.', null],
      ['status', 'rest_not_in_enum', 'status is not one of publish, future, draft, pending, and private.', null],
      ['sticky', 'rest_invalid_type', 'sticky is not of type boolean.', { param: 'sticky' }],
      ['categories', 'rest_invalid_type', 'categories[0] is not of type integer.', { param: 'categories[0]' }],
    );
    const rest = server();
    expect(await rest.inject({ method: 'POST', path: '/core/v2/posts', body, user: admin })).toEqual(expect.objectContaining(expected));
    expect(await rest.inject({ method: 'PATCH', path: '/core/v2/posts/4', body, user: admin })).toEqual(expect.objectContaining(expected));
  });

  it('answers a meta that is not an array "Invalid parameter." with no details of its own, as check_meta_is_array', async () => {
    const rest = server();
    const alone = await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'x', meta: 'x' }, user: admin });
    expect(alone.data).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): meta',
      data: { status: 400, params: { meta: 'Invalid parameter.' }, details: [] },
    });
    const withOthers = await rest.inject({
      method: 'POST',
      path: '/core/v2/posts',
      body: { meta: 7, format: 'poem', title: 'x' },
      user: admin,
    });
    expect(withOthers.data).toMatchObject({
      message: 'Invalid parameter(s): format, meta',
      data: { params: { format: expect.any(String), meta: 'Invalid parameter.' }, details: { format: { code: 'rest_not_in_enum' } } },
    });
    expect(Object.keys((withOthers.data as { data: { details: object } }).data.details)).toEqual(['format']);
    const created = await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'x', meta: { a: 1 } }, user: admin });
    expect(created.status).toBe(201);
  });

  it('checks only the value a write arg takes: a refused query value under the JSON body’s is sanitized, not refused', async () => {
    const answer = await server().inject({
      method: 'POST',
      path: '/core/v2/posts',
      query: { sticky: 'maybe', author: 'me' },
      body: { title: 'Layered', sticky: false, author: 1 },
      user: admin,
    });
    expect(answer).toMatchObject({ status: 201, data: { sticky: false, author: 1 } });
  });

  it('sanitizes search as sanitize_text_field: tags, line breaks and outer spaces go', async () => {
    const rest = server();
    const plain = await rest.inject({ path: '/core/v2/posts', query: { search: 'golf', _fields: 'id' } });
    const tagged = await rest.inject({ path: '/core/v2/posts', query: { search: '  <b>golf</b>\n', _fields: 'id' } });
    expect((plain.data as unknown[]).length).toBeGreaterThan(0);
    expect(tagged.data).toEqual(plain.data);
  });
});

describe('scheduled posts, as wp_insert_post and publish_future_post decide them', () => {
  const start = Date.parse('2030-05-01T12:00:00Z');

  /** A site over the sample posts whose clock the test moves. */
  function scheduledSite(storage?: (now: () => number) => PostsStorage) {
    const clock = { t: start };
    const now = () => clock.t;
    const rest = createRestServer({
      site: SITE,
      namespaces: [corePosts({ now, storage: storage ? storage(now) : seededPostsStorage({ now }) })],
      onError: () => {},
    });
    return { rest, clock };
  }
  const create = (rest: RestServer, body: Record<string, unknown>) =>
    rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Scheduled', ...body }, user: admin });

  it('files a publish dated a minute or more ahead as future, and a future dated less than a minute ahead as publish', async () => {
    const { rest } = scheduledSite();
    const cases: Array<[string, string, string]> = [
      ['publish', '2030-05-01T12:01:00', 'future'],
      ['publish', '2030-05-01T12:00:59', 'publish'],
      ['future', '2030-05-01T12:00:59', 'publish'],
      ['future', '2029-01-01T00:00:00', 'publish'],
      ['future', '2030-05-01T12:01:00', 'future'],
      ['draft', '2031-01-01T00:00:00', 'draft'],
    ];
    for (const [status, date_gmt, stored] of cases) {
      const answer = await create(rest, { status, date_gmt });
      expect([status, date_gmt, answer.status, (answer.data as { status: string }).status]).toEqual([status, date_gmt, 201, stored]);
    }
    // Without a date a future post is dated now, so it is published at once.
    expect((await create(rest, { status: 'future' })).data).toMatchObject({ status: 'publish', date_gmt: '2030-05-01T12:00:00' });
  });

  it('keeps a scheduled post from the public until its date, then reads it as published, alone and in lists', async () => {
    const { rest, clock } = scheduledSite();
    const created = await create(rest, { status: 'publish', date: '2030-05-02T08:00:00' });
    expect(created.data).toMatchObject({ id: 29, status: 'future', date_gmt: '2030-05-02T08:00:00' });
    const listed = async () => {
      const answer = await rest.inject({ path: '/core/v2/posts', query: { per_page: 1, _fields: 'id,status' } });
      return [answer.headers['X-WP-Total'], answer.data];
    };
    expect((await rest.inject({ path: '/core/v2/posts/29' })).status).toBe(401);
    expect(await listed()).toEqual(['23', [{ id: 26, status: 'publish' }]]);
    const scheduledList = await rest.inject({ path: '/core/v2/posts', query: { status: 'future', _fields: 'id' }, user: admin });
    expect(scheduledList.data).toEqual([{ id: 29 }]);

    clock.t = Date.parse('2030-05-02T08:00:00Z');
    expect(await rest.inject({ path: '/core/v2/posts/29' })).toMatchObject({ status: 200, data: { status: 'publish' } });
    expect(await listed()).toEqual(['24', [{ id: 29, status: 'publish' }]]);
    expect((await rest.inject({ path: '/core/v2/posts', query: { status: 'future' }, user: admin })).data).toEqual([]);
  });

  it('reschedules on update: a draft published with a future date, a published post moved ahead, a future post moved back', async () => {
    const { rest } = scheduledSite();
    const patch = (id: number, body: Record<string, unknown>) =>
      rest.inject({ method: 'PATCH', path: `/core/v2/posts/${id}`, body, user: admin }).then((a) => (a.data as { status: string }).status);
    expect(await patch(27, { status: 'publish', date_gmt: '2030-06-01T00:00:00' })).toBe('future');
    expect(await patch(27, { date_gmt: '2030-04-01T00:00:00' })).toBe('publish');
    expect(await patch(4, { date_gmt: '2030-06-01T00:00:00' })).toBe('future');
    expect(await patch(4, { title: 'Still scheduled' })).toBe('future');
  });

  it('stamps modified_gmt with the memory store’s clock', async () => {
    const { rest } = scheduledSite();
    expect((await create(rest, { status: 'draft' })).data).toMatchObject({ modified_gmt: '2030-05-01T12:00:00' });
  });

  it('reads a host storage’s due future post as published, though the storage still calls it future', async () => {
    const due: PostRecord = { ...samplePosts()[0]!, id: 40, status: 'future', date_gmt: '2030-05-01T11:59:59', slug: 'due' };
    const { rest } = scheduledSite((now) => ({
      ...seededPostsStorage({ posts: [], now }),
      getPost: async (id) => (id === 40 ? structuredClone(due) : null),
    }));
    expect(await rest.inject({ path: '/core/v2/posts/40' })).toMatchObject({ status: 200, data: { id: 40, status: 'publish' } });
  });
});

describe('rendered text kept between requests', () => {
  const rendered = async (rest: RestServer, id: number, query: Record<string, string> = {}) =>
    (
      await rest.inject<{ title: { rendered: string }; content: { rendered: string }; excerpt: { rendered: string } }>({
        path: `/core/v2/posts/${id}`,
        query: { _fields: 'title,content,excerpt', ...query },
      })
    ).data;

  it('answers a post updated through the API with its new text, even within the same second', async () => {
    const rest = createRestServer({
      site: SITE,
      namespaces: [corePosts({ storage: seededPostsStorage(), now: () => Date.parse('2030-01-01T00:00:00Z') })],
    });
    await rendered(rest, 4);
    for (const word of ['First', 'Second']) {
      const written = await rest.inject({
        method: 'PATCH',
        path: '/core/v2/posts/4',
        body: { title: `${word} "take"`, content: word },
        user: admin,
      });
      expect(written.status).toBe(200);
      expect(await rendered(rest, 4)).toMatchObject({
        title: { rendered: `${word} &#8220;take&#8221;` },
        content: { rendered: `<p>${word}</p>\n` },
        excerpt: { rendered: `<p>${word}</p>\n` },
      });
    }
  });

  it('answers a post written straight to the store with its new text, whether or not its modification time moved', async () => {
    const store = memoryStore();
    await seedPosts(store, samplePosts());
    const rest = createRestServer({ site: SITE, store, namespaces: [corePosts()] });
    await rendered(rest, 4);
    await store.posts.update(4, { post_content: 'Moved on', post_modified_gmt: '2030-01-01 00:00:00' });
    expect((await rendered(rest, 4)).content.rendered).toBe('<p>Moved on</p>\n');
    await store.posts.update(4, { post_title: 'Same minute', post_excerpt: 'Kept short' });
    expect(await rendered(rest, 4)).toMatchObject({ title: { rendered: 'Same minute' }, excerpt: { rendered: '<p>Kept short</p>\n' } });
  });

  it('lists a post’s links with its new author and revisions, and at each address, within the same second', async () => {
    const store = memoryStore();
    await seedPosts(store, samplePosts());
    const rest = createRestServer({ site: SITE, store, trustHost: true, namespaces: [corePosts()] });
    type Listed = Array<{ _links: Record<string, Array<{ href: string; count?: number; id?: number }>> }>;
    const links = async (host = 'site.test') => {
      const answer = await rest.handle({ method: 'GET', url: '/wp-json/core/v2/posts?include=4', headers: { host } });
      return (JSON.parse(answer!.body) as Listed)[0]!._links;
    };
    expect((await links()).author).toEqual([{ embeddable: true, href: `${SITE.url}/wp-json/core/v2/users/1` }]);
    await store.posts.update(4, { post_author: 3 });
    expect((await links()).author![0]!.href).toBe(`${SITE.url}/wp-json/core/v2/users/3`);
    const revision = await store.posts.insert({ post_type: 'revision', post_status: 'inherit', post_parent: 4, post_title: 'Old' });
    expect((await links())['version-history']![0]!.count).toBe(1);
    expect((await links())['predecessor-version']).toEqual([
      { id: revision.ID, href: `${SITE.url}/wp-json/core/v2/posts/4/revisions/${revision.ID}` },
    ]);
    expect((await links('elsewhere.test')).self).toEqual([{ href: 'http://elsewhere.test/wp-json/core/v2/posts/4' }]);
    expect((await links()).self).toEqual([{ href: `${SITE.url}/wp-json/core/v2/posts/4` }]);
  });

  it('lists each post with the links its own answer carries, revisions and query routing included', async () => {
    for (const routing of ['path', 'query'] as const) {
      const store = memoryStore();
      await seedPosts(store, samplePosts());
      const rest = createRestServer({ site: SITE, store, routing, namespaces: [corePosts()] });
      await rest.inject({ method: 'PATCH', path: '/core/v2/posts/4', body: { title: 'Revised' }, user: admin });
      const listed = await rest.inject<Array<{ id: number; _links: unknown }>>({ path: '/core/v2/posts', query: { per_page: 30 } });
      for (const id of [4, 5, 26]) {
        const own = await rest.inject<{ _links: unknown }>({ path: `/core/v2/posts/${id}` });
        expect(listed.data.find((post) => post.id === id)!._links).toEqual(own.data._links);
      }
      expect(JSON.stringify(listed.data.find((post) => post.id === 4)!._links)).toContain('"predecessor-version":[{"id":');
    }
  });

  it('keeps a post’s links as they are when a hook changes those of one answer', async () => {
    const store = memoryStore();
    await seedPosts(store, samplePosts());
    let rewrite = true;
    const rest = createRestServer({
      site: SITE,
      store,
      namespaces: [corePosts()],
      onResponse: (response) => {
        if (rewrite)
          for (const post of response.data as Array<{ _links: { self: Array<{ href: string }> } }>) post._links.self[0]!.href = 'rewritten';
      },
    });
    const self = async () =>
      (await rest.inject<Array<{ _links: { self: Array<{ href: string }> } }>>({ path: '/core/v2/posts', query: { include: '4' } }))
        .data[0]!._links.self[0]!.href;
    expect(await self()).toBe('rewritten');
    rewrite = false;
    expect(await self()).toBe(`${SITE.url}/wp-json/core/v2/posts/4`);
  });

  it('hides a password-protected post’s text without the password and shows it with, in either order', async () => {
    const store = memoryStore();
    await seedPosts(store, samplePosts());
    const rest = createRestServer({ site: SITE, store, namespaces: [corePosts({ renderCacheSize: 1 })] });
    await store.posts.update(4, { post_title: 'Members only', post_content: 'The vault code is swordfish.', post_password: 'letmein' });
    const hidden = {
      title: { rendered: 'Protected: Members only' },
      content: { rendered: '', protected: true },
      excerpt: { rendered: '', protected: true },
    };
    const shown = {
      title: { rendered: 'Protected: Members only' },
      content: { rendered: '<p>The vault code is swordfish.</p>\n', protected: true },
      excerpt: { rendered: '<p>The vault code is swordfish.</p>\n', protected: true },
    };
    expect(await rendered(rest, 4)).toEqual(hidden);
    expect(await rendered(rest, 4, { password: 'letmein' })).toEqual(shown);
    expect(await rendered(rest, 4)).toEqual(hidden);
    await rendered(rest, 5);
    expect(await rendered(rest, 4, { password: 'letmein' })).toEqual(shown);
    await store.posts.update(4, { post_password: '' });
    expect((await rendered(rest, 4)).title.rendered).toBe('Members only');
  });
});
