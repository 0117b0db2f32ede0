// The `core-abilities/v1` namespace (WordPress 6.9's Abilities API) through `inject`: categories
// and abilities listed with WordPress's pagination and `_links`, the `read` capability, each
// ability run with the method its annotations call for, input validated (and normalised) before
// its own permission, output checked against its schema, WordPress's errors; abilities a host
// registers, typed from their schemas, refused at registration when invalid, kept per server; and
// `runAbility`, the path an MCP bridge takes, answering as the run route does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  coreAbilities,
  createAbilityRegistry,
  createRestServer,
  defineAbility,
  memoryStore,
  restError,
  runAbility,
  type AbilityContext,
  type CoreAbilitiesOptions,
  type RestServer,
  type SiteFacts,
  type SiteStore,
} from '../src/index.js';
import { FIXTURES } from './helpers/peer.js';
import { userWith } from './helpers/users.js';

const NS = '/core-abilities/v1';
const SITE: SiteFacts = { name: 'Abilities Site', description: 'Things it can do', url: 'http://abilities.test' };
const admin = userWith(1, 'administrator');
const subscriber = userWith(2, 'subscriber');

const fixture = <T>(name: string): T => JSON.parse(readFileSync(join(FIXTURES, 'core-abilities', name), 'utf8')) as T;

function serverWith(options: CoreAbilitiesOptions = {}, store: SiteStore = memoryStore()): RestServer {
  return createRestServer({ site: SITE, store, namespaces: [coreAbilities(options)], onError: () => {} });
}

/** A host's category and four abilities, one of each run method, with schemas that type their input. */
const notes = { slug: 'notes', label: 'Notes', description: 'Abilities that keep notes.', meta: { owner: 'host' } };
const addNote = defineAbility({
  name: 'notes/add',
  label: 'Add a note',
  description: 'Adds a note and answers its number.',
  category: 'notes',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string', minLength: 1 }, copies: { type: 'integer', minimum: 1, default: 1 } },
    required: ['text'],
    additionalProperties: false,
  },
  outputSchema: { type: 'object', properties: { id: { type: 'integer' }, copies: { type: 'integer' } }, required: ['id'] },
  permission: (_input, { user }) => user?.can('edit_posts') ?? false,
  execute: (input) => ({ id: input.text.length, copies: input.copies ?? 1 }),
  meta: { showInRest: true },
});
const dropNotes = defineAbility({
  name: 'notes/drop',
  label: 'Drop notes',
  description: 'Drops the notes above a number.',
  category: 'notes',
  inputSchema: { type: 'object', properties: { above: { type: 'integer' } }, required: ['above'] },
  permission: (_input, { user }) =>
    user?.can('manage_options') ? true : restError('notes_locked', 'Only an administrator drops notes.', 400),
  // A query string carries "7": the schema's sanitizing makes it the integer the type promises.
  execute: (input) => ({ dropped: input.above + 1 }),
  meta: { annotations: { destructive: true, idempotent: true }, showInRest: true },
});
const broken = defineAbility({
  name: 'notes/broken',
  label: 'Broken',
  description: 'Answers what its output schema forbids.',
  category: 'notes',
  outputSchema: { type: 'integer' },
  permission: () => true,
  execute: () => 'not a number' as unknown as number,
  meta: { annotations: { readonly: true }, showInRest: true },
});
const hidden = defineAbility({
  name: 'notes/hidden',
  label: 'Hidden',
  description: 'Not shown in REST.',
  category: 'notes',
  permission: () => true,
  execute: () => 'secret',
});
const HOST: CoreAbilitiesOptions = { categories: [notes], abilities: [addNote, dropNotes, broken, hidden] };

