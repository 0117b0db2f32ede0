import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRestServer } from '../src/index.js';
import { loadSpec, specModules } from './helpers/peer.js';
import { propertyRuns } from './helpers/property-runs.js';

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

describe('segment-tree lookup over any route patterns', () => {
  // Pieces of route patterns: plain segments, one-segment groups the tree descends through, and
  // regex the tree must leave to the route's own regex (groups that can span `/`, ranges over `/`,
  // optional slashes, quantifiers, a group's alternation, a `.` in text, non-ASCII text).
  const piece = fc.constantFrom(
    'a',
    'B',
    'posts',
    'v1',
    'x-y',
    '1.0',
    'é',
    'K',
    '(?P<id>[\\d]+)',
    '(?P<id>\\d+)',
    '(?P<slug>[a-z0-9\\-]+)',
    '(?P<any>[^/]+)',
    '(?P<w>[\\w-]+)',
    '(?P<rest>.+)',
    '(?P<s>[a-z/]+)',
    '(?P<r>[!-~]+)',
    '(?P<n>[^a]+)',
    '(?P<e>\\w*)',
    '(?P<two>[\\d]{2})',
    '(?P<esc>[\\/a]+)',
    '(?P<hex>[A-F0-9]{2,4})',
    '(?P<none>[^/]*)',
    '(?P<dot>[\\w.]+)',
    '(?P<cross>[Z-a]+)',
    '(?P<notpunct>[^!-.]+)',
    '(?P<space>\\s+)',
    '(?P<accented>[a-zé]+)',
    'a?',
    '(?:x|y)',
    'b*',
  );
  const separator = fc.constantFrom('/', '/', '/', '/?', '/+');
  let groupNumber = 0;
  const pattern = fc
    .array(fc.tuple(separator, piece), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.map(([sep, p]) => sep + p.replace(/\(\?P<\w+>/, () => `(?P<g${groupNumber++}>`)).join(''));
  const segment = fc.constantFrom(
    'a',
    'A',
    'b',
    'posts',
    'POSTS',
    'v1',
    '1x0',
    '1.0',
    '42',
    '7',
    'x-y',
    '',
    'é',
    'É',
    'k',
    'K',
    'x',
    'y',
    'ab',
    'p',
    // Characters the groups' ASCII tables and case folding must judge, and ones only a group's regex can.
    ...['Af09', 'af', '_', 'a.b', '^`', ' ', '\u00a0', '\u017f', '\u212a', 'Zz', '%2F'],
  );
  const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((segments) => `/${segments.join('/')}`);

  it("picks the route WordPress's linear scan picks, for random patterns and paths", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(pattern, { minLength: 1, maxLength: 8, selector: (p) => p.replace(/\/+$/, '') }),
        fc.array(path, { maxLength: 12 }),
        (patterns, paths) => {
          const server = createRestServer({
            site: { name: 'P', url: 'http://p.test' },
            unsafePatterns: 'allow',
            namespaces: [
              { namespace: 't', routes: patterns.map((p) => ({ path: p, endpoints: [{ methods: 'GET', handler: () => null }] })) },
            ],
          });
          const table = server.routes.routes().map((r) => ({ key: r.key, methods: r.endpoints.map((e) => e.methods) }));
          // Each route's own paths: groups as 42, an optional `/` left out or kept, a repeated one doubled.
          const concrete = table.flatMap(({ key }) => {
            const filled = key.replace(/\(\?P<\w+>[^)]*\)/g, '42');
            return [filled.replace(/\/\?/g, '').replace(/\/\+/g, '//'), filled.replace(/\/[?+]/g, '/')];
          });
          for (const p of [...paths.map((p) => `/t${p}`), ...concrete]) {
            const wanted = linearScan(table, p, 'GET');
            expect(server.routes.match(p, 'GET')?.route.key ?? null, `${p} among ${table.map((r) => r.key).join(' ')}`).toBe(wanted);
          }
        },
      ),
      { numRuns: propertyRuns({ ci: 100, deep: 400 }) },
    );
  });
});
