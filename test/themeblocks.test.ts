// `themeblocks/v1` (Genesis Blocks' layout library) through `inject`: the component lists, the
// favourites as the plugin changes them (raw JSON body, `sanitize_key`, the `['']` placeholder),
// who may call each route, host components and storage, batching, and favourites kept in the site
// store: shared by two servers on one store, kept across a PGlite restart, concurrent PATCHes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, themeblocks, variantA, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import {
  MAX_FAVORITES,
  MAX_FAVORITE_KEY_LENGTH,
  type LayoutComponent,
  type ThemeblocksOptions,
} from '../src/namespaces/themeblocks/index.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';
import { userWith } from './helpers/users.js';

const NS = '/themeblocks/v1';
const FAVORITES = `${NS}/layouts/favorites`;
const SITE = { name: 'Blocks Site', url: 'http://blocks.test' };
const PGLITE_MS = 60_000;

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, 'themeblocks', name), 'utf8')) as T;
}

const HOST_COMPONENTS = fixture<LayoutComponent[]>('host-components.json');
const INVALID_COMPONENTS = fixture<Array<{ why: string; component: unknown; message: string }>>('invalid-components.json');

const admin = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const contributor = userWith(4, 'contributor');
const subscriber = userWith(5, 'subscriber');

function serverOn(store: SiteStore, options: ThemeblocksOptions = {}): RestServer {
  return createRestServer({ site: SITE, store, namespaces: [themeblocks(options)], onError: () => {} });
}

const server = (options: ThemeblocksOptions = {}) => serverOn(memoryStore(), options);

/** A favourites change as the library sends it: `JSON.stringify` as the body, which fetch labels text/plain. */
function change(
  rest: RestServer,
  method: 'PATCH' | 'DELETE',
  body: string,
  user: RestUser = editor,
  contentType = 'text/plain;charset=UTF-8',
) {
  return rest.inject<unknown>({ method, path: FAVORITES, body, headers: { 'Content-Type': contentType }, user });
}

const favorite = (key: unknown) => JSON.stringify({ genesis_blocks_favorite_key: key });

async function favorites(rest: RestServer, user: RestUser = editor): Promise<unknown> {
  const answer = await rest.inject({ path: FAVORITES, user });
  expect(answer.status).toBe(200);
  return answer.data;
}

