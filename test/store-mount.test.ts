// A namespace mounted as a function gets the server's site store; what the store throws is
// answered as WordPress-shaped errors with the store's own message, never a driver's text.
import { describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, StoreError, type MountableNamespace } from '../src/index.js';

const site = { name: 'Store Site', url: 'https://example.test' };

/** A namespace keeping one option, and raising a chosen store error. */
const counterNamespace: MountableNamespace = ({ store }) => ({
  namespace: 'count/v1',
  routes: [
    {
      path: '/hits',
      endpoints: [
        { methods: ['POST'], permission: 'public', handler: async () => ({ hits: await store.counters.increment('hits') }) },
        { methods: ['GET'], permission: 'public', handler: async () => ({ hits: await store.counters.get('hits') }) },
      ],
    },
    {
      path: '/fail/(?P<code>[a-z_]+)',
      endpoints: [
        {
          methods: ['GET'],
          permission: 'public',
          handler: (request) => {
            throw new StoreError(request.params.code as 'conflict', `The store said ${String(request.params.code)}.`);
          },
        },
      ],
    },
  ],
});

describe('namespaces mounted on the site store', () => {
  it('gives a function namespace the server’s default memory store', async () => {
    const server = createRestServer({ site, namespaces: [counterNamespace] });
    await server.inject({ method: 'POST', path: '/count/v1/hits' });
    await server.inject({ method: 'POST', path: '/count/v1/hits' });
    const read = await server.inject<{ hits: number }>({ path: '/count/v1/hits' });
    expect(read.data.hits).toBe(2);
    expect(await server.store.counters.get('hits')).toBe(2);
  });

  it('gives it the store the host passed, shared by two servers', async () => {
    const store = memoryStore();
    const one = createRestServer({ site, store, namespaces: [counterNamespace] });
    const two = createRestServer({ site, store, namespaces: [counterNamespace] });
    await one.inject({ method: 'POST', path: '/count/v1/hits' });
    await two.inject({ method: 'POST', path: '/count/v1/hits' });
    expect(one.store).toBe(store);
    expect((await two.inject<{ hits: number }>({ path: '/count/v1/hits' })).data.hits).toBe(2);
  });

  it('refuses a store option that is not a site store, naming it', () => {
    expect(() => createRestServer({ site, store: {} as never })).toThrow(/options\.store/);
  });

  it.each([
    ['invalid_value', 400, 'rest_bad_request'],
    ['conflict', 409, 'rest_conflict'],
    ['unavailable', 503, 'rest_service_unavailable'],
    ['closed', 503, 'rest_service_unavailable'],
  ])('answers a thrown %s store error with %i and the store’s message', async (code, status, restCode) => {
    const logged: string[] = [];
    const server = createRestServer({ site, namespaces: [counterNamespace], onError: (_e, info) => logged.push(info.level) });
    const answer = await server.inject({ path: `/count/v1/fail/${code}` });
    expect(answer.status).toBe(status);
    expect(answer.data).toEqual({ code: restCode, message: `The store said ${code}.`, data: { status } });
    expect(logged).toEqual([status < 500 ? 'debug' : 'error']);
  });
});
