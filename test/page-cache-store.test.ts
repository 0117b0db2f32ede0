// WP Super Cache's state kept on PGlite across a restart: what the settings screen changed through
// one server is what the next server on the same data directory answers, under the plugin's names.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../src/core/auth/roles.js';
import { createRestServer, pageCache, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { pgliteStore } from '../src/store.js';

const NS = '/page-cache/v1';
const caps = capabilitiesOf(['administrator']);
const admin: RestUser = { id: 1, username: 'admin', can: (cap) => caps.has(cap) };
const dir = mkdtempSync(join(tmpdir(), 'site-rest-page-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function server(store: SiteStore): RestServer {
  return createRestServer({ site: { name: 'Cache Site', url: 'http://cache.test' }, store, namespaces: [pageCache()], onError: () => {} });
}

async function call(rest: RestServer, method: string, path: string, body?: unknown) {
  const answer = await rest.inject({ method, path: `${NS}${path}`, ...(body === undefined ? {} : { body }), user: admin });
  expect(answer.status).toBe(200);
  return answer.data as Record<string, unknown>;
}

describe('page-cache/v1 on PGlite', () => {
  it('keeps the settings, the add-ons and the preload across a restart', { timeout: 60_000 }, async () => {
    const dataDir = join(dir, 'site');
    const first = await pgliteStore({ dataDir });
    const rest = server(first);
    await call(rest, 'POST', '/settings', { easy: 1 });
    await call(rest, 'POST', '/settings', {
      cache_max_time: 900,
      cache_rejected_uri: ['/checkout/'],
      ossdl_off_cdn_url: 'https://cdn.cache.test',
    });
    await call(rest, 'POST', '/plugins', { wptouch: true });
    await call(rest, 'POST', '/preload', { enable: true });
    const before = await call(rest, 'GET', '/settings');
    await first.close();

    const second = await pgliteStore({ dataDir });
    try {
      const after = await call(server(second), 'GET', '/settings');
      expect(after).toEqual(before);
      expect(after).toMatchObject({
        is_cache_enabled: true,
        cache_max_time: 900,
        cache_rejected_uri: ['/checkout/'],
        ossdl_off_cdn_url: 'https://cdn.cache.test',
        is_preloading: true,
      });
      expect(((await call(server(second), 'GET', '/plugins')).wptouch as { enabled: boolean }).enabled).toBe(true);
      expect(await second.options.get('wp-cache-config')).toMatchObject({ cache_enabled: true, cache_max_time: 900, cache_wptouch: 1 });
      expect(await second.options.get('preload_cache_counter')).toEqual({ c: 0, t: expect.any(Number) });
      expect(await second.options.get('ossdl_off_cdn_url')).toBe('https://cdn.cache.test');
    } finally {
      await second.close();
    }
  });
});
