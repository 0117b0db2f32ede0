// The `theme/v1` namespace (the Genesis Framework's `genesis/v1`) through `inject`: layouts by
// comma-listed type with Genesis 3.3's right-to-left fallback, singular images and breadcrumbs on
// the `genesis-settings` option (public GETs, `edit_theme_options` PUTs), the reading settings,
// and the settings kept in a PGlite store across a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  capabilitiesOf,
  createRestServer,
  GENESIS_SETTINGS_FIELD,
  memoryStore,
  theme,
  variantA,
  type RestServer,
  type RestUser,
  type SiteFacts,
  type SiteStore,
  type ThemeOptions,
} from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';

const NS = '/theme/v1';
const SITE: SiteFacts = { name: 'Theme Site', url: 'http://theme.test' };

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, 'theme', name), 'utf8')) as T;
}

/** Genesis's six layouts as `layouts/site` answers them on http://theme.test. */
const SITE_LAYOUTS = fixture<Record<string, unknown>>('site-layouts.json');
/** Layouts a child theme registers for other types: `singular`, `page`, `page-24` and `site-7`. */
const HOST_LAYOUTS = fixture<NonNullable<ThemeOptions['layouts']>>('host-layouts.json');

function userWith(id: number, roles: string[]): RestUser {
  const caps = capabilitiesOf(roles);
  return { id, username: roles[0], can: (cap) => caps.has(cap) };
}

const admin = userWith(1, ['administrator']);
const editor = userWith(2, ['editor']);
const author = userWith(3, ['author']);
const subscriber = userWith(4, ['subscriber']);

function serverOn(store: SiteStore, options: ThemeOptions = {}, site: SiteFacts = SITE): RestServer {
  return createRestServer({ site, store, namespaces: [theme(options)], onError: () => {} });
}

function server(options: ThemeOptions = {}, site: SiteFacts = SITE): RestServer {
  return serverOn(memoryStore(), options, site);
}

async function layouts(rest: RestServer, type: string): Promise<string[]> {
  const answer = await rest.inject({ path: `${NS}/layouts/${type}` });
  expect(answer.status).toBe(200);
  return Object.keys(answer.data as object);
}

const SIX = Object.keys(SITE_LAYOUTS);

