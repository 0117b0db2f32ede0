// A handler, check or storage call that never settles must not leave its client waiting for ever:
// past `answerTimeoutMs` every adapter answers WordPress's critical error (as PHP's
// max_execution_time ends a request) and the host hears of it through onError.
import { afterEach, describe, expect, it } from 'vitest';
import { createRestServer, type ErrorInfo, type NamespaceModule, type RestServerOptions } from '../src/index.js';
import { ADAPTER_NAMES, mountAdapter, type Mounted } from './helpers/adapters.js';

const never = () => new Promise<never>(() => undefined);

function site(): NamespaceModule {
  return {
    namespace: 'shop/v1',
    routes: [
      { path: '/stuck', endpoints: [{ methods: 'GET', handler: never }] },
      { path: '/stuck-check', endpoints: [{ methods: 'GET', permission: never, handler: () => ({ ok: true }) }] },
      {
        path: '/failing-late',
        endpoints: [{ methods: 'GET', handler: () => new Promise((_, reject) => setTimeout(reject, 150, new Error('late'))) }],
      },
      { path: '/quick', endpoints: [{ methods: 'GET', handler: async () => ({ ok: true }) }] },
    ],
  };
}

function server(options: Partial<RestServerOptions>, reports: Array<[unknown, ErrorInfo]> = []) {
  return createRestServer({
    site: { name: 'S', url: 'http://s.test' },
    namespaces: [site()],
    onError: (error, info) => void reports.push([error, info]),
    ...options,
  });
}

let mounted: Mounted | null = null;
afterEach(async () => {
  await mounted?.close();
  mounted = null;
});

describe.each(ADAPTER_NAMES)('%s adapter', (adapter) => {
  it.each(['/stuck', '/stuck-check'])(
    'answers %s, which never settles, with WordPress 500 once answerTimeoutMs has passed',
    async (path) => {
      const reports: Array<[unknown, ErrorInfo]> = [];
      mounted = await mountAdapter(adapter, server({ answerTimeoutMs: 100 }, reports));
      const answer = await fetch(`http://127.0.0.1:${mounted.port}/wp-json/shop/v1${path}`);
      expect(answer.status).toBe(500);
      expect(await answer.json()).toEqual({
        code: 'internal_server_error',
        message: 'There has been a critical error on this website.',
        data: { status: 500 },
      });
      expect(reports).toHaveLength(1);
      expect(String(reports[0]![0])).toMatch(/no answer within 100 ms/);
      expect(reports[0]![1]).toMatchObject({ level: 'error', phase: 'handler', method: 'GET' });
    },
  );

  it('drops what a request past its deadline does later, and keeps serving', async () => {
    mounted = await mountAdapter(adapter, server({ answerTimeoutMs: 50 }));
    expect((await fetch(`http://127.0.0.1:${mounted.port}/wp-json/shop/v1/failing-late`)).status).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const quick = await fetch(`http://127.0.0.1:${mounted.port}/wp-json/shop/v1/quick`);
    expect([quick.status, await quick.json()]).toEqual([200, { ok: true }]);
  });
});

describe('answerTimeoutMs', () => {
  it('waits as long as it takes with false', async () => {
    const rest = server({ answerTimeoutMs: false });
    let settled = false;
    void Promise.resolve(rest.handle({ method: 'GET', url: '/wp-json/shop/v1/stuck', headers: {} })).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
  });

  it.each([0, -5, 1.5, 2 ** 31, '30s'])('refuses %s', (value) => {
    expect(() => server({ answerTimeoutMs: value as number })).toThrow(
      /createRestServer options\.answerTimeoutMs must be a whole number of milliseconds/,
    );
  });
});
