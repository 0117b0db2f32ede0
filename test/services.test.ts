// Outside services declared one way (`src/namespaces/host-service.ts`), through `inject`: each
// namespace's service answered by its recorded double (the packaged `fixtures/`), each failure kind
// (threw, timed out, too large, not configured) answered as the real plugin answers it, a hanging
// double answered at the deadline, failures reported to `onError` with credentials cut out, and
// `site-rest serve --fixtures` serving the recorded answers over a real socket.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contactForms,
  createRestServer,
  hostToolkit,
  loginGuard,
  memoryStore,
  openMfaSession,
  samplePosts,
  seedContactForms,
  seedPosts,
  seoA,
  type ErrorInfo,
  type MountableNamespace,
  type RestServer,
  type SiteStore,
} from '../src/index.js';
import { packagedFixtures, serviceDoubles, serviceRecordings, type ServiceRecordings } from '../src/cli/fixtures.js';
import { oembed } from '../src/namespaces/oembed/index.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { userWith } from './helpers/users.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const SITE = { name: 'Services Site', url: 'http://services.test' };

const administrator = userWith(1, 'administrator');

/** What `onError` heard, with where. */
type Report = { error: unknown; info: ErrorInfo };

/** The packaged recordings, fresh for each test, so flipping one double's switch touches no other test. */
function recorded(): ServiceRecordings {
  return serviceRecordings(packagedFixtures());
}

/** A server mounting `namespace` on `store`, its reports collected. */
function serverOf(namespace: MountableNamespace, store: SiteStore = memoryStore()): { rest: RestServer; reports: Report[] } {
  const reports: Report[] = [];
  const rest = createRestServer({ site: SITE, store, namespaces: [namespace], onError: (error, info) => reports.push({ error, info }) });
  return { rest, reports };
}

const YOUTUBE = 'https://www.youtube.com/watch?v=M7lc1UVf-VE';
const proxy = (rest: RestServer, url: string) => rest.inject({ path: '/oembed/1.0/proxy', query: { url }, user: administrator });

