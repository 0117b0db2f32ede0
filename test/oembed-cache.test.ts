// The oEmbed proxy's cache lives in the site store's transients, named as WordPress's
// `get_proxy_item` names them, so servers sharing a store share the providers' answers.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { oembed, type OembedOptions } from '../src/namespaces/oembed/index.js';

const admin: RestUser = { id: 1, username: 'admin', can: () => true };
const VIDEO = 'https://videos.example/v/1';
const providers = [{ pattern: /^https:\/\/videos\.example\//, endpoint: 'https://videos.example/oembed' }];

/** A provider answering every document request with a video, counting the requests. */
function provider(): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  const stub = async (input: string | URL | Request) => {
    calls.push(input instanceof Request ? input.url : String(input));
    const document = { version: '1.0', type: 'video', title: 'A video', html: '<iframe src="https://videos.example/e/1"></iframe>' };
    return new Response(JSON.stringify(document), { headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch: stub, calls };
}

function serverOn(store: SiteStore, options: OembedOptions): RestServer {
  return createRestServer({
    site: { name: 'Embeds', url: 'https://site.example' },
    store,
    namespaces: [oembed({ providers, ...options })],
    onError: () => {},
  });
}

const proxy = (rest: RestServer, query: Record<string, string> = { url: VIDEO }) =>
  rest.inject<{ title: string }>({ path: '/oembed/1.0/proxy', query, user: admin });

describe('the oEmbed proxy cache in the site store', () => {
  it('keeps an answer in the transient WordPress names oembed_ + md5(serialize(params))', async () => {
    const store = memoryStore();
    const answer = await proxy(serverOn(store, { fetch: provider().fetch }));
    expect(answer.status).toBe(200);
    // `$request->get_params()`: the defaults first, then the query, as PHP serializes them.
    const serialized = `a:4:{s:6:"format";s:4:"json";s:8:"maxwidth";i:600;s:8:"discover";b:1;s:3:"url";s:${VIDEO.length}:"${VIDEO}";}`;
    const name = `oembed_${createHash('md5').update(serialized).digest('hex')}`;
    expect(await store.transients.get(name)).toEqual(answer.data);
  });

  it('names it from every param but _wpnonce, arrays as PHP serializes them', async () => {
    const store = memoryStore();
    const rest = serverOn(store, { fetch: provider().fetch });
    const path = `/oembed/1.0/proxy?url=${encodeURIComponent(VIDEO)}&maxwidth=300&tags[]=a&tags[]=b&_wpnonce=x`;
    const answer = await rest.inject({ path, user: admin });
    const serialized =
      `a:5:{s:6:"format";s:4:"json";s:8:"maxwidth";i:300;s:8:"discover";b:1;s:3:"url";s:${VIDEO.length}:"${VIDEO}";` +
      's:4:"tags";a:2:{i:0;s:1:"a";i:1;s:1:"b";}}';
    expect(await store.transients.get(`oembed_${createHash('md5').update(serialized).digest('hex')}`)).toEqual(answer.data);
  });

  it('serves a second server on the same store from the cache, never calling its fetch', async () => {
    const store = memoryStore();
    const first = provider();
    const second = provider();
    const one = await proxy(serverOn(store, { fetch: first.fetch }));
    const two = await proxy(serverOn(store, { fetch: second.fetch }));
    expect(first.calls).toHaveLength(1);
    expect(second.calls).toEqual([]);
    expect(two.data).toEqual(one.data);
  });

  it('fetches again once the answer has expired, and for other params', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const store = memoryStore({ now: () => now });
    const { fetch, calls } = provider();
    const rest = serverOn(store, { fetch, cacheTtlMs: 60_000 });
    await proxy(rest);
    now += 59_000;
    await proxy(rest);
    expect(calls).toHaveLength(1);
    await proxy(rest, { url: VIDEO, maxwidth: '300' });
    expect(calls).toHaveLength(2);
    now += 2_000;
    await proxy(rest);
    expect(calls).toHaveLength(3);
  });

  it('keeps at most cacheSize answers, dropping the one stored longest ago', async () => {
    const store = memoryStore();
    const { fetch, calls } = provider();
    const rest = serverOn(store, { fetch, cacheSize: 2 });
    for (const n of [1, 2, 3]) await proxy(rest, { url: `https://videos.example/v/${n}` });
    await proxy(rest, { url: 'https://videos.example/v/3' });
    await proxy(rest, { url: 'https://videos.example/v/2' });
    expect(calls).toHaveLength(3);
    await proxy(rest, { url: 'https://videos.example/v/1' });
    expect(calls).toHaveLength(4);
  });

  it('keeps nothing with a TTL under a second or a cacheSize of 0', async () => {
    for (const options of [{ cacheTtlMs: 999 }, { cacheSize: 0 }]) {
      const store = memoryStore();
      const { fetch, calls } = provider();
      const rest = serverOn(store, { fetch, ...options });
      await proxy(rest);
      await proxy(rest);
      expect(calls).toHaveLength(2);
    }
  });
});