describe('layouts/{type}', () => {
  it('answers Genesis six site layouts, content-sidebar the default, pictures under the site address', async () => {
    const answer = await server().inject({ path: `${NS}/layouts/site` });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual(SITE_LAYOUTS);
    expect(Object.keys(answer.data as object)).toEqual(SIX);
  });

  it('is public', async () => {
    const answer = await server().inject({ path: `${NS}/layouts/site`, user: null });
    expect(answer.status).toBe(200);
  });

  it('tries a comma list right to left, a trailing number naming one post of the type before it', async () => {
    const rest = server({ layouts: HOST_LAYOUTS });
    expect(await layouts(rest, 'singular,page,24')).toEqual(['landing']);
    expect(await layouts(rest, 'singular,page,25')).toEqual(['page-narrow']);
    expect(await layouts(rest, 'singular,post,25')).toEqual(['singular-wide']);
    expect(await layouts(rest, 'singular,post')).toEqual(['singular-wide']);
    expect(await layouts(rest, 'page,singular')).toEqual(['singular-wide']);
  });

  it('falls back to the site layouts when no listed type has any', async () => {
    const rest = server({ layouts: HOST_LAYOUTS });
    expect(await layouts(rest, 'product')).toEqual(SIX);
    expect(await layouts(rest, 'archive,product,9')).toEqual(SIX);
    expect(await layouts(rest, ',,')).toEqual(SIX);
  });

  it('reads a number alone as a post of the site type, then the site', async () => {
    const rest = server({ layouts: HOST_LAYOUTS });
    expect(await layouts(rest, '7')).toEqual(['post-seven']);
    expect(await layouts(rest, '8')).toEqual(SIX);
    // Only the last entry is read as a number: `24,page` tries page, then 24, then site.
    expect(await layouts(rest, '24,page')).toEqual(['page-narrow']);
  });

  it('keeps empty entries of the list as types no layout has', async () => {
    const rest = server({ layouts: HOST_LAYOUTS });
    expect(await layouts(rest, 'page,')).toEqual(['page-narrow']);
    expect(await layouts(rest, ',page')).toEqual(['page-narrow']);
  });

  it('tries only the last 32 types of a long list, then the site', async () => {
    const rest = server({ layouts: HOST_LAYOUTS });
    const filler = Array.from({ length: 20_000 }, (_, i) => `type${i}`).join(',');
    expect(await layouts(rest, `${filler},page`)).toEqual(['page-narrow']);
    expect(await layouts(rest, `page,${filler}`)).toEqual(SIX);
    const thirtyOne = Array.from({ length: 31 }, (_, i) => `t${i}`).join(',');
    expect(await layouts(rest, `page,${thirtyOne}`)).toEqual(['page-narrow']);
    expect(await layouts(rest, `page,x,${thirtyOne}`)).toEqual(SIX);
  });

  it('lets a query type beat the path, as WordPress merges params', async () => {
    const rest = server({ layouts: HOST_LAYOUTS });
    const answer = await rest.inject({ path: `${NS}/layouts/site`, query: { type: 'page,24' } });
    expect(Object.keys(answer.data as object)).toEqual(['landing']);
  });

  it('answers the generic 500 for a list as the type, as Genesis strpos() fails on it', async () => {
    const answer = await server().inject({ path: `${NS}/layouts/site`, query: { type: ['page'] } });
    expect(answer.status).toBe(500);
    expect(answer.data).toMatchObject({ code: 'internal_server_error' });
  });

  it('refuses characters the route pattern does not take with rest_no_route', async () => {
    const answer = await server().inject({ path: `${NS}/layouts/page.24` });
    expect(answer.status).toBe(404);
    expect(answer.data).toMatchObject({ code: 'rest_no_route' });
  });

  it('lets a host replace, unregister and add layouts, one default among them', async () => {
    const rest = server({
      layouts: {
        'content-sidebar-sidebar': false,
        'full-width-content': { label: 'Full width', img: '/x.gif' },
        narrow: { label: 'Narrow', default: true },
      },
    });
    const answer = await rest.inject({ path: `${NS}/layouts/site` });
    const data = answer.data as Record<string, Record<string, unknown>>;
    expect(Object.keys(data)).toEqual([
      'content-sidebar',
      'sidebar-content',
      'sidebar-sidebar-content',
      'sidebar-content-sidebar',
      'full-width-content',
      'narrow',
    ]);
    expect(data['full-width-content']).toEqual({ label: 'Full width', img: 'http://theme.test/x.gif', type: ['site'] });
    expect(data.narrow).toEqual({
      label: 'Narrow',
      img: 'http://theme.test/wp-content/themes/genesis/lib/admin/images/layouts/none.gif',
      type: ['site'],
      default: true,
    });
    expect(data['content-sidebar']).not.toHaveProperty('default');
    expect(data['sidebar-content']).not.toHaveProperty('default');
  });

  it('answers [] when no layout is registered for any type', async () => {
    const none = Object.fromEntries(SIX.map((id) => [id, false as const]));
    const answer = await server({ layouts: none }).inject({ path: `${NS}/layouts/site` });
    expect(answer.data).toEqual([]);
  });

  it('refuses a layout whose types are not a list when mounted', () => {
    expect(() => theme({ layouts: { odd: { type: 'page' as unknown as string[] } } })).toThrow(/theme layout odd/);
  });
});

