import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRestServer, implementedNamespaces, variantA, variantB, type SiteFacts } from '../src/index.js';
import { BASE, FIXTURES, loadSpec, phpEqual, specModules, withRoutesNotInSpec } from './helpers/peer.js';

const spec = loadSpec();

async function getJson(server: ReturnType<typeof createRestServer>, url: string): Promise<Record<string, unknown>> {
  const answer = await server.handle({ method: 'GET', url, headers: {} });
  expect(answer?.status).toBe(200);
  return JSON.parse(answer!.body) as Record<string, unknown>;
}

function variantServer(variant: 'A' | 'B') {
  return createRestServer({
    site: { ...(spec.variants[variant]!.site as unknown as SiteFacts), url: BASE, home: BASE },
    routing: variant === 'B' ? 'query' : 'path',
    namespaces: specModules({ variant }),
  });
}

/** Differences between an index's descriptor of a route and routes.json's, as compare-index.mjs reports them. */
function routeDiffs(
  want: { route: string; namespace: string; endpoints: Array<Record<string, unknown>> },
  got: Record<string, unknown> | undefined,
): string[] {
  if (!got) return [`missing ${want.route}`];
  const diffs: string[] = [];
  if (got.namespace !== want.namespace) diffs.push(`${want.route}: namespace ${String(got.namespace)}`);
  const union = [...new Set(want.endpoints.flatMap((e) => e.methods as string[]))];
  if (JSON.stringify(got.methods) !== JSON.stringify(union)) diffs.push(`${want.route}: methods ${JSON.stringify(got.methods)}`);
  const fixed = !want.route.includes('(?P<');
  if (fixed !== (got._links !== undefined)) diffs.push(`${want.route}: _links ${JSON.stringify(got._links)}`);
  const endpoints = got.endpoints as Array<Record<string, unknown>>;
  want.endpoints.forEach((e, i) => {
    const g = endpoints[i];
    if (!g) return diffs.push(`${want.route}: endpoint ${i} missing`);
    if (JSON.stringify(g.methods) !== JSON.stringify(e.methods)) diffs.push(`${want.route}[${i}]: methods`);
    if (!phpEqual(g.allow_batch ?? null, e.allow_batch ?? null)) diffs.push(`${want.route}[${i}]: allow_batch`);
    const mode = e['x-args'] ?? 'exact';
    if (mode === 'exact' && !phpEqual(g.args, e.args)) diffs.push(`${want.route}[${i}]: args ${JSON.stringify(g.args)}`);
    if (mode === 'at-least') {
      for (const [name, schema] of Object.entries(e.args as Record<string, unknown>)) {
        if (!phpEqual((g.args as Record<string, unknown>)[name], schema)) diffs.push(`${want.route}[${i}]: arg ${name}`);
      }
    }
  });
  if (endpoints.length !== want.endpoints.length) diffs.push(`${want.route}: ${endpoints.length} endpoints`);
  return diffs;
}

describe('the root index of a server with routes.json registered from data', () => {
  for (const variant of ['A', 'B'] as const) {
    it(`lists variant ${variant}'s namespaces, routes and descriptors exactly as routes.json`, async () => {
      const server = variantServer(variant);
      const url = variant === 'B' ? '/index.php?rest_route=/' : '/wp-json/';
      const index = await getJson(server, url);
      const v = spec.variants[variant]!;
      for (const [key, value] of Object.entries(v.site)) expect(index[key], key).toEqual(key === 'url' || key === 'home' ? BASE : value);
      expect(index.namespaces).toEqual(v.namespaces);
      expect(index.authentication).toEqual({
        'application-passwords': { endpoints: { authorization: `${BASE}/wp-admin/authorize-application.php` } },
      });
      const wanted = spec.routes.filter((r) => r.variants.includes(variant));
      const routes = index.routes as Record<string, Record<string, unknown>>;
      expect(Object.keys(routes)).toEqual(wanted.map((r) => r.route));
      const diffs = wanted.flatMap((r) => routeDiffs(r as unknown as Parameters<typeof routeDiffs>[0], routes[r.route]));
      expect(diffs).toEqual([]);
    });
  }

  it('advertises ?rest_route= links for query routing and /wp-json/ links for path routing', async () => {
    const b = await getJson(variantServer('B'), '/wp-json/');
    const a = await getJson(variantServer('A'), '/index.php?rest_route=/');
    const bRoutes = b.routes as Record<string, { _links: { self: Array<{ href: string }> } }>;
    const aRoutes = a.routes as Record<string, { _links: { self: Array<{ href: string }> } }>;
    expect(bRoutes['/core/v2/posts']!._links.self[0]!.href).toBe(`${BASE}/index.php?rest_route=/core/v2/posts`);
    expect(aRoutes['/core/v2/posts']!._links.self[0]!.href).toBe(`${BASE}/wp-json/core/v2/posts`);
  });
});