/** A contact form submission of CF7's sample form, as a browser's FormData sends it. */
async function submitSample(rest: RestServer) {
  const form = new FormData();
  const fields = { _wpcf7_unit_tag: 'wpcf7-f1-o1', 'your-name': 'Ana', 'your-email': 'ana@example.com', 'your-subject': 'Hi' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://services.test/', { method: 'POST', body: form });
  const answer = await rest.inject({
    method: 'POST',
    path: '/contact-forms/v1/contact-forms/1/feedback',
    body: await request.text(),
    headers: { 'Content-Type': request.headers.get('content-type')!, 'User-Agent': 'vitest' },
  });
  return (answer.data as { status: string }).status;
}

/** A login-guard send-code request for a fresh session of a user with an address. */
async function sendCode(namespace: (store: SiteStore) => MountableNamespace) {
  const store = memoryStore();
  const user = await store.users.insert({ user_login: 'alice', user_email: 'alice@services.test', roles: ['subscriber'] });
  const { token, secret } = await openMfaSession(store, { userId: user.ID });
  const { rest, reports } = serverOf(namespace(store), store);
  const answer = await rest.inject({ method: 'POST', path: '/login-guard/v1/mfa/send-code', body: { token, secret } });
  return { answer: { status: answer.status, body: answer.data }, reports };
}

/** A published post for seo-a's content analysis. */
async function seededPost(store: SiteStore): Promise<number> {
  const post = await store.posts.insert({ post_title: 'Coffee', post_name: 'coffee', post_status: 'publish', post_author: 1 });
  return post.ID;
}

describe('recorded doubles answer the success path from fixtures/', () => {
  it("answers oEmbed's proxy with a sanctioned provider's recorded document, and a discovered one's", async () => {
    const { rest } = serverOf(oembed({ fetch: serviceDoubles(recorded())['oembed/provider'] }));
    const youtube = await proxy(rest, YOUTUBE);
    expect(youtube.status).toBe(200);
    expect(youtube.data).toMatchObject({ provider_name: 'YouTube', title: 'YouTube Developers Live: Embedded Web Player Customization' });
    const discovered = await proxy(rest, 'https://blog.example.org/2024/05/hello-embeds/');
    expect(discovered.status).toBe(200);
    expect(discovered.data).toMatchObject({ provider_name: 'Example Blog', title: 'Hello, embeds', type: 'rich' });
    expect((await proxy(rest, 'https://unrecorded.example/')).status).toBe(404);
  });

  it("relays the host panel's recorded answers by method and slug", async () => {
    const { rest } = serverOf(hostToolkit({ hostPanel: serviceDoubles(recorded())['host-toolkit/panel'] }));
    const sites = await rest.inject({ path: '/host-toolkit/api/sites', user: administrator });
    expect(sites.status).toBe(200);
    expect(sites.data).toMatchObject({ total: 2 });
    const queued = await rest.inject({ method: 'POST', path: '/host-toolkit/api/sites/12/backups', user: administrator });
    expect([queued.status, queued.data]).toEqual([202, { id: 'bk-20261129-0915', status: 'queued', type: 'manual' }]);
  });

  it('sends mail through the recorded wp_mail() answer: mail_sent, and the login code sent', async () => {
    const store = memoryStore();
    await seedContactForms(store);
    const { rest } = serverOf(contactForms({ storage: { sendMail: serviceDoubles(recorded())['contact-forms/mail'] } }), store);
    expect(await submitSample(rest)).toBe('mail_sent');
    const { answer } = await sendCode(() => loginGuard({ sendMail: serviceDoubles(recorded())['login-guard/mail'] }));
    expect(answer).toEqual({ status: 200, body: { success: true } });
  });

  it("analyses seo-a's recorded page of the demo's first post", async () => {
    const store = memoryStore();
    await seedPosts(store, samplePosts());
    const { rest } = serverOf(seoA({ renderPage: serviceDoubles(recorded())['seo-a/render-page'] }), store);
    const analysis = await rest.inject<Record<string, { value?: unknown }>>({
      path: '/seo-a/v1/posts/4/content-analysis',
      user: administrator,
    });
    expect(analysis.status).toBe(200);
    expect(analysis.data.title?.value).toBe('Post 01 bravo - Example Site');
  });
});

/** The failure kinds a double is switched to, with the limits that make a hang end soon. */
const FAILING: ReadonlyArray<{ mode: DoubleMode; failure: string }> = [
  { mode: 'threw', failure: 'threw' },
  { mode: 'hang', failure: 'timeout' },
  { mode: 'too-large', failure: 'too-large' },
];

/** The recordings with `service`'s double switched to `mode`. */
function switched(service: keyof ServiceRecordings, mode: DoubleMode): ServiceRecordings {
  const recordings = recorded();
  recordings[service].mode = mode;
  return recordings;
}

/** The service reports `onError` heard: one per failed call, phase `service`, naming it. */
function serviceReports(reports: Report[]) {
  return reports.map(({ info }) => ({ phase: info.phase, service: info.service, level: info.level }));
}

describe('each failure kind is answered as the real plugin answers it, and reported', () => {
  it.each(FAILING)('host-toolkit panel that $failure: 502, or 504 at the deadline', async ({ mode, failure }) => {
    const hostPanel = serviceDoubles(switched('host-toolkit/panel', mode))['host-toolkit/panel'];
    const { rest, reports } = serverOf(hostToolkit({ hostPanel, panelLimits: { timeoutMs: 50 } }));
    const answer = await rest.inject({ path: '/host-toolkit/api/sites', user: administrator });
    expect(answer.status).toBe(failure === 'timeout' ? 504 : 502);
    expect((answer.data as { code: string }).code).toBe(
      failure === 'timeout' ? 'host_toolkit_upstream_timeout' : 'host_toolkit_upstream_error',
    );
    expect(serviceReports(reports)).toEqual([{ phase: 'service', service: 'host-toolkit/panel', level: 'error' }]);
  });

  it.each(FAILING)('oEmbed provider that $failure: 404 oembed_invalid_url', async ({ mode }) => {
    const fetch = serviceDoubles(switched('oembed/provider', mode))['oembed/provider'];
    const { rest } = serverOf(oembed({ fetch, timeoutMs: 50 }));
    const answer = await proxy(rest, YOUTUBE);
    expect([answer.status, answer.data]).toEqual([404, { code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } }]);
  });

  it.each(FAILING)('contact form mail that $failure: mail_failed', async ({ mode }) => {
    const store = memoryStore();
    await seedContactForms(store);
    const sendMail = serviceDoubles(switched('contact-forms/mail', mode))['contact-forms/mail'];
    const { rest, reports } = serverOf(contactForms({ storage: { sendMail }, mailLimits: { timeoutMs: 50 } }), store);
    expect(await submitSample(rest)).toBe('mail_failed');
    expect(serviceReports(reports)).toEqual([{ phase: 'service', service: 'contact-forms/mail', level: 'error' }]);
  });

  it.each(FAILING)('login code mail that $failure: 500 "Failed to send email"', async ({ mode }) => {
    const sendMail = serviceDoubles(switched('login-guard/mail', mode))['login-guard/mail'];
    const { answer, reports } = await sendCode(() => loginGuard({ sendMail, mailLimits: { timeoutMs: 50 } }));
    expect(answer).toEqual({ status: 500, body: { success: false, message: 'Failed to send email' } });
    expect(serviceReports(reports)).toEqual([{ phase: 'service', service: 'login-guard/mail', level: 'error' }]);
  });

  it.each(FAILING)("seo-a page renderer that $failure: SEOPress's {title: '...', meta_desc: '...'}", async ({ mode }) => {
    const store = memoryStore();
    const id = await seededPost(store);
    const recordings = switched('seo-a/render-page', mode);
    const renderPage = serviceDoubles(recordings)['seo-a/render-page'];
    const { rest, reports } = serverOf(seoA({ renderPage, renderPageLimits: { timeoutMs: 50 } }), store);
    const answer = await rest.inject({ path: `/seo-a/v1/posts/${id}/content-analysis`, user: administrator });
    expect([answer.status, answer.data]).toEqual([200, { title: '...', meta_desc: '...' }]);
    expect(serviceReports(reports)).toEqual([{ phase: 'service', service: 'seo-a/render-page', level: 'error' }]);
  });

  it('answers what each plugin answers with no service configured, and reports nothing', async () => {
    const panel = serverOf(hostToolkit());
    const unpanelled = await panel.rest.inject({ path: '/host-toolkit/api/sites', user: administrator });
    expect([unpanelled.status, (unpanelled.data as { code: string }).code]).toEqual([501, 'rest_not_implemented']);
    const provider = serverOf(oembed());
    const unfetched = await proxy(provider.rest, YOUTUBE);
    expect([unfetched.status, (unfetched.data as { code: string }).code]).toEqual([501, 'rest_oembed_fetch_not_configured']);
    const { answer, reports } = await sendCode(() => loginGuard());
    expect(answer).toEqual({ status: 500, body: { success: false, message: 'Failed to send email' } });
    const store = memoryStore();
    await seedContactForms(store);
    // CF7 without a mailer: the site store's sendMail counts the mail as sent.
    expect(await submitSample(serverOf(contactForms(), store).rest)).toBe('mail_sent');
    expect([...panel.reports, ...provider.reports, ...reports]).toEqual([]);
  });
});