describe('categories', () => {
  it('lists WordPress 6.9’s two categories with their links and pagination headers, to any user who may read', async () => {
    const rest = serverWith();
    const answer = await rest.inject({ path: `${NS}/categories`, user: subscriber });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual(fixture('categories.json'));
    expect(answer.headers['x-wp-total']).toBe('2');
    expect(answer.headers['x-wp-totalpages']).toBe('1');
    expect(answer.headers.link).not.toMatch(/rel="(?:prev|next)"/);
  });

  it('refuses anonymous callers with rest_forbidden 401, as the `read` capability does', async () => {
    const answer = await serverWith().inject({ path: `${NS}/categories`, user: null });
    expect(answer.status).toBe(401);
    expect(answer.data).toMatchObject({ code: 'rest_forbidden' });
    expect((await serverWith().inject({ path: `${NS}/categories/site`, user: null })).status).toBe(401);
  });

  it('pages with prev and next links, a page past the last pointing prev at the page before it', async () => {
    const rest = serverWith(HOST);
    const first = await rest.inject({ path: `${NS}/categories`, query: { per_page: 2 }, user: admin });
    expect((first.data as Array<{ slug: string }>).map((c) => c.slug)).toEqual(['site', 'user']);
    expect(first.headers['x-wp-totalpages']).toBe('2');
    expect(first.headers.link).toBe(`<http://abilities.test/wp-json${NS}/categories?per_page=2&page=2>; rel="next"`);
    const past = await rest.inject({ path: `${NS}/categories`, query: { per_page: 2, page: 5 }, user: admin });
    expect(past.data).toEqual([]);
    expect(past.headers.link).toBe(`<http://abilities.test/wp-json${NS}/categories?per_page=2&page=4>; rel="prev"`);
  });

  it('refuses a per_page over 100 and a page under 1 as WordPress validates them', async () => {
    const rest = serverWith();
    for (const query of [{ per_page: 101 }, { page: 0 }]) {
      const answer = await rest.inject({ path: `${NS}/categories`, query, user: admin });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ code: 'rest_invalid_param' });
    }
  });

  it('answers one category, its meta as given, and 404 rest_ability_category_not_found for another', async () => {
    const rest = serverWith(HOST);
    const found = await rest.inject({ path: `${NS}/categories/notes`, user: subscriber });
    expect(found.data).toMatchObject({ slug: 'notes', meta: { owner: 'host' } });
    const missing = await rest.inject({ path: `${NS}/categories/recipes`, user: subscriber });
    expect(missing.status).toBe(404);
    expect(missing.data).toEqual({
      code: 'rest_ability_category_not_found',
      message: 'Ability category not found.',
      data: { status: 404 },
    });
  });

  it('keeps only the fields of the `embed` context', async () => {
    const answer = await serverWith().inject({ path: `${NS}/categories`, query: { context: 'embed' }, user: admin });
    expect(Object.keys((answer.data as object[])[0]!)).toEqual(['slug', 'label', '_links']);
  });
});

describe('abilities', () => {
  it('lists only the abilities shown in REST, core/get-user-info not among them (6.9 registers it with show_in_rest false)', async () => {
    const answer = await serverWith(HOST).inject({ path: `${NS}/abilities`, user: subscriber });
    expect((answer.data as Array<{ name: string }>).map((a) => a.name)).toEqual([
      'core/get-site-info',
      'core/get-environment-info',
      'notes/add',
      'notes/drop',
      'notes/broken',
    ]);
    expect(answer.headers['x-wp-total']).toBe('5');
  });

  it('lists an ability with its schemas, meta and links as WordPress 6.9 shows it', async () => {
    const answer = await serverWith().inject({ path: `${NS}/abilities/core/get-site-info`, user: subscriber });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual(fixture('site-info-item.json'));
    const environment = await serverWith().inject({ path: `${NS}/abilities/core/get-environment-info`, user: subscriber });
    expect(environment.data).toMatchObject({ input_schema: [], meta: { annotations: { readonly: true } } });
  });

  it('filters by category and pages', async () => {
    const rest = serverWith(HOST);
    const site = await rest.inject({ path: `${NS}/abilities`, query: { category: 'site' }, user: admin });
    expect((site.data as Array<{ name: string }>).map((a) => a.name)).toEqual(['core/get-site-info', 'core/get-environment-info']);
    const page = await rest.inject({ path: `${NS}/abilities`, query: { category: 'notes', per_page: 1, page: 2 }, user: admin });
    expect((page.data as Array<{ name: string }>).map((a) => a.name)).toEqual(['notes/drop']);
    expect(page.headers.link).toBe(
      `<http://abilities.test/wp-json${NS}/abilities?category=notes&per_page=1&page=1>; rel="prev", ` +
        `<http://abilities.test/wp-json${NS}/abilities?category=notes&per_page=1&page=3>; rel="next"`,
    );
  });

  it('answers 404 rest_ability_not_found for an unknown ability and for one not shown in REST', async () => {
    const rest = serverWith(HOST);
    for (const name of ['notes/nothing', 'notes/hidden', 'core/get-user-info']) {
      const answer = await rest.inject({ path: `${NS}/abilities/${name}`, user: admin });
      expect(answer.status).toBe(404);
      expect(answer.data).toEqual({ code: 'rest_ability_not_found', message: 'Ability not found.', data: { status: 404 } });
    }
    expect((await rest.inject({ path: `${NS}/abilities/notes/hidden/run`, user: admin })).status).toBe(404);
  });
});

