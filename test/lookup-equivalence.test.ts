import { describe, expect, it } from 'vitest';
import { createRestServer } from '../src/index.js';
import { loadSpec, specModules } from './helpers/peer.js';

/** WordPress's own lookup: every route's regex in registration order, first path+method match wins. */
function linearScan(keys: Array<{ key: string; methods: string[][] }>, path: string, method: string): string | null {
  for (const { key, methods } of keys) {
    if (!new RegExp(`^${key.replace(/\(\?P</g, '(?<')}$`, 'i').test(path)) continue;
    const serves = methods.some((m) => m.includes(method) || (method === 'HEAD' && m.includes('GET')));
    if (serves) return key;
  }
  return null;
}

describe('flat route lookup', () => {
  it("picks the same route as WordPress's linear scan, for every spec route and awkward paths", () => {
    const server = createRestServer({ site: { name: 'L', url: 'http://l.test' }, namespaces: specModules() });
    const keys = server.routes.routes().map((r) => ({ key: r.key, methods: r.endpoints.map((e) => e.methods) }));
    const samples = new Set<string>([
      '/',
      '/batch/v1',
      '/CORE/V2/POSTS',
      '/core/v2x/posts',
      '/nope/v1/x',
      '/core',
      '/core/v2/posts/',
      '//core/v2',
    ]);
    for (const route of loadSpec().routes) {
      const concrete = route.route
        .replace(/\(\?P<\w+>\[\\d\]\+\)|\(\?P<\w+>\\d\+\)/g, '42')
        .replace(/\(\?P<(\w+)>\(?([a-z-]+)\|[^)]*\)\)?/g, '$2')
        .replace(/\(\?P<\w+>[^)]*\)/g, 'some-thing');
      samples.add(concrete);
      samples.add(concrete.toUpperCase());
      samples.add(`${concrete}/extra`);
    }
    for (const path of samples) {
      for (const method of ['GET', 'POST', 'DELETE', 'HEAD']) {
        expect(server.routes.match(path, method)?.route.key ?? null, `${method} ${path}`).toBe(linearScan(keys, path, method));
      }
    }
  });
});
