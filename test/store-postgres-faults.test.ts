// The PostgreSQL server going away under a running site: every store call answers 503 with
// WordPress's shape and our own words (no driver text, no address, no password) within bounded
// time, routes that need no storage keep answering, and service comes back by itself. A TCP proxy
// on loopback stands between the store and the server and is cut and restored. The server cases
// run when SITE_REST_TEST_DATABASE_URL names a server (scripts/test-postgres.sh); the start-up
// cases need none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestServer, isStoreError, type MountableNamespace, type SiteStore } from '../src/index.js';
import { postgresStore } from '../src/store.js';
import { pgClient } from '../src/store/sql/pg-client.js';
import { TEST_DATABASE_URL, freshPrefix, postgresDatabase } from './helpers/sql-backends.js';
import { tcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const site = { name: 'Store Site', url: 'https://example.test' };
const UNAVAILABLE = { code: 'rest_service_unavailable', message: 'Error establishing a database connection.', data: { status: 503 } };

/** A namespace counting hits in the store. */
const hits: MountableNamespace = ({ store }) => ({
  namespace: 'count/v1',
  routes: [
    {
      path: '/hits',
      endpoints: [
        { methods: ['POST'], permission: 'public', handler: async () => ({ hits: await store.counters.increment('hits') }) },
        { methods: ['GET'], permission: 'public', handler: async () => ({ hits: await store.counters.get('hits') }) },
      ],
    },
  ],
});

/** What a rejected call threw, for assertions. */
async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('resolved'),
    (error: unknown) => error,
  );
}

/** `url` pointed at the proxy instead of the server. */
function throughProxy(url: string, proxy: TcpProxy): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.href;
}

describe('a PostgreSQL server out of reach at start-up', () => {
  it('rejects at once with the store’s own unavailable error, naming neither the address nor the password', async () => {
    const started = Date.now();
    const error = await thrown(postgresStore({ connectionString: 'postgres://site:hunter2secret@127.0.0.1:1/site' }));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(isStoreError(error, 'unavailable')).toBe(true);
    expect((error as Error).message).toBe(UNAVAILABLE.message);
    expect(String((error as Error).message)).not.toMatch(/hunter2|127\.0\.0\.1|ECONNREFUSED/);
  });

  it('gives up on a host that accepts and never answers after the connect timeout', async () => {
    const proxy = await tcpProxy('127.0.0.1', 1);
    proxy.set('silence');
    try {
      const started = Date.now();
      const error = await thrown(
        postgresStore({ connectionString: `postgres://site:pw@127.0.0.1:${proxy.port}/site`, connectTimeoutMs: 300 }),
      );
      expect(isStoreError(error, 'unavailable')).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await proxy.close();
    }
  });
});

describe.skipIf(TEST_DATABASE_URL === undefined)('the PostgreSQL server going away mid-run (SITE_REST_TEST_DATABASE_URL)', () => {
  const serverUrl = new URL(TEST_DATABASE_URL ?? 'postgres://localhost');
  const database = postgresDatabase(TEST_DATABASE_URL ?? '');
  let proxy: TcpProxy;
  let store: SiteStore;

  beforeAll(async () => {
    proxy = await tcpProxy(serverUrl.hostname, Number(serverUrl.port || 5432));
    store = await postgresStore({
      connectionString: throughProxy(serverUrl.href, proxy),
      tablePrefix: freshPrefix(),
      connectTimeoutMs: 500,
      queryTimeoutMs: 500,
    });
  });

  afterAll(async () => {
    proxy.set('open');
    await store.close();
    await proxy.close();
    await database.dispose();
  });

  it.each(['refuse', 'silence'] as const)(
    'answers 503 while the server is away (%s), keeps serving the index, and serves again once it is back',
    async (mode) => {
      const server = createRestServer({ site, store, namespaces: [hits], onError: () => undefined });
      const before = (await server.inject<{ hits: number }>({ method: 'POST', path: '/count/v1/hits' })).data.hits;

      proxy.set(mode);
      try {
        for (const method of ['GET', 'POST'] as const) {
          const started = Date.now();
          const answer = await server.inject({ method, path: '/count/v1/hits' });
          expect(answer.status).toBe(503);
          expect(answer.data).toEqual(UNAVAILABLE);
          expect(Date.now() - started).toBeLessThan(3_000);
        }
        const index = await server.inject<{ namespaces: string[] }>({ path: '/' });
        expect(index.status).toBe(200);
        expect(index.data.namespaces).toContain('count/v1');
      } finally {
        proxy.set('open');
      }

      expect((await server.inject({ path: '/count/v1/hits' })).data).toEqual({ hits: before });
      expect((await server.inject({ method: 'POST', path: '/count/v1/hits' })).data).toEqual({ hits: before + 1 });
    },
  );

  it('rolls back a transaction whose connection is lost, and runs the next one on a fresh connection', async () => {
    const error = await thrown(
      store.transaction(async (tx) => {
        await tx.options.set('half_written', 'first');
        proxy.set('refuse');
        await tx.options.set('half_written_too', 'second');
      }),
    );
    proxy.set('open');
    expect(isStoreError(error, 'unavailable')).toBe(true);
    expect(await store.options.get('half_written')).toBeUndefined();
    await store.transaction((tx) => tx.options.set('after_the_cut', 'kept'));
    expect(await store.options.get('after_the_cut')).toBe('kept');
  });

  it('survives idle connections dropped by the server: nothing is thrown outside a call, and the next call connects afresh', async () => {
    await Promise.all([store.options.get('warm'), store.counters.get('warm'), store.transients.get('warm')]);
    const accepted = proxy.accepted();
    proxy.set('refuse');
    await new Promise((resolve) => setTimeout(resolve, 100));
    proxy.set('open');
    expect(await store.counters.increment('after_idle_drop')).toBe(1);
    expect(proxy.accepted()).toBeGreaterThan(accepted);
  });

  it('answers a session the server terminates (57P01) and a statement past the timeout as unavailable, then serves', async () => {
    const client = pgClient({ connectionString: TEST_DATABASE_URL ?? '', queryTimeoutMs: 300 });
    try {
      const terminated = await thrown(client.query('SELECT pg_terminate_backend(pg_backend_pid())'));
      expect(isStoreError(terminated, 'unavailable')).toBe(true);
      expect((terminated as Error).message).toBe(UNAVAILABLE.message);
      const slow = await thrown(client.query('SELECT pg_sleep(5)'));
      expect(isStoreError(slow, 'unavailable')).toBe(true);
      expect(await client.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await client.close();
    }
  });

  it('lets a statement error through as it is, keeping the connection for the next call', async () => {
    const client = pgClient({ connectionString: TEST_DATABASE_URL ?? '' });
    try {
      const error = await thrown(client.query('SELECT 1 / 0'));
      expect(isStoreError(error)).toBe(false);
      expect((error as { code?: string }).code).toBe('22012');
      expect(await client.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    } finally {
      await client.close();
    }
  });
});