describe('themeblocks/v1 component lists', () => {
  it('lists the shipped layouts and sections keyed by key, each with the fields the library reads', async () => {
    const rest = server();
    const layouts = await rest.inject<Record<string, LayoutComponent>>({ path: `${NS}/layouts`, user: editor });
    const sections = await rest.inject<Record<string, LayoutComponent>>({ path: `${NS}/sections`, user: editor });
    expect(layouts.status).toBe(200);
    expect(Object.keys(layouts.data)).toEqual(['site_rest_layout_landing', 'site_rest_layout_help']);
    expect(Object.keys(sections.data)).toEqual([
      'site_rest_section_intro',
      'site_rest_section_features',
      'site_rest_section_questions',
      'site_rest_section_contact',
    ]);
    for (const [key, component] of [...Object.entries(layouts.data), ...Object.entries(sections.data)]) {
      expect(component.key).toBe(key);
      expect(Object.keys(component)).toEqual(['type', 'key', 'name', 'content', 'category', 'keywords', 'image']);
      expect(component.content).toMatch(/^<!-- wp:group /);
      // The previews travel inside the URL: the library fetches nothing from anywhere.
      expect(component.image).toMatch(/^data:image\/svg\+xml,/);
    }
    expect(Object.values(layouts.data).every((component) => component.type === 'layout')).toBe(true);
    expect(Object.values(sections.data).every((component) => component.type === 'section')).toBe(true);
  });

  it('merges layouts then sections in /layouts/all, and keeps every key without ?filter=allowed or without an allowed list', async () => {
    const rest = server();
    const all = await rest.inject<Record<string, LayoutComponent>>({ path: `${NS}/layouts/all`, user: editor });
    expect(Object.keys(all.data)).toEqual([
      'site_rest_layout_landing',
      'site_rest_layout_help',
      'site_rest_section_intro',
      'site_rest_section_features',
      'site_rest_section_questions',
      'site_rest_section_contact',
    ]);
    const allowed = await rest.inject({ path: `${NS}/layouts/all`, query: { filter: 'allowed' }, user: editor });
    expect(allowed.data).toEqual(all.data);
  });

  it('keeps only the allowed keys with ?filter=allowed, in the merged order, and answers [] for an empty allowed list', async () => {
    const rest = server({ allowed: ['site_rest_section_contact', 'no_such_key', 'site_rest_layout_help'] });
    const filtered = await rest.inject<Record<string, LayoutComponent>>({
      path: `${NS}/layouts/all`,
      query: { filter: 'allowed' },
      user: editor,
    });
    expect(Object.keys(filtered.data)).toEqual(['site_rest_layout_help', 'site_rest_section_contact']);
    // Any other filter, or `filter` as a list, is no filter at all.
    for (const query of [{ filter: 'Allowed' }, { filter: ['allowed'] }, { filter: '' }]) {
      const unfiltered = await rest.inject<Record<string, unknown>>({ path: `${NS}/layouts/all`, query, user: editor });
      expect(Object.keys(unfiltered.data)).toHaveLength(6);
    }
    const none = await server({ allowed: [] }).inject({ path: `${NS}/layouts/all`, query: { filter: 'allowed' }, user: editor });
    expect(none.status).toBe(200);
    expect(none.body).toBe('[]');
    const nothingMatches = await server({ allowed: ['no_such_key'] }).inject({
      path: `${NS}/layouts/all`,
      query: { filter: 'allowed' },
      user: editor,
    });
    expect(nothingMatches.body).toBe('[]');
  });

  it('answers one layout by key, and 200 with the bare string "Layout not found." for a key no layout has', async () => {
    const rest = server();
    const landing = await rest.inject<LayoutComponent>({ path: `${NS}/layouts/site_rest_layout_landing`, user: editor });
    expect(landing.status).toBe(200);
    expect(landing.data).toMatchObject({ type: 'layout', key: 'site_rest_layout_landing', name: 'Landing page' });
    // Sections are not layouts, keys compare case and all, and `constructor` is no key of a plain object here.
    for (const name of ['site_rest_section_intro', 'Site_rest_layout_landing', 'constructor', 'x']) {
      const missing = await rest.inject({ path: `${NS}/layouts/${name}`, user: editor });
      expect(missing.status).toBe(200);
      expect(missing.body).toBe('"Layout not found."');
    }
  });

  it('answers a name the route pattern does not take (a leading digit, a hyphen) with rest_no_route', async () => {
    const rest = server();
    for (const name of ['9layout', 'site-rest', '_layout']) {
      const answer = await rest.inject<{ code: string }>({ path: `${NS}/layouts/${name}`, user: editor });
      expect(answer.status).toBe(404);
      expect(answer.data.code).toBe('rest_no_route');
    }
  });
});

