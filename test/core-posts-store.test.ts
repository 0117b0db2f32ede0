// core/v2 posts on the server's site store: a post reads back as it was written on every backend,
// kept as WordPress keeps it (columns, sticky_posts, meta, terms, revisions), and a page of posts
// costs three SQL statements whatever its size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../src/core/auth/roles.js';
import { corePosts, createRestServer, memoryStore, samplePosts, seedPosts, type RestUser, type SiteStore } from '../src/index.js';
import { pgliteStore } from '../src/store.js';

const SITE = { name: 'Store Site', url: 'http://site.test', gmt_offset: '2' };
const caps = capabilitiesOf(['administrator']);
const admin: RestUser = { id: 1, username: 'admin', can: (capability) => caps.has(capability) };

interface Post {
  id: number;
  date: string;
  date_gmt: string;
  slug: string;
  status: string;
  title: { raw: string };
  content: { raw: string };
  sticky: boolean;
  template: string;
  format: string;
  categories: number[];
  tags: number[];
  featured_media: number;
  _links: Record<string, Array<{ href: string; count?: number; id?: number }>>;
}

/** Statements the PGlite store sent, counted from the moment `reset` was last called. */
const statements: string[] = [];
let pglite: SiteStore;

beforeAll(async () => {
  pglite = await pgliteStore({ onQuery: (text) => statements.push(text) });
}, 60_000);
afterAll(async () => {
  await pglite.close();
});

const backends: Array<[string, () => SiteStore]> = [
  ['memory', () => memoryStore()],
  ['PGlite', () => pglite],
];