describe('running an ability', () => {
  it('runs core/get-site-info with GET for an administrator, every field or those asked in ?input=', async () => {
    const store = memoryStore();
    await store.options.set('admin_email', 'admin@abilities.test');
    await store.options.set('WPLANG', 'de_DE');
    const rest = serverWith({}, store);
    const all = await rest.inject({ path: `${NS}/abilities/core/get-site-info/run`, user: admin });
    expect(all.status).toBe(200);
    expect(all.data).toEqual({
      name: 'Abilities Site',
      description: 'Things it can do',
      url: 'http://abilities.test',
      wpurl: 'http://abilities.test',
      admin_email: 'admin@abilities.test',
      charset: 'UTF-8',
      language: 'de-DE',
      version: '6.9',
    });
    const some = await rest.inject({
      path: `${NS}/abilities/core/get-site-info/run`,
      query: { input: { fields: ['version', 'name'] } },
      user: admin,
    });
    expect(some.data).toEqual({ version: '6.9', name: 'Abilities Site' });
  });

  it('reports the environment: production by default, Node’s version, the database the host names, 6.9', async () => {
    const answer = await serverWith({ environmentType: 'staging', databaseInfo: 'PGlite 0.3' }).inject({
      path: `${NS}/abilities/core/get-environment-info/run`,
      user: admin,
    });
    expect(answer.data).toEqual({
      environment: 'staging',
      php_version: process.versions.node,
      db_server_info: 'PGlite 0.3',
      wp_version: '6.9',
    });
    const fallback = await serverWith().inject({ path: `${NS}/abilities/core/get-environment-info/run`, user: admin });
    expect(fallback.data).toMatchObject({ environment: 'production', db_server_info: '' });
  });

  it('refuses a subscriber with 403 and anonymous callers with 401 rest_ability_cannot_execute', async () => {
    const rest = serverWith();
    const message = 'Sorry, you are not allowed to execute this ability.';
    for (const [user, status] of [
      [subscriber, 403],
      [null, 401],
    ] as const) {
      const answer = await rest.inject({ path: `${NS}/abilities/core/get-site-info/run`, user });
      expect(answer.status).toBe(status);
      expect(answer.data).toEqual({ code: 'rest_ability_cannot_execute', message, data: { status } });
    }
  });

  it('answers 405 rest_ability_invalid_method for a method the annotations do not call for', async () => {
    const rest = serverWith(HOST);
    const cases = [
      ['POST', 'core/get-site-info', 'Read-only abilities require GET method.'],
      ['GET', 'notes/add', 'Abilities that perform updates require POST method.'],
      ['PUT', 'notes/add', 'Abilities that perform updates require POST method.'],
      ['POST', 'notes/drop', 'Abilities that perform destructive actions require DELETE method.'],
    ] as const;
    for (const [method, name, message] of cases) {
      const answer = await rest.inject({ method, path: `${NS}/abilities/${name}/run`, body: { input: {} }, user: admin });
      expect(answer.status, `${method} ${name}`).toBe(405);
      expect(answer.data).toEqual({ code: 'rest_ability_invalid_method', message, data: { status: 405 } });
    }
  });

  it('takes a POST ability’s input from the JSON body, with the schema’s defaults, and checks the result', async () => {
    const answer = await serverWith(HOST).inject({
      method: 'POST',
      path: `${NS}/abilities/notes/add/run`,
      body: { input: { text: 'milk' } },
      user: admin,
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ id: 4, copies: 1 });
  });

  it('takes a DELETE ability’s input from ?input=, sanitized to the types its schema names', async () => {
    const answer = await serverWith(HOST).inject({
      method: 'DELETE',
      path: `${NS}/abilities/notes/drop/run`,
      query: { input: { above: '7' } },
      user: admin,
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ dropped: 8 });
  });

  it('answers 400 ability_invalid_input with the validator’s reason, before the permission is asked', async () => {
    const permission = vi.fn(() => true);
    const rest = serverWith({
      categories: [notes],
      abilities: [defineAbility({ ...addNote, name: 'notes/add-spied', permission })],
    });
    const answer = await rest.inject({
      method: 'POST',
      path: `${NS}/abilities/notes/add-spied/run`,
      body: { input: { copies: 2 } },
      user: null,
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      code: 'ability_invalid_input',
      message: 'Ability "notes/add-spied" has invalid input. Reason: text is a required property of input.',
      data: { status: 400 },
    });
    const wrongType = await rest.inject({
      method: 'POST',
      path: `${NS}/abilities/notes/add-spied/run`,
      body: { input: 'milk' },
      user: null,
    });
    expect(wrongType.data).toMatchObject({ message: 'Ability "notes/add-spied" has invalid input. Reason: input is not of type object.' });
    const badField = await serverWith().inject({
      path: `${NS}/abilities/core/get-site-info/run`,
      query: { input: { fields: ['password'] } },
      user: admin,
    });
    expect(badField.status).toBe(400);
    expect(badField.data).toMatchObject({ code: 'ability_invalid_input' });
    expect(permission).not.toHaveBeenCalled();
  });

  it('answers 400 ability_missing_input_schema for input to an ability without an input schema', async () => {
    const answer = await serverWith().inject({ path: `${NS}/abilities/core/get-environment-info/run`, query: { input: 'x' }, user: admin });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: 'ability_missing_input_schema' });
  });

  it('answers a permission’s own error with its code and message at the authorization status', async () => {
    const editor = userWith(3, 'editor');
    const answer = await serverWith(HOST).inject({
      method: 'DELETE',
      path: `${NS}/abilities/notes/drop/run`,
      query: { input: { above: 1 } },
      user: editor,
    });
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({ code: 'notes_locked', message: 'Only an administrator drops notes.', data: { status: 403 } });
  });

  it('answers 500 ability_invalid_output when a result fails the output schema', async () => {
    const answer = await serverWith(HOST).inject({ path: `${NS}/abilities/notes/broken/run`, user: subscriber });
    expect(answer.status).toBe(500);
    expect(answer.data).toEqual({
      code: 'ability_invalid_output',
      message: 'Ability "notes/broken" has invalid output. Reason: output is not of type integer.',
      data: null,
    });
  });
});

