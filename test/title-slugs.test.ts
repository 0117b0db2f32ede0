// The slug WordPress 6.1's `sanitize_title` makes of a title, as core/v2 and contact-forms/v1 give
// it: a published post's slug, a draft's generated_slug, a slug asked for, a new form's slug.
// The expected slugs are in test/fixtures/sanitize-title/ (origin in test/fixtures/README.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactForms, createRestServer, memoryStore, type RestUser } from '../src/index.js';
import { corePosts } from '../src/namespaces/core-posts/index.js';
import { capabilitiesOf } from '../src/core/auth/roles.js';
import { seededPostsStorage } from './helpers/posts-storage.js';

type Text = string | Array<string | [string, number]>;
interface SlugCase {
  why: string;
  title: Text;
  slug: Text;
}

const { cases } = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'sanitize-title', 'wp-6.1-slugs.json'), 'utf8')) as {
  cases: SlugCase[];
};

function text(value: Text): string {
  return typeof value === 'string' ? value : value.map((part) => (typeof part === 'string' ? part : part[0].repeat(part[1]))).join('');
}

const SITE = { name: 'Slug Site', url: 'http://slugs.test' };
const caps = capabilitiesOf(['administrator']);
const admin: RestUser = { id: 1, username: 'admin', can: (capability) => caps.has(capability) };

function postsServer() {
  return createRestServer({ site: SITE, namespaces: [corePosts({ storage: seededPostsStorage({ posts: [] }) })], onError: () => {} });
}

describe('core/v2 slugs from titles, as WordPress 6.1 makes them', () => {
  const rest = postsServer();

  it.each(cases.map((c) => [c.why, c] as const))('a published post: %s', async (_why, c) => {
    const created = await rest.inject<{ slug: string }>({
      method: 'POST',
      path: '/core/v2/posts',
      body: { title: text(c.title), status: 'publish' },
      user: admin,
    });
    expect(created.status).toBe(201);
    expect(created.data.slug).toBe(text(c.slug));
  });

  it('sanitizes a slug asked for as it sanitizes a title', async () => {
    const created = await rest.inject<{ slug: string }>({
      method: 'POST',
      path: '/core/v2/posts',
      body: { title: 'Anything', slug: 'Ünïcödé Slug — 日本', status: 'publish' },
      user: admin,
    });
    expect(created.data.slug).toBe('unicode-slug-%e6%97%a5%e6%9c%ac');
  });

  it("gives a draft's generated_slug from its title, and the post's id when nothing of the title is left", async () => {
    const accented = await rest.inject<{ id: number; slug: string; generated_slug: string }>({
      method: 'POST',
      path: '/core/v2/posts',
      body: { title: 'Brouillon à réviser' },
      query: { context: 'edit' },
      user: admin,
    });
    expect(accented.data).toMatchObject({ slug: '', generated_slug: 'brouillon-a-reviser' });
    const symbols = await rest.inject<{ id: number; generated_slug: string }>({
      method: 'POST',
      path: '/core/v2/posts',
      body: { title: '!!! ??? ***' },
      query: { context: 'edit' },
      user: admin,
    });
    expect(symbols.data.generated_slug).toBe(String(symbols.data.id));
  });
});

describe('contact-forms/v1 slugs from titles', () => {
  const editor: RestUser = { id: 2, username: 'editor', can: (cap) => ['read', 'edit_posts', 'publish_pages'].includes(cap) };
  const rest = createRestServer({ site: SITE, store: memoryStore(), namespaces: [contactForms()], onError: () => {} });
  const create = (title: string) =>
    rest.inject<{ id: number; slug: string }>({ method: 'POST', path: '/contact-forms/v1/contact-forms', body: { title }, user: editor });

  it.each([
    ['Formulaire de réservation', 'formulaire-de-reservation'],
    ['Straße & Düsseldorf', 'strase-dusseldorf'],
    ['Обратная связь', '%d0%be%d0%b1%d1%80%d0%b0%d1%82%d0%bd%d0%b0%d1%8f-%d1%81%d0%b2%d1%8f%d0%b7%d1%8c'],
    ['お問い合わせ 📮', '%e3%81%8a%e5%95%8f%e3%81%84%e5%90%88%e3%82%8f%e3%81%9b-%f0%9f%93%ae'],
  ])('gives a form titled %j the slug WordPress gives its post', async (title, slug) => {
    const created = await create(title);
    expect(created.status).toBe(200);
    expect(created.data.slug).toBe(slug);
  });

  it("falls back to the form's id when nothing of the title is left, as wp_insert_post does", async () => {
    const created = await create('¿? ¡! … ™');
    expect(created.data.slug).toBe(String(created.data.id));
  });
});