describe.each(backends)('core/v2 posts on the %s store', (_name, storeOf) => {
  const site = (now?: () => number) => {
    const store = storeOf();
    return { store, rest: createRestServer({ site: SITE, store, namespaces: [corePosts({ now })], onError: () => {} }) };
  };
  const write = (rest: ReturnType<typeof site>['rest'], method: 'POST' | 'DELETE', path: string, body?: Record<string, unknown>) =>
    rest.inject<Post>({ method, path: `/core/v2/posts${path}`, body, query: { context: 'edit' }, user: admin });

  it('reads a post back as written: categories, tags, sticky, format, template, featured media, trash and restore', async () => {
    const { store, rest } = site();
    const news = await store.terms.insert({ name: 'News', slug: 'news', taxonomy: 'category' });
    const hot = await store.terms.insert({ name: 'Hot', slug: 'hot', taxonomy: 'post_tag' });
    const created = await write(rest, 'POST', '', {
      title: 'Round trip',
      content: 'Body',
      status: 'publish',
      categories: [news.term_id, 9999],
      tags: [hot.term_id],
      sticky: true,
      format: 'aside',
      template: 'wide.php',
      featured_media: 12,
      date: '2026-03-01T10:00:00',
    });
    // As `wp_set_object_terms`, an id that is no term of the taxonomy is skipped.
    expect(created.data.categories).toEqual([news.term_id]);
    expect(created.status).toBe(201);
    const id = created.data.id;
    const read = await rest.inject<Post>({ path: `/core/v2/posts/${id}`, query: { context: 'edit' }, user: admin });
    expect(read.data).toMatchObject({
      date: '2026-03-01T10:00:00',
      date_gmt: '2026-03-01T08:00:00',
      categories: [news.term_id],
      tags: [hot.term_id],
      sticky: true,
      format: 'aside',
      template: 'wide.php',
      featured_media: 12,
    });
    expect(read.data).toEqual(created.data);

    // As WordPress keeps it.
    expect(await store.posts.get(id)).toMatchObject({ post_date: '2026-03-01 10:00:00', post_date_gmt: '2026-03-01 08:00:00' });
    expect(await store.options.get('sticky_posts')).toEqual([id]);
    expect(await store.postMeta.get(id, '_wp_page_template')).toEqual(['wide.php']);
    expect(await store.postMeta.get(id, '_thumbnail_id')).toEqual(['12']);
    const terms = await store.terms.getObjectTerms([id]);
    expect(terms.map(({ term }) => `${term.taxonomy}:${term.slug}`).sort()).toEqual([
      'category:news',
      'post_format:post-format-aside',
      'post_tag:hot',
    ]);

    const trashed = await write(rest, 'DELETE', `/${id}`);
    expect(trashed.data.status).toBe('trash');
    expect(await store.postMeta.get(id, '_wp_trash_meta_status')).toEqual(['publish']);
    expect(await store.postMeta.get(id, '_wp_trash_meta_time')).toHaveLength(1);
    const restored = await write(rest, 'POST', `/${id}`, { status: 'publish', slug: 'round-trip', sticky: false, format: 'standard' });
    expect(restored.data).toMatchObject({ status: 'publish', slug: 'round-trip', sticky: false, format: 'standard', template: 'wide.php' });
    expect(await store.options.get('sticky_posts')).toEqual([]);
  });

  it('stores a revision when an update changes title, content or excerpt, and links the history as WordPress does', async () => {
    const { store, rest } = site();
    const created = await write(rest, 'POST', '', { title: 'First', content: 'One', status: 'publish' });
    const id = created.data.id;
    expect(created.data._links['version-history']).toEqual([{ count: 0, href: `${SITE.url}/wp-json/core/v2/posts/${id}/revisions` }]);
    expect(created.data._links['predecessor-version']).toBeUndefined();

    const updated = await write(rest, 'POST', `/${id}`, { title: 'Second' });
    const [revision] = (await store.posts.query({ type: ['revision'], parent: [id] })).posts;
    expect(revision).toMatchObject({
      post_type: 'revision',
      post_status: 'inherit',
      post_parent: id,
      post_name: `${id}-revision-v1`,
      post_title: 'Second',
      post_content: 'One',
    });
    expect(updated.data._links['version-history']?.[0]?.count).toBe(1);
    expect(updated.data._links['predecessor-version']).toEqual([
      { id: revision!.ID, href: `${SITE.url}/wp-json/core/v2/posts/${id}/revisions/${revision!.ID}` },
    ]);

    await write(rest, 'POST', `/${id}`, { title: 'Second', comment_status: 'closed' });
    const third = await write(rest, 'POST', `/${id}`, { content: 'Two' });
    expect(third.data._links['version-history']?.[0]?.count).toBe(2);
    expect(third.data._links['predecessor-version']?.[0]?.id).toBeGreaterThan(revision!.ID);

    const listed = await rest.inject<Post[]>({ path: '/core/v2/posts', query: { include: String(id) } });
    expect(listed.data[0]?._links['version-history']?.[0]?.count).toBe(2);

    expect((await write(rest, 'DELETE', `/${id}?force=true`)).status).toBe(200);
    expect((await store.posts.query({ type: ['revision'], parent: [id] })).total).toBe(0);
  });

  it('publishes a scheduled post when its date comes, in the list’s status filters too', async () => {
    const clock = { t: Date.parse('2031-05-01T12:00:00Z') };
    const { rest } = site(() => clock.t);
    const created = await write(rest, 'POST', '', { title: 'Scheduled', status: 'publish', date_gmt: '2031-05-01T13:00:00' });
    expect(created.data.status).toBe('future');
    const statuses = async (status: string) =>
      (await rest.inject<Post[]>({ path: '/core/v2/posts', query: { status, include: String(created.data.id) }, user: admin })).data.map(
        (post) => post.status,
      );
    expect([await statuses('future'), await statuses('publish')]).toEqual([['future'], []]);
    clock.t = Date.parse('2031-05-01T13:00:00Z');
    expect([await statuses('future'), await statuses('publish')]).toEqual([[], ['publish']]);
  });
});

describe('a page of posts on SQL', () => {
  it('costs three statements: the posts with their count, sticky list and revisions; their meta; their terms', async () => {
    const store = await pgliteStore({ tablePrefix: 'count_', onQuery: (text) => statements.push(text) });
    try {
      const many = Array.from({ length: 100 }, (_, i) => ({
        ...samplePosts()[i % 23]!,
        id: 100 + i,
        slug: `many-${i}`,
        sticky: i % 10 === 0,
      }));
      await seedPosts(store, many);
      const rest = createRestServer({ site: SITE, store, namespaces: [corePosts()] });
      statements.length = 0;
      const answer = await rest.inject<Post[]>({ path: '/core/v2/posts', query: { per_page: 10, page: 1 } });
      expect(answer.status).toBe(200);
      expect(answer.data).toHaveLength(10);
      expect(answer.headers['X-WP-Total']).toBe('100');
      expect(statements).toHaveLength(3);
      expect(answer.data.filter((post) => post.sticky).length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  }, 60_000);
});