describe('registries', () => {
  it('are the server’s own: two servers in one process do not share the abilities one is given', async () => {
    const withNotes = serverWith(HOST);
    const without = serverWith();
    expect((await withNotes.inject({ path: `${NS}/abilities/notes/add`, user: admin })).status).toBe(200);
    expect((await without.inject({ path: `${NS}/abilities/notes/add`, user: admin })).status).toBe(404);
    // One factory mounted on two servers still gives each a registry of its own.
    const mounted = coreAbilities();
    const registries = [createRestServer({ site: SITE, namespaces: [mounted] }), createRestServer({ site: SITE, namespaces: [mounted] })];
    expect((await registries[0]!.inject({ path: `${NS}/abilities`, user: admin })).data).toHaveLength(2);
  });

  it('let a host keep its registry and register into it after the server starts', async () => {
    const registry = createAbilityRegistry();
    const rest = serverWith({ registry });
    expect((await rest.inject({ path: `${NS}/abilities/notes/add`, user: admin })).status).toBe(404);
    registry.registerAbilityCategory(notes);
    registry.registerAbility(addNote);
    const run = await rest.inject({
      method: 'POST',
      path: `${NS}/abilities/notes/add/run`,
      body: { input: { text: 'eggs', copies: 2 } },
      user: admin,
    });
    expect(run.data).toEqual({ id: 4, copies: 2 });
  });

  it('refuse at registration what WordPress refuses, and schemas the route args would refuse', () => {
    const registry = createAbilityRegistry();
    registry.registerAbilityCategory(notes);
    const refusals: Array<[() => unknown, RegExp]> = [
      [() => registry.registerAbility({ ...addNote, name: 'Notes/Add' }), /Ability name must be a string containing a namespace prefix/],
      [() => registry.registerAbility({ ...addNote, name: 'add' }), /Ability name must be a string containing a namespace prefix/],
      [() => registry.registerAbility({ ...addNote, category: 'recipes' }), /Ability category "recipes" is not registered/],
      [() => registry.registerAbility({ ...addNote, name: 'core/get-site-info' }), /Ability "core\/get-site-info" is already registered/],
      [() => registry.registerAbility({ ...addNote, label: '' }), /must contain a `label` string/],
      [
        () => registry.registerAbility({ ...addNote, inputSchema: { type: 'object', propertys: {} } as never }),
        /unknown schema keyword "propertys"; did you mean "properties"/,
      ],
      [() => registry.registerAbility({ ...addNote, inputSchema: { type: 'strng' } as never }), /unknown type "strng"/],
      [
        () =>
          registry.registerAbility({
            ...hidden,
            inputSchema: { type: 'string', pattern: '^(a+)+$' },
            permission: () => true,
            execute: () => null,
          }),
        /is refused .*super-linear/,
      ],
      [() => registry.registerAbility({ ...addNote, meta: { show_in_rest: true } }), /write meta.show_in_rest as meta.showInRest/],
      [() => registry.registerAbilityCategory({ ...notes, slug: 'Notes' }), /Ability category slug must contain only lowercase/],
      [() => registry.registerAbilityCategory(notes), /Ability category "notes" is already registered/],
    ];
    for (const [register, message] of refusals) expect(register).toThrow(message);
    expect(() => coreAbilities({ abilities: [{ ...addNote, name: 'bad name' }] })).toThrow(/Ability name must be/);
    expect(() => coreAbilities({ registry, databaseInfo: 'x' })).toThrow(/give them to createAbilityRegistry/);
  });
});