describe('singular-images', () => {
  it('lists no post type on a fresh site, Genesis showing no featured image by default', async () => {
    const answer = await server().inject({ path: `${NS}/singular-images`, user: null });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual([]);
  });

  it('turns featured images on and off per post type for an administrator, answering the enabled list', async () => {
    const rest = server();
    const on = await rest.inject({ method: 'PUT', path: `${NS}/singular-images`, body: { page: 1, post: 1 }, user: admin });
    expect(on.status).toBe(200);
    expect(on.data).toEqual(['post', 'page']);
    const off = await rest.inject({ method: 'PUT', path: `${NS}/singular-images`, body: { post: 0 }, user: admin });
    expect(off.data).toEqual(['page']);
    expect((await rest.inject({ path: `${NS}/singular-images` })).data).toEqual(['page']);
  });

  it('reads values as genesis_get_option does: entities decoded, then PHP truth', async () => {
    const rest = server();
    const put = (body: unknown) => rest.inject({ method: 'PUT', path: `${NS}/singular-images`, body, user: admin });
    expect((await put({ post: '0', page: 'yes' })).data).toEqual(['page']);
    expect((await put({ post: '0.0', page: '&#48;' })).data).toEqual(['post']);
    expect((await put({ post: [], page: [0] })).data).toEqual(['page']);
    expect((await put({ post: true, page: null })).data).toEqual(['post']);
  });

  it('keeps the value as sent in genesis-settings, and nothing for a post type without support', async () => {
    const store = memoryStore();
    const rest = serverOn(store);
    const answer = await rest.inject({ method: 'PUT', path: `${NS}/singular-images`, body: { post: 'on', product: 1 }, user: admin });
    expect(answer.data).toEqual(['post']);
    const stored = (await store.options.get(GENESIS_SETTINGS_FIELD)) as Record<string, unknown>;
    expect(stored).toEqual({ show_featured_image_post: 'on' });
  });

  it('serves the post types the host says support singular images, in its order', async () => {
    const rest = server({ singularImageTypes: ['product', 'post'] });
    const answer = await rest.inject({ method: 'PUT', path: `${NS}/singular-images`, body: { post: 1, product: 1, page: 1 }, user: admin });
    expect(answer.data).toEqual(['product', 'post']);
  });

  it('refuses post types that are not a list of names when mounted', () => {
    expect(() => theme({ singularImageTypes: 'post' as unknown as string[] })).toThrow(/singularImageTypes/);
    expect(() => theme({ singularImageTypes: ['post', ''] })).toThrow(/singularImageTypes/);
  });

  it('answers 400 rest_invalid_json for a body that is not JSON', async () => {
    const answer = await server().inject({
      method: 'PUT',
      path: `${NS}/singular-images`,
      body: '{"post": 1',
      headers: { 'Content-Type': 'application/json' },
      user: admin,
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: 'rest_invalid_json' });
  });

  it('changes nothing for JSON that is not an object, or a form body, as Genesis reads only JSON params', async () => {
    const rest = server();
    await rest.inject({ method: 'PUT', path: `${NS}/singular-images`, body: { page: 1 }, user: admin });
    for (const body of ['5', '"post"', 'null']) {
      const answer = await rest.inject({
        method: 'PUT',
        path: `${NS}/singular-images`,
        body,
        headers: { 'Content-Type': 'application/json' },
        user: admin,
      });
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual(['page']);
    }
    const form = await rest.inject({
      method: 'PUT',
      path: `${NS}/singular-images`,
      body: 'post=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      user: admin,
    });
    expect(form.data).toEqual(['page']);
  });

  it('refuses a body naming more than 100 settings with 400 rest_too_many_settings', async () => {
    const body = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`type${i}`, 1]));
    const answer = await server().inject({ method: 'PUT', path: `${NS}/singular-images`, body, user: admin });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: 'rest_too_many_settings', data: { status: 400 } });
  });
});

describe('breadcrumbs', () => {
  it('lists no breadcrumb on a fresh site, Genesis installing them all off', async () => {
    const answer = await server().inject({ path: `${NS}/breadcrumbs`, user: null });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual([]);
  });

  it('saves breadcrumb settings and answers the enabled ones in the option order', async () => {
    const rest = server();
    const answer = await rest.inject({
      method: 'PUT',
      path: `${NS}/breadcrumbs`,
      body: { breadcrumb_page: 1, breadcrumb_single: 1, breadcrumb_front_page: 0 },
      user: admin,
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual(['breadcrumb_single', 'breadcrumb_page']);
    expect((await rest.inject({ path: `${NS}/breadcrumbs` })).data).toEqual(['breadcrumb_single', 'breadcrumb_page']);
  });

  it('ignores keys that are not breadcrumb settings, and breadcrumb_ keys the option does not have', async () => {
    const store = memoryStore();
    const rest = serverOn(store);
    const answer = await rest.inject({
      method: 'PUT',
      path: `${NS}/breadcrumbs`,
      body: '{"site_layout": "full-width-content", "breadcrumb_404": 1, "breadcrumb_custom": 1, "__proto__": {"breadcrumb_page": 1}}',
      headers: { 'Content-Type': 'application/json' },
      user: admin,
    });
    expect(answer.data).toEqual(['breadcrumb_404']);
    const stored = (await store.options.get(GENESIS_SETTINGS_FIELD)) as Record<string, unknown>;
    expect(stored).toEqual({ breadcrumb_404: 1 });
  });

  it('serves a breadcrumb setting a host put in genesis-settings', async () => {
    const store = memoryStore();
    await store.options.set(GENESIS_SETTINGS_FIELD, { breadcrumb_product: 0 });
    const answer = await serverOn(store).inject({
      method: 'PUT',
      path: `${NS}/breadcrumbs`,
      body: { breadcrumb_product: 1, breadcrumb_home: 1 },
      user: admin,
    });
    expect(answer.data).toEqual(['breadcrumb_home', 'breadcrumb_product']);
  });

  it('reads values by PHP truth', async () => {
    const rest = server();
    const answer = await rest.inject({
      method: 'PUT',
      path: `${NS}/breadcrumbs`,
      body: { breadcrumb_home: '0', breadcrumb_single: '0.0', breadcrumb_page: [], breadcrumb_archive: 'yes', breadcrumb_404: false },
      user: admin,
    });
    expect(answer.data).toEqual(['breadcrumb_single', 'breadcrumb_archive']);
  });

  it('answers 400 rest_invalid_json for a body that is not JSON', async () => {
    const answer = await server().inject({
      method: 'PUT',
      path: `${NS}/breadcrumbs`,
      body: '{breadcrumb_page: 1}',
      headers: { 'Content-Type': 'application/json' },
      user: admin,
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: 'rest_invalid_json' });
  });

  it('refuses a body naming more than 100 settings before writing any', async () => {
    const body = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`breadcrumb_${i}`, 1]));
    const rest = server();
    const answer = await rest.inject({ method: 'PUT', path: `${NS}/breadcrumbs`, body: { ...body, breadcrumb_page: 1 }, user: admin });
    expect(answer.status).toBe(400);
    expect((await rest.inject({ path: `${NS}/breadcrumbs` })).data).toEqual([]);
  });
});

