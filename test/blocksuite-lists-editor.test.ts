// The form block's list pickers, end to end: the calls Kadence Blocks' editor makes for its
// MailerLite, GetResponse and FluentCRM panels, in its order, against one `site-rest serve
// --variant A --fixtures` on PGlite, as an author and refused to a subscriber and to anonymous
// callers; the GetResponse account read from the options written to the data directory before the
// start; and no key in any answer or in anything the server printed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GETRESPONSE_API_ENDPOINT_OPTION, GETRESPONSE_API_KEY_OPTION } from '../src/index.js';
import { pgliteStore } from '../src/store.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const AUTHOR = 'author:ListsAuthor7pQ2wX9kR4mT6vB3n';
const SUBSCRIBER = 'subscriber:ListsSubscriber5hJ8cV1zN6qL2';
/** A MailerLite connect token (over 100 bytes), as the advanced form's panel saves it. */
const MAILERLITE_KEY = `eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.${'m'.repeat(90)}.mlsig${'q'.repeat(16)}`;
const REVOKED_KEY = 'revoked0000000000000000000000000';
const GETRESPONSE_KEY = 'grkey-e2e-4f9a7c1d3b8e6a2f5c0d9b7e';
const KEYS = [MAILERLITE_KEY, REVOKED_KEY, GETRESPONSE_KEY];

const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-lists-editor-'));
let child: ChildProcess | undefined;
let printed = '';
let base = '';

/** Starts the built CLI on `dataDir`; resolves with the URL it serves once it has printed it. */
function startServe(): Promise<string> {
  const argv = [
    'serve',
    '--variant',
    'A',
    '--port',
    '0',
    '--data',
    dataDir,
    '--fixtures',
    '--app-password',
    AUTHOR,
    '--app-password',
    SUBSCRIBER,
  ];
  child = spawn(process.execPath, [CLI, ...argv], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    child!.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /serving (http:\/\/\S+?)\/wp-json\//.exec(printed);
      if (found && printed.includes('outside services: recorded answers')) resolve(found[1]!);
    });
    child!.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child!.once('exit', () => reject(new Error(`serve exited before serving: ${printed}`)));
  });
}

beforeAll(async () => {
  // The GetResponse panel's saved settings, written before the site starts: serve must read them from PGlite.
  const store = await pgliteStore({ dataDir });
  await store.options.set(GETRESPONSE_API_KEY_OPTION, GETRESPONSE_KEY);
  await store.options.set(GETRESPONSE_API_ENDPOINT_OPTION, 'https://api.getresponse.com/v3/');
  await store.close();
  base = await startServe();
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every answer the test read, to look for keys in. */
const answers: string[] = [];

/** What `apiFetch` does for the editor: GET the route with `addQueryArgs`' query, signed in as `who` (none: anonymous). */
async function apiFetch(path: string, query: Record<string, string | string[]>, who: string | null = AUTHOR) {
  const url = new URL(`${base}/wp-json${path}`);
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) value.forEach((item, i) => url.searchParams.append(`${name}[${i}]`, item));
    else url.searchParams.append(name, value);
  }
  const headers = who ? { Authorization: `Basic ${Buffer.from(who).toString('base64')}` } : undefined;
  const response = await fetch(url, { headers });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, data: JSON.parse(text) as unknown };
}

type Option = { value: unknown; label: unknown };