describe('runAbility, the path an MCP bridge takes', () => {
  const context = (user: AbilityContext['user'], store = memoryStore()): AbilityContext => ({
    user,
    site: { ...SITE, home: SITE.url },
    store,
    signal: new AbortController().signal,
  });

  it('answers as the run route: not found, refused, invalid input, or the checked result', async () => {
    const registry = createAbilityRegistry();
    registry.registerAbilityCategory(notes);
    registry.registerAbility(addNote);
    registry.registerAbility(hidden);
    const outcome = (name: string, input: unknown, user: AbilityContext['user']) => runAbility(registry, name, input, context(user));
    expect(await outcome('notes/hidden', null, admin)).toMatchObject({ ok: false, error: { code: 'rest_ability_not_found' } });
    expect(await outcome('notes/add', { text: 'x' }, null)).toMatchObject({
      ok: false,
      error: { code: 'rest_ability_cannot_execute', status: 401 },
    });
    expect(await outcome('notes/add', {}, admin)).toMatchObject({ ok: false, error: { code: 'ability_invalid_input', status: 400 } });
    expect(await outcome('notes/add', { text: 'abc' }, admin)).toEqual({ ok: true, result: { id: 3, copies: 1 } });
  });

  it('runs core/get-user-info, which REST does not show, for a host that calls it directly', async () => {
    const store = memoryStore();
    const user = await store.users.insert({ user_login: 'ada', display_name: 'Ada L.', roles: ['editor'] });
    const ability = createAbilityRegistry().getAbility('core/get-user-info')!;
    expect(await ability.execute(undefined, context(userWith(user.ID, 'editor'), store))).toEqual({
      id: user.ID,
      display_name: 'Ada L.',
      user_nicename: 'ada',
      user_login: 'ada',
      roles: ['editor'],
      locale: 'en_US',
    });
  });
});
