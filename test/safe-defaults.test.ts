import { describe, expect, it } from 'vitest';
import { createRestServer, variantB, type NamespaceModule, type RestServer } from '../src/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, loadSpec } from './helpers/peer.js';
import type { BatterySetup } from './helpers/request-battery.js';
import { sampleArgs, samplePath } from './helpers/sample-request.js';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Routes whose check answers before it asks who the caller is, as the plugin does, with what it
 * may answer an anonymous caller instead of 401. The abilities run route (WordPress 6.9's
 * `check_ability_permissions`) refuses a method the ability's annotations do not call for with
 * 405 before the ability's own permission runs; that permission is swept in test/core-abilities.test.ts.
 */
const ANSWERED_BEFORE_PERMISSION: Readonly<Record<string, readonly number[]>> = {
  '/core-abilities/v1/abilities/(?P<name>[a-zA-Z0-9\\-\\/]+?)/run': [405],
};
const spec = loadSpec();

/** Every namespaced route of routes.json, mounted with no permission declared; handlers count their calls. */
function undeclaredModules(calls: string[], permission?: 'public'): NamespaceModule[] {
  const modules = new Map<string, NamespaceModule>();
  for (const route of spec.routes) {
    if (!route.namespace || route.route === `/${route.namespace}`) continue;
    const module = modules.get(route.namespace) ?? { namespace: route.namespace, routes: [], strict: false };
    modules.set(route.namespace, module);
    module.routes.push({
      path: route.route.slice(route.namespace.length + 1),
      endpoints: route.endpoints.map((e) => ({
        methods: e.methods,
        args: Array.isArray(e.args) ? {} : e.args,
        ...(permission ? { permission } : {}),
        handler: (request) => {
          calls.push(`${request.method} ${request.matchedRoute}`);
          return { ok: true };
        },
      })),
    });
  }
  return [...modules.values()];
}

/** One anonymous request per write method of every endpoint, with args that pass validation. */
const sweep = spec.routes.flatMap((route) =>
  route.namespace && route.route !== `/${route.namespace}`
    ? route.endpoints.flatMap((endpoint) =>
        endpoint.methods
          .filter((method) => WRITE_METHODS.includes(method))
          .map((method) => ({
            method,
            route: route.route,
            path: samplePath(route.route),
            body: sampleArgs(Array.isArray(endpoint.args) ? {} : endpoint.args),
          })),
      )
    : [],
);

function serverOf(modules: NamespaceModule[]): RestServer {
  return createRestServer({ site: { name: 'Sweep', url: 'http://example.test' }, namespaces: modules, onError: () => {} });
}

async function answer(server: RestServer, request: (typeof sweep)[number]) {
  return server.handle({
    method: request.method,
    url: `/wp-json${request.path}`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request.body),
  });
}

describe('safe defaults', () => {
  it('sweeps every write endpoint of routes.json (both variants)', () => {
    expect(sweep.length).toBeGreaterThan(100);
  });

  it('refuses every write endpoint without a declared permission to anonymous callers with 401, before the handler runs', async () => {
    const calls: string[] = [];
    const server = serverOf(undeclaredModules(calls));
    const wrong: string[] = [];
    for (const request of sweep) {
      const got = await answer(server, request);
      if (got?.status !== 401 || JSON.parse(got.body).code !== 'rest_forbidden')
        wrong.push(`${request.method} ${request.route}: ${got?.status} ${got?.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('runs the same anonymous writes once each endpoint is declared public on purpose', async () => {
    const calls: string[] = [];
    const server = serverOf(undeclaredModules(calls, 'public'));
    const wrong: string[] = [];
    for (const request of sweep) {
      const got = await answer(server, request);
      if (got?.status !== 200) wrong.push(`${request.method} ${request.route}: ${got?.status} ${got?.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(calls).toHaveLength(sweep.length);
  });
});

/** What some routes' requests need to pass their plugin's own checks (a real post type, an allowed key), as the contract battery sends them. */
const SETUP = JSON.parse(readFileSync(join(FIXTURES, 'contract', 'battery-setup.json'), 'utf8')) as BatterySetup;

describe('the namespaces site-rest ships', () => {
  // Variant B's implemented namespaces include all of variant A's.
  it('refuse every write endpoint not declared public to anonymous callers with 401', async () => {
    const server = createRestServer({ site: { name: 'Sweep', url: 'http://example.test' }, namespaces: variantB(), onError: () => {} });
    const wrong: string[] = [];
    let swept = 0;
    for (const route of server.routes.routes()) {
      if (route.namespace === '') continue;
      for (const endpoint of route.endpoints) {
        if (endpoint.permission === 'public') continue;
        for (const method of endpoint.methods.filter((m) => WRITE_METHODS.includes(m))) {
          swept++;
          const got = await server.handle({
            method,
            url: `/wp-json${SETUP.paths[route.key] ?? samplePath(route.key)}`,
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ ...sampleArgs(endpoint.args), ...SETUP.base[`${method} ${route.key}`] }),
          });
          if (got?.status !== 401 && !ANSWERED_BEFORE_PERMISSION[route.key]?.includes(got?.status ?? 0))
            wrong.push(`${method} ${route.key}: ${got?.status} ${got?.body.slice(0, 120)}`);
        }
      }
    }
    expect(swept).toBeGreaterThanOrEqual(8);
    expect(wrong).toEqual([]);
  });
});
