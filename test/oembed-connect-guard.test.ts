// The proxy's default fetch checks the address it connects to, not a separate lookup: two
// loopback servers on one port play a public provider (127.0.0.2, which the tests' guard lets
// through as if public) and an internal service (127.0.0.1, refused as every private address is).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRestServer, type RestUser } from '../src/index.js';
import { guardedFetch, isPrivateAddress, type ConnectGuard } from '../src/namespaces/address-guard.js';
import { oembed, type OembedOptions } from '../src/namespaces/oembed/index.js';
import { nodeOembedFetch } from '../src/node.js';
import { FIXTURES } from './helpers/peer.js';
import { recordingServer } from './helpers/recording-server.js';

const admin: RestUser = { id: 1, username: 'admin', can: () => true };
const fixture = (name: string): string => readFileSync(join(FIXTURES, 'oembed', name), 'utf8');
const INTERNAL_SECRET = 'internal-service-secret';

/** A resolver answering from a table; a name with several answers gets the next one on each call (a TTL-0 name). */
function scriptedResolver(table: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
    calls.push(hostname);
    return [answers.length > 1 ? answers.shift()! : answers[0]!];
  };
  return { resolve, calls };
}

describe('oembed/1.0/proxy connects only to public addresses, checked at connect time', () => {
  let port = 0;
  const internal = recordingServer('127.0.0.1', 0, {
    '/oembed/good': (res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ type: 'rich', html: INTERNAL_SECRET, title: INTERNAL_SECRET })),
  });
  let provider: ReturnType<typeof recordingServer>;
  const page = (endpoint: string) => fixture('provider-page.html').replaceAll('{endpoint}', endpoint);

  beforeAll(async () => {
    port = await internal.start();
    provider = recordingServer('127.0.0.2', port, {
      // Closing the connection makes the next fetch connect, and so look the name up, again.
      '/page/rebind': (res) => res.writeHead(200, { Connection: 'close' }).end(page(`http://rebind.example:${port}/oembed/good`)),
      '/oembed/good': (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(fixture('provider-rich.json')),
      '/redirect/name': (res) => res.writeHead(302, { Location: `http://internal.example:${port}/oembed/good` }).end(),
      '/redirect/ip': (res) => res.writeHead(302, { Location: `http://127.0.0.1:${port}/oembed/good` }).end(),
      '/redirect/public': (res) => res.writeHead(302, { Location: `http://public.example:${port}/oembed/good` }).end(),
    });
    await provider.start();
  });
  afterAll(async () => {
    await provider.stop();
    await internal.stop();
  });
  beforeEach(() => {
    internal.hits.length = 0;
    provider.hits.length = 0;
  });

  /** A site whose proxy's guarded fetch resolves through `resolve` and treats 127.0.0.2 as public. */
  const site = (
    resolve: ConnectGuard['resolve'],
    options: OembedOptions = {},
    isRefused = (address: string) => address !== '127.0.0.2' && isPrivateAddress(address),
  ) =>
    createRestServer({
      site: { name: 'Example Site', url: 'http://site.example' },
      namespaces: [oembed({ ...options, fetch: guardedFetch({ resolve, isRefused }) })],
      onError: () => {},
    });
  const sanctioned = (endpoint: string): OembedOptions => ({ providers: [{ pattern: /^https:\/\/videos\.example\//, endpoint }] });
  const proxy = (server: ReturnType<typeof site>, url: string) => server.inject({ path: '/oembed/1.0/proxy', query: { url }, user: admin });

  it('refuses a name that resolves to a public address, then to loopback (DNS rebinding): nothing of the internal service comes back', async () => {
    const resolver = scriptedResolver({ 'rebind.example': ['127.0.0.2', '127.0.0.1'] });
    const answer = await proxy(site(resolver.resolve), `http://rebind.example:${port}/page/rebind`);
    expect(answer).toMatchObject({ status: 404, data: { code: 'oembed_invalid_url' } });
    expect(answer.body).not.toContain(INTERNAL_SECRET);
    expect(provider.hits).toEqual(['/page/rebind']);
    expect(internal.hits).toEqual([]);
    // One lookup per connection, and it is the one connected to: no separate check to race.
    expect(resolver.calls).toEqual(['rebind.example', 'rebind.example']);
  });

  it.each([
    ['a name that resolves to loopback', '/redirect/name'],
    ['a loopback IP literal', '/redirect/ip'],
  ])('refuses a redirect to %s', async (_, path) => {
    const { resolve } = scriptedResolver({ 'public.example': ['127.0.0.2'], 'internal.example': ['127.0.0.1'] });
    const answer = await proxy(site(resolve, sanctioned(`http://public.example:${port}${path}`)), 'https://videos.example/v/1');
    expect(answer).toMatchObject({ status: 404, data: { code: 'oembed_invalid_url' } });
    expect(provider.hits).toEqual([path]);
    expect(internal.hits).toEqual([]);
  });

  it('follows a redirect to a public address', async () => {
    const { resolve } = scriptedResolver({ 'public.example': ['127.0.0.2'] });
    const answer = await proxy(site(resolve, sanctioned(`http://public.example:${port}/redirect/public`)), 'https://videos.example/v/1');
    expect(answer.status).toBe(200);
    expect(provider.hits).toEqual(['/redirect/public', '/oembed/good']);
  });

  it('nodeOembedFetch reaches a loopback provider only with allowPrivateAddresses', async () => {
    const options = sanctioned(`http://127.0.0.1:${port}/oembed/good`);
    const on = (fetch: typeof globalThis.fetch) =>
      createRestServer({
        site: { name: 'Example Site', url: 'http://site.example' },
        namespaces: [oembed({ ...options, fetch })],
        onError: () => {},
      });
    const refused = await proxy(on(nodeOembedFetch()), 'https://videos.example/v/1');
    expect(refused.status).toBe(404);
    expect(internal.hits).toEqual([]);
    const allowed = await proxy(on(nodeOembedFetch({ allowPrivateAddresses: true })), 'https://videos.example/v/1');
    expect(allowed.status).toBe(200);
    expect(internal.hits).toEqual(['/oembed/good']);
  });
});