describe('themeblocks/v1 host components', () => {
  it('registers the host’s layouts and sections on every list, a shipped key replaced by the host’s component', async () => {
    const rest = server({ components: HOST_COMPONENTS });
    const layouts = await rest.inject<Record<string, LayoutComponent>>({ path: `${NS}/layouts`, user: editor });
    expect(Object.keys(layouts.data)).toEqual(['site_rest_layout_landing', 'site_rest_layout_help', 'acme_layout_pricing']);
    expect(layouts.data.acme_layout_pricing).toEqual(HOST_COMPONENTS[0]);
    const sections = await rest.inject<Record<string, LayoutComponent>>({ path: `${NS}/sections`, user: editor });
    expect(Object.keys(sections.data)).toEqual([
      'site_rest_section_intro',
      'site_rest_section_features',
      'site_rest_section_questions',
      'acme_section_team',
      'site_rest_section_contact',
    ]);
    expect(sections.data.site_rest_section_contact!.name).toBe('Acme contact');
    const all = await rest.inject<Record<string, LayoutComponent>>({ path: `${NS}/layouts/all`, user: editor });
    expect(Object.keys(all.data)).toHaveLength(8);
    const one = await rest.inject({ path: `${NS}/layouts/acme_layout_pricing`, user: editor });
    expect(one.data).toEqual(HOST_COMPONENTS[0]);
  });

  it('keeps its own copy of the host’s components: changing them after the call changes no answer', async () => {
    const mine = structuredClone(HOST_COMPONENTS);
    const rest = server({ components: mine });
    mine[0]!.name = 'Changed';
    (mine[0]!.keywords as string[]).push('changed');
    const one = await rest.inject({ path: `${NS}/layouts/acme_layout_pricing`, user: editor });
    expect(one.data).toEqual(HOST_COMPONENTS[0]);
  });

  it.each(INVALID_COMPONENTS)('refuses a host component when the factory is called: $why', ({ component, message }) => {
    expect(() => themeblocks({ components: [component as LayoutComponent] })).toThrow(TypeError);
    expect(() => themeblocks({ components: [component as LayoutComponent] })).toThrow(`site-rest: themeblocks ${message}`);
  });

  it('refuses two host components with one key, and an allowed list that is not a list of keys', () => {
    expect(() => themeblocks({ components: [HOST_COMPONENTS[0]!, { ...HOST_COMPONENTS[1]!, key: 'acme_layout_pricing' }] })).toThrow(
      'site-rest: themeblocks components[1] ("acme_layout_pricing") is registered twice',
    );
    expect(() => themeblocks({ allowed: 'acme_layout_pricing' as unknown as string[] })).toThrow(
      'site-rest: themeblocks allowed must be a list of component keys',
    );
  });
});