describe('descriptors rendered as WordPress renders the same args', () => {
  it("matches WordPress's own index of the spec's routes, route by route", async () => {
    const recorded = JSON.parse(readFileSync(join(FIXTURES, 'wp-6.1', 'index-with-spec-routes.json'), 'utf8')) as {
      body: { routes: Record<string, Record<string, unknown>> };
    };
    const ours = await getJson(
      createRestServer({ site: { name: 'Example Site', url: BASE }, namespaces: specModules({ skip: ['oembed/1.0'] }) }),
      '/wp-json/',
    );
    const ourRoutes = ours.routes as Record<string, unknown>;
    const compared = Object.keys(recorded.body.routes).filter((key) => key in ourRoutes && key !== '/');
    expect(compared.length).toBeGreaterThan(150);
    const differing = compared.filter((key) => {
      const theirs = JSON.parse(JSON.stringify(recorded.body.routes[key]).split('{base}').join(BASE));
      return !phpEqual(ourRoutes[key], theirs);
    });
    expect(differing).toEqual([]);
  });
});

describe("core/v2's descriptors where routes.json leaves them open", () => {
  it("are WordPress 6.1's own posts descriptors, title, content and excerpt with their raw/rendered properties", async () => {
    const recorded = JSON.parse(readFileSync(join(FIXTURES, 'wp-6.1', 'index-root.json'), 'utf8')) as {
      body: { routes: Record<string, { endpoints: Array<{ args: Record<string, unknown> }> }> };
    };
    const index = await getJson(createRestServer({ site: { name: 'Example Site', url: BASE }, namespaces: variantA() }), '/wp-json/');
    const ours = index.routes as Record<string, { endpoints: Array<{ args: Record<string, unknown> }> }>;
    const differing: string[] = [];
    for (const [route, wordpressRoute] of [
      ['/core/v2/posts', '/wp/v2/posts'],
      ['/core/v2/posts/(?P<id>[\\d]+)', '/wp/v2/posts/(?P<id>[\\d]+)'],
    ] as const) {
      const fixed = spec.routes.find((r) => r.route === route)!.endpoints;
      ours[route]!.endpoints.forEach((endpoint, i) => {
        const listed = Array.isArray(fixed[i]!.args) ? [] : Object.keys(fixed[i]!.args);
        const wordpress = recorded.body.routes[wordpressRoute]!.endpoints[i]!.args;
        for (const [name, descriptor] of Object.entries(endpoint.args)) {
          if (!listed.includes(name) && !phpEqual(descriptor, wordpress[name])) differing.push(`${route}[${i}] ${name}`);
        }
      });
    }
    expect(differing).toEqual([]);
    const create = ours['/core/v2/posts']!.endpoints[1]!.args as Record<string, { properties?: Record<string, unknown> }>;
    expect(Object.keys(create.title!.properties!)).toEqual(['raw', 'rendered']);
    expect(Object.keys(create.content!.properties!)).toEqual(['raw', 'rendered', 'block_version', 'protected']);
  });
});

describe('the root index of a server mounting the variant presets', () => {
  for (const variant of ['A', 'B'] as const) {
    it(`lists variant ${variant}'s implemented namespaces exactly as routes.json (plus the routes it does not show), and only the unbuilt ones are missing`, async () => {
      const server = createRestServer({
        site: { ...(spec.variants[variant]!.site as unknown as SiteFacts), url: BASE, home: BASE },
        routing: variant === 'B' ? 'query' : 'path',
        namespaces: variant === 'A' ? variantA() : variantB(),
      });
      const index = await getJson(server, '/wp-json/');
      const mounted = implementedNamespaces(variant);
      expect(index.namespaces).toEqual(spec.variants[variant]!.namespaces.filter((ns) => mounted.includes(ns)));
      const wanted = spec.routes.filter((r) => r.variants.includes(variant) && (r.namespace === '' || mounted.includes(r.namespace)));
      const routes = index.routes as Record<string, Record<string, unknown>>;
      expect(Object.keys(routes)).toEqual(withRoutesNotInSpec(wanted));
      expect(wanted.flatMap((r) => routeDiffs(r as unknown as Parameters<typeof routeDiffs>[0], routes[r.route]))).toEqual([]);
    });
  }
});
