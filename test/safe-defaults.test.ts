import { describe, expect, it } from 'vitest';
import { createRestServer, variantB, type NamespaceModule, type RestServer } from '../src/index.js';
import { loadSpec } from './helpers/peer.js';
import { sampleArgs, samplePath } from './helpers/sample-request.js';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
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

/**
 * Values for args whose plugin `validate_callback` refuses the generic sample (which an index,
 * showing no callbacks, cannot say), so the request reaches the permission check.
 */
const VALIDATED_SAMPLES: Record<string, Record<string, unknown>> = {
  '/seo-b/v1/keyword-research-a/country_code': { country_code: 'us' },
  '/seo-b/v1/rank-tracker/authenticate': { websiteId: 1 },
};

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
            url: `/wp-json${samplePath(route.key)}`,
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ ...sampleArgs(endpoint.args), ...VALIDATED_SAMPLES[route.key] }),
          });
          if (got?.status !== 401) wrong.push(`${method} ${route.key}: ${got?.status} ${got?.body.slice(0, 120)}`);
        }
      }
    }
    expect(swept).toBeGreaterThanOrEqual(8);
    expect(wrong).toEqual([]);
  });
});