describe('themeblocks/v1 favourites', () => {
  it('answers [""] for a user who never chose one, as the plugin’s (array) of an unset user meta', async () => {
    expect(await favorites(server())).toEqual(['']);
  });

  it('adds a favourite from the raw JSON body whatever its Content-Type, replacing the [""] placeholder, and appends the next', async () => {
    const rest = server();
    const first = await change(rest, 'PATCH', favorite('site_rest_layout_landing'));
    expect(first.status).toBe(200);
    expect(first.data).toEqual(['site_rest_layout_landing']);
    const json = await change(rest, 'PATCH', favorite('site_rest_section_intro'), editor, 'application/json');
    expect(json.data).toEqual(['site_rest_layout_landing', 'site_rest_section_intro']);
    const untyped = await rest.inject({ method: 'PATCH', path: FAVORITES, body: favorite('site_rest_section_contact'), user: editor });
    expect(untyped.data).toEqual(['site_rest_layout_landing', 'site_rest_section_intro', 'site_rest_section_contact']);
    // A key already there leaves the list as it is.
    expect((await change(rest, 'PATCH', favorite('site_rest_section_intro'))).data).toHaveLength(3);
    expect(await favorites(rest)).toEqual(['site_rest_layout_landing', 'site_rest_section_intro', 'site_rest_section_contact']);
  });

  it('keeps each user’s own list', async () => {
    const rest = server();
    await change(rest, 'PATCH', favorite('site_rest_layout_help'), author);
    expect(await favorites(rest, author)).toEqual(['site_rest_layout_help']);
    expect(await favorites(rest, editor)).toEqual(['']);
  });

  it('runs the key through sanitize_key: lower-cased, only a-z, 0-9, _ and -; numbers as PHP prints them; a list or object as ""', async () => {
    const rest = server();
    expect((await change(rest, 'PATCH', favorite('Site_REST Layout!-Landing'))).data).toEqual(['site_restlayout-landing']);
    expect((await change(rest, 'PATCH', favorite(12.5))).data).toEqual(['site_restlayout-landing', '125']);
    expect((await change(rest, 'PATCH', favorite(true))).data).toEqual(['site_restlayout-landing', '125', '1']);
    expect((await change(rest, 'PATCH', favorite(1e20))).data).toEqual(['site_restlayout-landing', '125', '1', '10e20']);
    expect((await change(rest, 'PATCH', favorite(['a']))).data).toEqual(['site_restlayout-landing', '125', '1', '10e20', '']);
    // Only ASCII letters are lower-cased: the Kelvin sign is not a k.
    expect((await change(server(), 'PATCH', favorite('\u212Aey'))).data).toEqual(['ey']);
  });

  it('reads a body that is not JSON, not an object or without the key as the key "": no change over [""], appended to real keys', async () => {
    const rest = server();
    for (const body of ['', 'not json', '["site_rest_layout_help"]', '"site_rest_layout_help"', '{"other":"site_rest_layout_help"}']) {
      expect((await change(rest, 'PATCH', body)).data).toEqual(['']);
    }
    await change(rest, 'PATCH', favorite('site_rest_layout_help'));
    expect((await change(rest, 'PATCH', 'not json')).data).toEqual(['site_rest_layout_help', '']);
    expect((await change(rest, 'PATCH', '')).data).toEqual(['site_rest_layout_help', '']);
  });

  it('reads the key from a body a host framework parsed first: JSON data (express.json()) or kept text (express.text())', async () => {
    const rest = createRestServer({
      site: SITE,
      store: memoryStore(),
      namespaces: [themeblocks()],
      authenticate: () => editor,
      onError: () => {},
    });
    const patch = async (contentType: string, parsedBody: unknown) => {
      const url = '/wp-json/themeblocks/v1/layouts/favorites';
      const answer = await rest.handle({ method: 'PATCH', url, headers: { 'content-type': contentType }, parsedBody });
      return JSON.parse(answer!.body) as unknown;
    };
    expect(await patch('application/json', { genesis_blocks_favorite_key: 'site_rest_layout_help' })).toEqual(['site_rest_layout_help']);
    expect(await patch('text/plain', favorite('site_rest_section_intro'))).toEqual(['site_rest_layout_help', 'site_rest_section_intro']);
  });

  it('answers a JSON-typed body that is not JSON with WordPress’s 400 rest_invalid_json, changing nothing', async () => {
    const rest = server();
    const answer = await change(rest, 'PATCH', '{"genesis_blocks_favorite_key":', editor, 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
    expect((await change(rest, 'DELETE', '{', editor, 'application/json')).status).toBe(400);
    expect(await favorites(rest)).toEqual(['']);
  });

  it('replaces a first favourite PHP counts as empty ("0") on the next addition, as the plugin’s empty( $favorites[0] ) does', async () => {
    const rest = server();
    expect((await change(rest, 'PATCH', favorite('0'))).data).toEqual(['0']);
    expect((await change(rest, 'PATCH', favorite('site_rest_layout_help'))).data).toEqual(['site_rest_layout_help']);
  });

  it('removes a favourite and re-indexes the list; an absent key leaves it; removing the last leaves [], not [""]', async () => {
    const rest = server();
    for (const key of ['site_rest_layout_landing', 'site_rest_layout_help', 'site_rest_section_intro'])
      await change(rest, 'PATCH', favorite(key));
    expect((await change(rest, 'DELETE', favorite('SITE_REST_LAYOUT_HELP'))).data).toEqual([
      'site_rest_layout_landing',
      'site_rest_section_intro',
    ]);
    expect((await change(rest, 'DELETE', favorite('no_such_key'))).data).toEqual(['site_rest_layout_landing', 'site_rest_section_intro']);
    await change(rest, 'DELETE', favorite('site_rest_layout_landing'));
    const last = await change(rest, 'DELETE', favorite('site_rest_section_intro'));
    expect(last.body).toBe('[]');
    expect(await favorites(rest)).toEqual([]);
    expect((await change(rest, 'PATCH', favorite('site_rest_section_contact'))).data).toEqual(['site_rest_section_contact']);
  });

  it('removes the [""] placeholder itself for a DELETE without a key, leaving []', async () => {
    const rest = server();
    expect((await change(rest, 'DELETE', 'no body worth reading')).data).toEqual([]);
    expect(await favorites(rest)).toEqual([]);
  });

  it(`keeps at most ${MAX_FAVORITES} favourites of at most ${MAX_FAVORITE_KEY_LENGTH} characters: past either, the list is answered unchanged`, async () => {
    const store = memoryStore();
    const full = Array.from({ length: MAX_FAVORITES }, (_, i) => `key_${i}`);
    await store.userMeta.add(editor.id, 'genesis_blocks_favorite_layouts', full);
    const rest = serverOn(store);
    expect((await change(rest, 'PATCH', favorite('one_more'))).data).toEqual(full);
    expect((await change(rest, 'DELETE', favorite('key_0'))).data).toHaveLength(MAX_FAVORITES - 1);
    expect((await change(rest, 'PATCH', favorite('one_more'))).data).toHaveLength(MAX_FAVORITES);
    const long = 'k'.repeat(MAX_FAVORITE_KEY_LENGTH + 1);
    const fresh = server();
    expect((await change(fresh, 'PATCH', favorite(long))).data).toEqual(['']);
    expect((await change(fresh, 'PATCH', favorite(long.slice(1)))).data).toEqual([long.slice(1)]);
  });

  it('keeps favourites in the user meta genesis_blocks_favorite_layouts as one list, and reads what WordPress stored there', async () => {
    const store = memoryStore();
    const rest = serverOn(store);
    await change(rest, 'PATCH', favorite('site_rest_layout_help'));
    expect(await store.userMeta.get(editor.id, 'genesis_blocks_favorite_layouts')).toEqual([['site_rest_layout_help']]);
    await store.userMeta.update(author.id, 'genesis_blocks_favorite_layouts', 'gb_layout_business_1');
    expect(await favorites(rest, author)).toEqual(['gb_layout_business_1']);
  });

  it('lets every PATCH made at once land, each read-modify-write being one store transaction', async () => {
    const rest = server();
    const keys = Array.from({ length: 12 }, (_, i) => `site_rest_key_${i}`);
    await Promise.all(keys.map((key) => change(rest, 'PATCH', favorite(key))));
    expect(new Set((await favorites(rest)) as string[])).toEqual(new Set(keys));
  });
});

describe('themeblocks/v1 permissions', () => {
  const requests: Array<[string, string, string?]> = [
    ['GET', FAVORITES],
    ['PATCH', FAVORITES, favorite('site_rest_layout_help')],
    ['DELETE', FAVORITES, favorite('site_rest_layout_help')],
    ['GET', `${NS}/layouts/all`],
    ['GET', `${NS}/layouts`],
    ['GET', `${NS}/layouts/site_rest_layout_help`],
    ['GET', `${NS}/sections`],
  ];

  it.each(requests)(
    '%s %s: 401 rest_forbidden anonymous, 403 for subscribers, open to contributors and up (edit_posts)',
    async (method, path, body) => {
      const rest = server();
      const call = (user: RestUser | null) =>
        rest.inject<{ code?: string; message?: string }>({ method, path, body, headers: { 'Content-Type': 'text/plain' }, user });
      const anonymous = await call(null);
      expect(anonymous.status).toBe(401);
      expect(anonymous.data).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
      const refused = await call(subscriber);
      expect(refused.status).toBe(403);
      expect(refused.data).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } });
      for (const user of [contributor, author, editor, admin]) expect((await call(user)).status).toBe(200);
    },
  );

  it('changes nothing for a refused PATCH', async () => {
    const store = memoryStore();
    const rest = serverOn(store);
    await change(rest, 'PATCH', favorite('site_rest_layout_help'), subscriber);
    expect(await store.userMeta.get(subscriber.id, 'genesis_blocks_favorite_layouts')).toEqual([]);
  });
});