describe('what a service throws reaches onError redacted, and the client not at all', () => {
  it('cuts the credentials it was sent, a URL password, a bearer token and credential-named values from the report', async () => {
    const thrown =
      'panel refused tok_9f8e7d6c5b4a for sites: POST https://admin:hunter2pass@panel.example/api ' +
      'apikey=AKIA1234SECRET "client_secret": "cs-55aa" Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abc.def';
    const hostPanel = { request: async () => Promise.reject(new Error(thrown)) };
    const { rest, reports } = serverOf(hostToolkit({ hostPanel }));
    const answer = await rest.inject({ path: '/host-toolkit/api/sites', query: { token: 'tok_9f8e7d6c5b4a' }, user: administrator });
    expect(answer.status).toBe(502);
    const leaks = ['tok_9f8e7d6c5b4a', 'hunter2pass', 'AKIA1234SECRET', 'cs-55aa', 'eyJhbGciOiJIUzI1NiJ9', 'panel refused'];
    const told = reports.map(({ error }) => (error as Error).message).join('\n');
    expect(told).toContain('site-rest: host-toolkit panel (the `hostPanel` option) failed: panel refused [redacted] for sites');
    for (const secret of leaks.slice(0, -1)) expect(told).not.toContain(secret);
    for (const secret of leaks) expect(answer.body).not.toContain(secret);
  });
});

