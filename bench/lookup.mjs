// Route lookup cost vs table size, in-process: `server.routes.match(path, method)` on tables of
// 10, 250 and 2,500 routes, next to a WordPress-style linear scan of per-route regexes.
import { performance } from 'node:perf_hooks';
import { createRestServer } from '../dist/index.js';
import { SITE, SPEC, specModules } from './fixture.mjs';
import { median } from './stats.mjs';

export const SIZES = [10, 250, 2500];

/** The mix looked up, every entry present in all three tables (the last one is a miss). */
export const MIX = [
  ['/core/v2/posts', 'GET'],
  ['/core/v2/posts/123', 'GET'],
  ['/oembed/1.0/proxy', 'GET'],
  ['/', 'GET'],
  ['/core/v2/nope', 'GET'],
];

const BASE = SPEC.routes.slice(0, 10);
const OTHERS = SPEC.routes.slice(10);
const OTHER_NAMESPACES = [...new Set(OTHERS.map((r) => r.namespace))];

/** `seo-b/v1` → `seo-b-7/v1`, `host-toolkit/api` → `host-toolkit-7/api`. */
const renamed = (ns, copy) => ns.replace(/^[^/]+/, (first) => `${first}-${copy}`);

/**
 * A server with routes.json's first 10 routes (root and batch as built in, when they are), then
 * whole namespaces of the other routes copied under renamed namespaces until `size` routes.
 */
export function buildServer(size) {
  const base = specModules(BASE);
  const baseCount = createRestServer({ site: SITE, namespaces: base }).routes.routes().length;
  const filler = [];
  let missing = size - baseCount;
  // Each pass copies every other namespace once; a namespace's index route counts as one route.
  for (let copy = 1; missing > 0 && copy <= size; copy++) {
    for (const ns of OTHER_NAMESPACES) {
      if (missing <= 0) break;
      const routes = OTHERS.filter((r) => r.namespace === ns).slice(0, missing);
      filler.push(...specModules(routes, { rename: (n) => renamed(n, copy) }));
      missing -= routes.length;
    }
  }
  return createRestServer({ site: SITE, namespaces: [...base, ...filler], onError: () => {} });
}

/** WordPress's loop: each route key as its own `^…$`/i regex, tried in registration order. */
export function linearScan(server) {
  const entries = [];
  let skipped = 0;
  for (const route of server.routes.routes()) {
    let regex;
    try {
      regex = new RegExp(`^${route.key.replace(/\(\?P</g, '(?<')}$`, 'i');
    } catch {
      skipped += 1;
      continue;
    }
    entries.push({ route, regex, methods: new Set(route.endpoints.flatMap((e) => e.methods)) });
  }
  const match = (path, method) => {
    for (const entry of entries) {
      const m = entry.regex.exec(path);
      if (m && (entry.methods.has(method) || (method === 'HEAD' && entry.methods.has('GET'))))
        return { route: entry.route, params: m.groups ?? {} };
    }
    return null;
  };
  return { match, skipped };
}

// Two copies of the same loop, so the call sites of site-rest and of the linear scan keep
// their own type feedback and neither slows the other down.
function passSiteRest(table, mix, batch) {
  let sink = 0;
  for (let b = 0; b < batch; b++) {
    for (let k = 0; k < mix.length; k++) {
      const found = table.match(mix[k][0], mix[k][1]);
      if (found) sink += found.route.key.length;
    }
  }
  return sink;
}
function passLinear(scan, mix, batch) {
  let sink = 0;
  for (let b = 0; b < batch; b++) {
    for (let k = 0; k < mix.length; k++) {
      const found = scan.match(mix[k][0], mix[k][1]);
      if (found) sink += found.route.key.length;
    }
  }
  return sink;
}

/** Lookups per second over `mix` for about `ms`, in passes of 100 mixes. */
function timed(pass, target, ms, mix = MIX) {
  const t0 = performance.now();
  let lookups = 0;
  let elapsed = 0;
  let sink = 0;
  // Bounded: stops after `ms`, or after 10M passes of the mix whatever the clock says.
  for (let i = 0; i < 100_000 && elapsed < ms; i++) {
    sink += pass(target, mix, 100);
    lookups += 100 * mix.length;
    elapsed = performance.now() - t0;
  }
  if (sink === 0 && mix.length > 1) throw new Error('no lookup matched');
  return lookups / (elapsed / 1000);
}

/** Checks that the mix resolves the same in every table: 4 hits, then the miss. */
function checkMix(server, linear) {
  const want = ['/core/v2/posts', '/core/v2/posts/(?P<id>[\\d]+)', '/oembed/1.0/proxy', '/', null];
  MIX.forEach(([path, method], k) => {
    const got = server.routes.match(path, method)?.route.key ?? null;
    const scanned = linear.match(path, method)?.route.key ?? null;
    if (got !== want[k] || scanned !== want[k]) throw new Error(`lookup of ${method} ${path}: ${got} / ${scanned}, expected ${want[k]}`);
  });
}

/**
 * One row per table size: routes, lookups/s of site-rest and of the linear scan over the mix,
 * and site-rest's ns per lookup of each path of the mix alone. Every table is warmed up first,
 * then the sizes are measured interleaved, `rounds` times, and the median kept.
 */
export function runLookupBench({ warmupMs = 300, runMs = 300, rounds = 5 } = {}) {
  const tables = SIZES.map((size) => {
    const server = buildServer(size);
    const linear = linearScan(server);
    checkMix(server, linear);
    return { size, server, linear, siteRest: [], scan: [], perPath: MIX.map(() => []) };
  });
  for (const t of tables) {
    timed(passSiteRest, t.server.routes, warmupMs);
    timed(passLinear, t.linear, warmupMs);
  }
  for (let r = 0; r < rounds; r++) {
    for (const t of tables) {
      t.siteRest.push(timed(passSiteRest, t.server.routes, runMs));
      t.scan.push(timed(passLinear, t.linear, runMs));
      MIX.forEach((entry, k) => t.perPath[k].push(timed(passSiteRest, t.server.routes, runMs / 4, [entry])));
    }
  }
  return tables.map((t) => ({
    size: t.size,
    routes: t.server.routes.routes().length,
    namespaces: t.server.routes.namespaces().length,
    skipped: t.linear.skipped,
    siteRest: median(t.siteRest),
    linear: median(t.scan),
    nsPerPath: t.perPath.map((rates) => 1e9 / median(rates)),
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(runLookupBench());
