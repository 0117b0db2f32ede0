// `blocksuite-crm/v1` (Kadence Blocks' FluentCRM route) through `inject`: FluentCRM's lists, tags
// and the thirteen fixed contact fields followed by its custom fields, from the recorded CRM and
// from the site store (memory, and PGlite across a restart); `[]` while FluentCRM is inactive, for
// an empty or unknown endpoint, and from a CRM that fails; the `edit_posts` check after validation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blocksuiteCrm,
  createRestServer,
  FLUENTCRM_CUSTOM_FIELDS_OPTION,
  FLUENTCRM_LISTS_OPTION,
  FLUENTCRM_PLUGIN,
  FLUENTCRM_TAGS_OPTION,
  memoryStore,
  type BlocksuiteCrmOptions,
  type Crm,
  type ErrorInfo,
  type RestUser,
  type SiteStore,
} from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { packagedFixtures, serviceDoubles, serviceRecordings } from '../src/cli/fixtures.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { userWith } from './helpers/users.js';

const GET = '/blocksuite-crm/v1/get';

/** Kadence's thirteen fixed fields, keys and titles as the plugin writes them. */
const FIXED = [
  ['prefix', 'Name Prefix'],
  ['first_name', 'First Name'],
  ['last_name', 'Last Name'],
  ['full_name', 'Full Name'],
  ['timezone', 'Timezone'],
  ['address_line_1', 'Address Line 1'],
  ['address_line_2', 'Address Line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['postal_code', 'Postal Code'],
  ['country', 'Country'],
  ['phone', 'Phone'],
  ['source', 'Source'],
].map(([key, title]) => ({ key, title }));

const administrator = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const subscriber = userWith(4, 'subscriber');

/** The packaged FluentCRM double, switched to `mode`. */
function double(mode: DoubleMode = 'recorded'): Crm {
  const recorded = serviceRecordings(packagedFixtures());
  recorded['blocksuite-crm/crm'].mode = mode;
  return serviceDoubles(recorded)['blocksuite-crm/crm'];
}

/** A server mounting only the FluentCRM route over `store`, its reports collected. */
function server(options: BlocksuiteCrmOptions = { crm: double() }, store: SiteStore = memoryStore()) {
  const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
  const rest = createRestServer({
    site: { name: 'Lists', url: 'http://lists.test' },
    store,
    namespaces: [blocksuiteCrm(options)],
    onError: (error, info) => reports.push({ error, info }),
  });
  return { rest, reports };
}

/** A GET of the route as `user` (an editor unless told; null: anonymous). */
const ask = (rest: ReturnType<typeof server>['rest'], query: Record<string, string>, user: RestUser | null = editor) =>
  rest.inject({ path: GET, query, ...(user ? { user } : {}) });

/** A store where FluentCRM is active, its lists, tags and custom fields kept in their options. */
async function storeWithFluentCrm(store: SiteStore = memoryStore()): Promise<SiteStore> {
  await store.options.set('active_plugins', ['kadence-blocks/kadence-blocks.php', FLUENTCRM_PLUGIN]);
  await store.options.set(FLUENTCRM_LISTS_OPTION, [{ id: '4', title: 'Members', slug: 'members' }]);
  await store.options.set(FLUENTCRM_TAGS_OPTION, { 0: { id: '9', title: 'VIP', slug: 'vip' }, 1: 'not a row' });
  await store.options.set(FLUENTCRM_CUSTOM_FIELDS_OPTION, [{ slug: 'team', label: 'Team', type: 'text' }, { label: 'No slug' }, 'junk']);
  return store;
}

describe('blocksuite-crm/v1 /get on the recorded FluentCRM', () => {
  it("answers FluentCRM's lists and tags, rows as all() gives them", async () => {
    const { rest } = server();
    const lists = await ask(rest, { endpoint: 'lists' });
    expect(lists.status).toBe(200);
    expect((lists.data as Array<{ id: string; title: string }>).map(({ id, title }) => [id, title])).toEqual([
      ['1', 'Newsletter'],
      ['2', 'Customers'],
    ]);
    const tags = await ask(rest, { endpoint: 'tags' });
    expect(tags.data).toMatchObject([
      { id: '1', title: 'Lead' },
      { id: '3', title: 'Webinar' },
    ]);
  });

  it('answers the thirteen fixed fields, then each custom field as {key: slug, title: label}', async () => {
    const answer = await ask(server().rest, { endpoint: 'fields' });
    expect(answer.data).toEqual([
      ...FIXED,
      { key: 'company_size', title: 'Company Size' },
      { key: 'plan', title: 'Plan' },
      { key: 'renewal_date', title: 'Renewal Date' },
    ]);
  });

  it('answers [] for an empty or unknown endpoint, reading only endpoint', async () => {
    const { rest } = server();
    const queries: Array<Record<string, string>> = [
      {},
      { endpoint: '' },
      { endpoint: '0' },
      { endpoint: 'contacts' },
      { endpoint: 'Lists' },
      { search: 'lists' },
    ];
    for (const query of queries) {
      const answer = await ask(rest, query);
      expect([answer.status, answer.data]).toEqual([200, []]);
    }
  });
});

describe('blocksuite-crm/v1 /get on the site store', () => {
  it('answers [] for every endpoint while active_plugins does not list FluentCRM', async () => {
    const store = memoryStore();
    await store.options.set(FLUENTCRM_LISTS_OPTION, [{ id: '4', title: 'Members' }]);
    const { rest } = server({}, store);
    for (const endpoint of ['lists', 'tags', 'fields']) expect((await ask(rest, { endpoint })).data).toEqual([]);
  });

  it('answers the rows kept in the options once FluentCRM is active, skipping entries that are no rows', async () => {
    const { rest } = server({}, await storeWithFluentCrm());
    expect((await ask(rest, { endpoint: 'lists' })).data).toEqual([{ id: '4', title: 'Members', slug: 'members' }]);
    expect((await ask(rest, { endpoint: 'tags' })).data).toEqual([{ id: '9', title: 'VIP', slug: 'vip' }]);
    expect((await ask(rest, { endpoint: 'fields' })).data).toEqual([
      ...FIXED,
      { key: 'team', title: 'Team' },
      { key: null, title: 'No slug' },
    ]);
  });

  it('answers no lists, no tags and the fixed fields alone for an active FluentCRM with nothing kept', async () => {
    const store = memoryStore();
    await store.options.set('active_plugins', [FLUENTCRM_PLUGIN]);
    const { rest } = server({}, store);
    expect((await ask(rest, { endpoint: 'lists' })).data).toEqual([]);
    expect((await ask(rest, { endpoint: 'fields' })).data).toEqual(FIXED);
  });

  it("lets the host say FluentCRM is inactive though it gives the CRM's lookups", async () => {
    const { rest } = server({ crm: double(), storage: { fluentCrmActive: async () => false } });
    expect((await ask(rest, { endpoint: 'lists' })).data).toEqual([]);
  });
});

describe('blocksuite-crm/v1 /get refuses', () => {
  it('a bad collection param with 400', async () => {
    const answer = await ask(server().rest, { endpoint: 'lists', page: 'first' });
    expect([answer.status, (answer.data as { code: string }).code]).toEqual([400, 'rest_invalid_param']);
  });

  it('anonymous callers with 401 and subscribers with 403 rest_forbidden; authors, editors and administrators are answered', async () => {
    const { rest } = server();
    const anonymous = await ask(rest, { endpoint: 'lists' }, null);
    expect([anonymous.status, (anonymous.data as { code: string }).code]).toEqual([401, 'rest_forbidden']);
    const refused = await ask(rest, { endpoint: 'lists' }, subscriber);
    expect([refused.status, (refused.data as { code: string }).code]).toEqual([403, 'rest_forbidden']);
    for (const user of [author, editor, administrator]) expect((await ask(rest, { endpoint: 'lists' }, user)).status).toBe(200);
  });
});

describe('a failing FluentCRM gives nothing, as a failed wpdb query does', () => {
  it.each(['threw', 'hang', 'too-large'] as const)('a double that %s: [] for lists, the fixed fields alone', async (mode) => {
    const { rest, reports } = server({ crm: double(mode), crmLimits: { timeoutMs: 50 } });
    expect(await ask(rest, { endpoint: 'lists' })).toMatchObject({ status: 200, data: [] });
    expect((await ask(rest, { endpoint: 'fields' })).data).toEqual(FIXED);
    expect(reports.map(({ info }) => [info.phase, info.service])).toEqual([
      ['service', 'blocksuite-crm/crm'],
      ['service', 'blocksuite-crm/crm'],
    ]);
  });
});

describe('FluentCRM data on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-crm-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is answered after the store is closed and opened again', async () => {
    const first = await pgliteStore({ dataDir });
    await storeWithFluentCrm(first);
    await first.close();

    const reopened = await pgliteStore({ dataDir });
    try {
      const { rest } = server({}, reopened);
      expect((await ask(rest, { endpoint: 'lists' })).data).toEqual([{ id: '4', title: 'Members', slug: 'members' }]);
      expect(((await ask(rest, { endpoint: 'fields' })).data as unknown[]).length).toBe(15);
    } finally {
      await reopened.close();
    }
  });
});