describe('site-rest serve --fixtures', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  /** Starts the built CLI with `argv`; answers the URL it serves once it prints it. */
  function start(...argv: string[]): Promise<string> {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--memory', ...argv], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stop = () => child.kill('SIGTERM');
    let printed = '';
    return new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const found = /serving (http:\/\/[^/\s]+)/.exec(printed);
        if (found && /outside services: recorded answers|oembed proxy: /.test(printed)) resolve(found[1]!);
      });
      child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      child.once('exit', () => reject(new Error(`exited before serving: ${printed}`)));
    });
  }

  const PASSWORD = 'FixturesAdmin4kT9wQ2zR7mV';
  const auth = { Authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };

  it("serves the packaged recordings over a socket: the panel's sites and YouTube's oEmbed document", async () => {
    const base = await start('--variant', 'B', '--app-password', `admin:${PASSWORD}`, '--fixtures');
    const sites = await fetch(`${base}/index.php?rest_route=/host-toolkit/api/sites`, { headers: auth });
    expect(sites.status).toBe(200);
    expect(await sites.json()).toMatchObject({ sites: [{ id: 12, domain: 'example.test' }, { id: 15 }] });
    const embed = await fetch(`${base}/index.php?rest_route=/oembed/1.0/proxy&url=${encodeURIComponent(YOUTUBE)}`, { headers: auth });
    expect(embed.status).toBe(200);
    expect(await embed.json()).toMatchObject({ provider_name: 'YouTube' });
  });

  it('contacts no network by default: the oEmbed proxy answers 501 without --oembed-fetch or --fixtures, and the two exclude each other', async () => {
    const base = await start('--variant', 'B', '--app-password', `admin:${PASSWORD}`);
    const embed = await fetch(`${base}/index.php?rest_route=/oembed/1.0/proxy&url=${encodeURIComponent(YOUTUBE)}`, { headers: auth });
    expect(embed.status).toBe(501);
    stop?.();
    await expect(start('--fixtures', '--oembed-fetch')).rejects.toThrow('give one of them');
  });

  it('serves the recordings of a folder given, and refuses one that names no declared service', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-rest-fixtures-'));
    try {
      mkdirSync(join(dir, 'host-toolkit', 'panel'), { recursive: true });
      writeFileSync(
        join(dir, 'host-toolkit', 'panel', 'plans.json'),
        JSON.stringify({ when: { slug: 'plans' }, answer: { status: 200, body: ['basic'] } }),
      );
      const base = await start('--variant', 'B', '--app-password', `admin:${PASSWORD}`, '--fixtures', dir);
      const plans = await fetch(`${base}/index.php?rest_route=/host-toolkit/api/plans`, { headers: auth });
      expect([plans.status, await plans.json()]).toEqual([200, ['basic']]);
      const sites = await fetch(`${base}/index.php?rest_route=/host-toolkit/api/sites`, { headers: auth });
      expect(sites.status).toBe(404);
      stop?.();
      mkdirSync(join(dir, 'host-toolkit', 'billing'));
      await expect(start('--fixtures', dir)).rejects.toThrow('--fixtures: host-toolkit/billing is no declared service');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