describe('themeblocks/v1 in batches', () => {
  it('refuses every favourites change in /batch/v1 with rest_batch_not_allowed, since no route allows batching', async () => {
    const store = memoryStore();
    const rest = serverOn(store);
    const answer = await rest.inject<{ responses: Array<{ status: number; body: { code: string } }> }>({
      method: 'POST',
      path: '/batch/v1',
      body: {
        requests: [
          { method: 'PATCH', path: FAVORITES, body: { genesis_blocks_favorite_key: 'site_rest_layout_help' } },
          { method: 'DELETE', path: FAVORITES, body: { genesis_blocks_favorite_key: 'site_rest_layout_help' } },
        ],
      },
      user: editor,
    });
    expect(answer.status).toBe(207);
    expect(answer.data.responses.map((response) => [response.status, response.body.code])).toEqual([
      [400, 'rest_batch_not_allowed'],
      [400, 'rest_batch_not_allowed'],
    ]);
    expect(await favorites(rest)).toEqual(['']);
  });
});

describe('themeblocks/v1 storage', () => {
  it('runs on the host’s favourites storage when given, and answers a storage that throws with a 500 that names nothing of it', async () => {
    const kept = new Map<number, unknown[]>();
    const rest = server({
      storage: {
        getFavorites: async (userId) => (kept.get(userId) ?? ['']) as string[],
        changeFavorites: async (userId, changeList) => {
          const current = (kept.get(userId) ?? ['']) as string[];
          const next = changeList(current);
          if (next !== null) kept.set(userId, next);
          return next ?? current;
        },
      },
    });
    await change(rest, 'PATCH', favorite('site_rest_layout_help'));
    expect(kept.get(editor.id)).toEqual(['site_rest_layout_help']);

    const failing = server({
      storage: {
        getFavorites: async () => {
          throw new Error('database password is hunter2');
        },
        changeFavorites: async () => {
          throw new Error('database password is hunter2');
        },
      },
    });
    const answer = await failing.inject({ path: FAVORITES, user: editor });
    expect(answer.status).toBe(500);
    expect(answer.body).not.toContain('hunter2');
    expect((await change(failing, 'PATCH', favorite('x'))).status).toBe(500);
  });

  it('refuses a host storage that gives one favourites callback without the other', () => {
    const partial = { getFavorites: async () => [''] } as unknown as ThemeblocksOptions['storage'];
    expect(() => createRestServer({ site: SITE, store: memoryStore(), namespaces: [themeblocks({ storage: partial })] })).toThrow(
      'site-rest: themeblocks storage gives getFavorites but not changeFavorites, which read the same favourites; give all of them or none',
    );
  });

  it('shares favourites between two servers on one store, as two processes on one database', async () => {
    const store = memoryStore();
    const one = serverOn(store);
    const other = serverOn(store);
    await change(one, 'PATCH', favorite('site_rest_layout_landing'));
    await change(other, 'PATCH', favorite('site_rest_section_intro'));
    expect(await favorites(one)).toEqual(['site_rest_layout_landing', 'site_rest_section_intro']);
  });

  it('is mounted by variantA with its options', async () => {
    const rest = createRestServer({
      site: SITE,
      store: memoryStore(),
      namespaces: variantA({ themeblocks: { allowed: [] } }),
      onError: () => {},
    });
    expect((await rest.inject({ path: `${NS}/layouts/all`, query: { filter: 'allowed' }, user: editor })).body).toBe('[]');
    expect((await rest.inject({ path: FAVORITES, user: editor })).data).toEqual(['']);
  });
});

describe('themeblocks/v1 favourites on PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-themeblocks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'keeps a favourite across a restart, and lets concurrent PATCHes all land',
    async () => {
      const dataDir = join(dir, 'favourites');
      const first = await pgliteStore({ dataDir });
      try {
        const rest = serverOn(first);
        await change(rest, 'PATCH', favorite('site_rest_layout_help'));
        const keys = Array.from({ length: 8 }, (_, i) => `site_rest_key_${i}`);
        await Promise.all(keys.map((key) => change(rest, 'PATCH', favorite(key))));
        const listed = (await favorites(rest)) as string[];
        expect(listed[0]).toBe('site_rest_layout_help');
        expect(new Set(listed)).toEqual(new Set(['site_rest_layout_help', ...keys]));
        await change(rest, 'DELETE', favorite('site_rest_key_0'));
      } finally {
        await first.close();
      }
      const reopened = await pgliteStore({ dataDir });
      try {
        const rest = serverOn(reopened);
        const listed = (await favorites(rest)) as string[];
        expect(listed).toHaveLength(8);
        expect(listed).not.toContain('site_rest_key_0');
        expect(await favorites(rest, author)).toEqual(['']);
      } finally {
        await reopened.close();
      }
    },
    PGLITE_MS,
  );
});