describe("the form block's list pickers against serve --fixtures on PGlite", () => {
  it('MailerLite: groups, then fields, mapped as the panel maps them', async () => {
    const groups = await apiFetch('/blocksuite-maillist/v1/get', { apikey: MAILERLITE_KEY, endpoint: 'groups', queryargs: ['limit=500'] });
    expect(groups.status).toBe(200);
    const groupOptions: Option[] = (groups.data as { data: Array<{ id: string; name: string }> }).data.map((item) => ({
      value: item.id,
      label: item.name,
    }));
    expect(groupOptions).toEqual([
      { value: '91752340681123471', label: 'Newsletter' },
      { value: '91752340681190227', label: 'Webinar sign-ups' },
    ]);
    const fields = await apiFetch('/blocksuite-maillist/v1/get', { apikey: MAILERLITE_KEY, endpoint: 'fields' });
    const fieldOptions = (fields.data as { data: Array<{ key: string; name: string }> }).data
      .filter((item) => item.key !== 'email')
      .map((item) => item.key);
    expect(fieldOptions).toEqual(['name', 'last_name', 'company', 'plan', 'signed_up_on']);
  });

  it('MailerLite with a revoked key: "Unauthorized" with 200, which the panel shows as no groups', async () => {
    const groups = await apiFetch('/blocksuite-maillist/v1/get', { apikey: REVOKED_KEY, endpoint: 'groups', queryargs: ['limit=500'] });
    expect([groups.status, groups.data]).toEqual([200, 'Unauthorized']);
  });

  it('GetResponse: campaigns, tags and custom fields of the account stored in PGlite', async () => {
    const campaigns = await apiFetch('/blocksuite-responder/v1/get', { endpoint: 'campaigns', queryargs: ['perPage=200'] });
    const lists = (campaigns.data as Array<{ campaignId: string; name: string }>).map((item) => ({
      value: item.campaignId,
      label: item.name,
    }));
    expect(lists).toEqual([
      { value: 'V3kQa', label: 'newsletter_main' },
      { value: 'V3kRz', label: 'webinar_signups' },
    ]);
    const tags = await apiFetch('/blocksuite-responder/v1/get', { endpoint: 'tags' });
    expect((tags.data as Array<{ tagId: string }>).map((item) => item.tagId)).toEqual(['vBd5', 'vBd8']);
    const fields = await apiFetch('/blocksuite-responder/v1/get', { endpoint: 'custom-fields', queryargs: ['perPage=300'] });
    expect((fields.data as Array<{ customFieldId: string }>).map((item) => item.customFieldId)).toEqual(['pQx7', 'pQx9']);
  });

  it('GetResponse failing upstream: getresponse_error 500, which the panel catches', async () => {
    const failed = await apiFetch('/blocksuite-responder/v1/get', { endpoint: 'autoresponders' });
    expect([failed.status, failed.data]).toEqual([
      500,
      { code: 'getresponse_error', message: 'Error fetching data from GetResponse', data: null },
    ]);
  });

  it('FluentCRM: lists, tags, then the fields the mapping offers', async () => {
    const lists = await apiFetch('/blocksuite-crm/v1/get', { endpoint: 'lists' });
    expect((lists.data as Array<{ id: string; title: string }>).map((item) => [item.id, item.title])).toEqual([
      ['1', 'Newsletter'],
      ['2', 'Customers'],
    ]);
    const tags = await apiFetch('/blocksuite-crm/v1/get', { endpoint: 'tags' });
    expect((tags.data as Array<{ title: string }>).map((item) => item.title)).toEqual(['Lead', 'Webinar']);
    const fields = await apiFetch('/blocksuite-crm/v1/get', { endpoint: 'fields' });
    const keys = (fields.data as Array<{ key: string }>).filter((item) => item.key !== 'email').map((item) => item.key);
    expect(keys.slice(0, 3)).toEqual(['prefix', 'first_name', 'last_name']);
    expect(keys.slice(13)).toEqual(['company_size', 'plan', 'renewal_date']);
  });

  it('refuses each picker to a subscriber (403) and to anonymous callers (401)', async () => {
    const routes = [
      ['/blocksuite-maillist/v1/get', { apikey: MAILERLITE_KEY, endpoint: 'groups' }],
      ['/blocksuite-responder/v1/get', { endpoint: 'campaigns' }],
      ['/blocksuite-crm/v1/get', { endpoint: 'lists' }],
    ] as const;
    for (const [path, query] of routes) {
      const subscriber = await apiFetch(path, query, SUBSCRIBER);
      const anonymous = await apiFetch(path, query, null);
      expect([subscriber.status, anonymous.status, (anonymous.data as { code: string }).code]).toEqual([403, 401, 'rest_forbidden']);
    }
  });

  it('answers and prints no key, a refused apikey included', async () => {
    const refused = await apiFetch('/blocksuite-maillist/v1/get', { apikey: [MAILERLITE_KEY], endpoint: 'groups' });
    expect(refused.status).toBe(400);
    expect(answers.length).toBeGreaterThan(15);
    for (const key of KEYS) {
      for (const answer of answers) expect(answer).not.toContain(key);
      expect(printed).not.toContain(key);
    }
  });
});