describe('PUT permissions', () => {
  const writes = [
    ['singular-images', { post: 1 }],
    ['breadcrumbs', { breadcrumb_page: 1 }],
  ] as const;

  it.each(writes)('refuses %s to anonymous callers with 401 rest_forbidden', async (path, body) => {
    const answer = await server().inject({ method: 'PUT', path: `${NS}/${path}`, body, user: null });
    expect(answer.status).toBe(401);
    expect(answer.data).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
  });

  it.each(writes)('refuses %s to subscribers, authors and editors with 403 rest_forbidden', async (path, body) => {
    const rest = server();
    for (const user of [subscriber, author, editor]) {
      const answer = await rest.inject({ method: 'PUT', path: `${NS}/${path}`, body, user });
      expect(answer.status).toBe(403);
      expect(answer.data).toMatchObject({ code: 'rest_forbidden' });
    }
    expect((await rest.inject({ path: `${NS}/${path}` })).data).toEqual([]);
  });

  it('offers anonymous callers GET only on the settings routes', async () => {
    const answer = await server().inject({ path: `${NS}/breadcrumbs`, user: null });
    expect(answer.headers.allow).toBe('GET');
    const signedIn = await server().inject({ path: `${NS}/breadcrumbs`, user: admin });
    expect(signedIn.headers.allow).toBe('GET, PUT');
  });
});

describe('reading-settings', () => {
  it("answers WordPress's defaults on a site whose facts do not say", async () => {
    const answer = await server().inject({ path: `${NS}/reading-settings`, user: null });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ show_on_front: 'posts', page_on_front: 0, page_for_posts: 0 });
  });

  it('answers the site facts', async () => {
    const site = { ...SITE, show_on_front: 'page', page_on_front: 5, page_for_posts: 7 };
    const answer = await server({}, site).inject({ path: `${NS}/reading-settings` });
    expect(answer.data).toEqual({ show_on_front: 'page', page_on_front: 5, page_for_posts: 7 });
  });

  it("prefers the store's options over the site facts, ids as integers", async () => {
    const store = memoryStore();
    await store.options.set('show_on_front', 'page');
    await store.options.set('page_on_front', '12');
    const site = { ...SITE, show_on_front: 'posts', page_on_front: 5, page_for_posts: 7 };
    const answer = await serverOn(store, {}, site).inject({ path: `${NS}/reading-settings` });
    expect(answer.data).toEqual({ show_on_front: 'page', page_on_front: 12, page_for_posts: 7 });
  });

  it('answers 404 rest_no_route to a method it does not serve', async () => {
    const answer = await server().inject({ method: 'PUT', path: `${NS}/reading-settings`, body: {}, user: admin });
    expect(answer.status).toBe(404);
    expect(answer.data).toMatchObject({ code: 'rest_no_route' });
  });
});

describe('batch', () => {
  it('refuses theme writes in /batch/v1 with rest_batch_not_allowed, writing nothing', async () => {
    const rest = server();
    const answer = await rest.inject({
      method: 'POST',
      path: '/batch/v1',
      body: {
        requests: [
          { method: 'PUT', path: `${NS}/breadcrumbs`, body: { breadcrumb_page: 1 } },
          { method: 'PUT', path: `${NS}/singular-images`, body: { post: 1 } },
        ],
      },
      user: admin,
    });
    expect(answer.status).toBe(207);
    const { responses } = answer.data as { responses: Array<{ status: number; body: { code: string } }> };
    expect(responses.map((r) => [r.status, r.body.code])).toEqual([
      [400, 'rest_batch_not_allowed'],
      [400, 'rest_batch_not_allowed'],
    ]);
    expect((await rest.inject({ path: `${NS}/breadcrumbs` })).data).toEqual([]);
    expect((await rest.inject({ path: `${NS}/singular-images` })).data).toEqual([]);
  });
});

describe('host storage', () => {
  it('answers the generic 500, without its text, when a storage callback throws', async () => {
    const rest = server({
      storage: {
        readSettings: () => Promise.reject(new Error('settings database password is hunter2')),
        mergeSettings: () => Promise.reject(new Error('unused')),
      },
    });
    const answer = await rest.inject({ path: `${NS}/breadcrumbs` });
    expect(answer.status).toBe(500);
    expect(answer.data).toMatchObject({ code: 'internal_server_error' });
    expect(answer.body).not.toContain('hunter2');
  });

  it('reads the reading options from a host callback, keeping the settings in the site store', async () => {
    const rest = server({ storage: { readingOptions: async () => ({ show_on_front: 'page', page_on_front: 3 }) } });
    expect((await rest.inject({ path: `${NS}/reading-settings` })).data).toEqual({
      show_on_front: 'page',
      page_on_front: 3,
      page_for_posts: 0,
    });
    expect((await rest.inject({ method: 'PUT', path: `${NS}/breadcrumbs`, body: { breadcrumb_page: 1 }, user: admin })).data).toEqual([
      'breadcrumb_page',
    ]);
  });

  it('refuses half of the settings callbacks when mounted', () => {
    const partial = { readSettings: async () => ({}) } as unknown as ThemeOptions['storage'];
    expect(() => createRestServer({ site: SITE, namespaces: [theme({ storage: partial })] })).toThrow(
      /theme storage gives readSettings but not mergeSettings/,
    );
  });
});

describe('variant A', () => {
  it('mounts theme/v1 with its options', async () => {
    const rest = createRestServer({ site: SITE, namespaces: variantA({ only: ['theme/v1'], theme: { layouts: HOST_LAYOUTS } }) });
    const index = await rest.inject({ path: NS });
    expect(Object.keys((index.data as { routes: object }).routes)).toEqual([
      '/theme/v1',
      '/theme/v1/layouts/(?P<type>[a-z0-9,_-]+)',
      '/theme/v1/singular-images',
      '/theme/v1/breadcrumbs',
      '/theme/v1/reading-settings',
    ]);
    expect(Object.keys((await rest.inject({ path: `${NS}/layouts/page,24` })).data as object)).toEqual(['landing']);
  });
});

describe('on a PGlite store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-theme-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps an administrator's settings across a restart, and another server on the store sees them at once", async () => {
    const dataDir = join(dir, 'site');
    const first = await pgliteStore({ dataDir });
    try {
      const one = serverOn(first);
      const other = serverOn(first);
      await one.inject({ method: 'PUT', path: `${NS}/breadcrumbs`, body: { breadcrumb_single: 1, breadcrumb_archive: '1' }, user: admin });
      await one.inject({ method: 'PUT', path: `${NS}/singular-images`, body: { page: 1 }, user: admin });
      expect((await other.inject({ path: `${NS}/breadcrumbs` })).data).toEqual(['breadcrumb_single', 'breadcrumb_archive']);
      expect((await other.inject({ path: `${NS}/singular-images` })).data).toEqual(['page']);
    } finally {
      await first.close();
    }

    const reopened = await pgliteStore({ dataDir });
    try {
      const rest = serverOn(reopened);
      expect((await rest.inject({ path: `${NS}/breadcrumbs` })).data).toEqual(['breadcrumb_single', 'breadcrumb_archive']);
      expect((await rest.inject({ path: `${NS}/singular-images` })).data).toEqual(['page']);
      const off = await rest.inject({ method: 'PUT', path: `${NS}/breadcrumbs`, body: { breadcrumb_single: 0 }, user: admin });
      expect(off.data).toEqual(['breadcrumb_archive']);
      expect(await reopened.options.get(GENESIS_SETTINGS_FIELD)).toEqual({
        breadcrumb_single: 0,
        breadcrumb_archive: '1',
        show_featured_image_page: 1,
      });
    } finally {
      await reopened.close();
    }
    // Two PGlite starts, each an initdb-sized wait on a loaded machine.
  }, 60_000);
});
