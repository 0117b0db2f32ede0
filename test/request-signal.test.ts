// A request's abort signal reaches its handler (`request.signal`) and its namespace's storage
// (the bound `StorageContext.signal`), and aborts when nobody waits for the answer any more: the
// client left, or the server answered late. A request answered in time never aborts.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bindGroups,
  createRestServer,
  routeGroup,
  storageContext,
  type Handlers,
  type RestServerOptions,
  type RouteSpecTable,
  type StorageContext,
} from '../src/index.js';
import { ADAPTER_NAMES, mountAdapter, type Mounted } from './helpers/adapters.js';

/** What a wait saw: whether its signal aborted, and why. */
interface Seen {
  aborted: boolean;
  reason?: string;
}

interface WaitStorage {
  /** Waits until `signal` aborts (or `ms` pass), telling `seen` what happened. */
  wait(ms: number, seen: Seen[], context: StorageContext): Promise<string>;
}

const waitStorage: WaitStorage = {
  wait: (ms, seen, { signal }) =>
    new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        seen.push({ aborted: signal.aborted, reason: signal.aborted ? String((signal.reason as Error).message) : undefined });
        resolve(signal.aborted ? 'aborted' : 'waited');
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    }),
};

const routes = [
  {
    path: '/wait',
    allowBatch: { v1: true },
    endpoints: [{ methods: ['GET', 'POST'], summary: 'Wait', permission: 'public', handler: 'wait' }],
  },
  { path: '/quick', endpoints: [{ methods: ['GET'], summary: 'Quick', permission: 'public', handler: 'quick' }] },
] as const satisfies RouteSpecTable;

/** A namespace whose `/wait` waits on its storage, with `request.signal` watched too; `/quick` keeps the signal it read. */
function waiting(seen: Seen[], kept: AbortSignal[], ms = 5_000) {
  const handlers: Handlers<typeof routes, WaitStorage> = {
    wait: async (request, _context, storage) => {
      const handlerSignal = request.signal;
      const answer = await storage.wait(ms, seen);
      seen.push({ aborted: handlerSignal.aborted });
      return { answer };
    },
    quick: (request) => {
      kept.push(request.signal);
      return { ok: true };
    },
  };
  return () => bindGroups('waits/v1', [routeGroup(routes, handlers)], { storage: waitStorage });
}

function server(seen: Seen[], kept: AbortSignal[], options: Partial<RestServerOptions> = {}, ms?: number) {
  return createRestServer({
    site: { name: 'S', url: 'http://s.test' },
    namespaces: [waiting(seen, kept, ms)],
    onError: () => {},
    ...options,
  });
}

/** Resolves once `seen` has `count` entries. */
async function until(seen: Seen[], count: number): Promise<void> {
  for (let i = 0; i < 500 && seen.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

let mounted: Mounted | null = null;
afterEach(async () => {
  await mounted?.close();
  mounted = null;
});

describe('a request answered late', () => {
  it('aborts its handler’s and its storage’s signal once answerTimeoutMs has passed', async () => {
    const seen: Seen[] = [];
    const rest = server(seen, [], { answerTimeoutMs: 50 });
    const answer = await rest.handle({ method: 'GET', url: '/wp-json/waits/v1/wait', headers: {} });
    expect(answer?.status).toBe(500);
    await until(seen, 2);
    expect(seen[0]).toEqual({ aborted: true, reason: 'site-rest: answered late, after 50 ms' });
    expect(seen[1]).toEqual({ aborted: true });
  });

  it('aborts the signals of the batch items it was running', async () => {
    const seen: Seen[] = [];
    const rest = server(seen, [], { answerTimeoutMs: 50 });
    const body = JSON.stringify({ requests: [{ path: '/waits/v1/wait' }, { path: '/waits/v1/wait' }] });
    const answer = await rest.handle({
      method: 'POST',
      url: '/wp-json/batch/v1',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(answer?.status).toBe(500);
    await until(seen, 2);
    expect(seen[0]).toEqual({ aborted: true, reason: 'site-rest: answered late, after 50 ms' });
  });
});

describe('a request answered in time', () => {
  it('never aborts its signal, during or after the answer', async () => {
    const seen: Seen[] = [];
    const kept: AbortSignal[] = [];
    const rest = server(seen, kept, { answerTimeoutMs: 1_000 }, 10);
    const waited = await rest.handle({ method: 'GET', url: '/wp-json/waits/v1/wait', headers: {} });
    expect(JSON.parse(String(waited?.body))).toEqual({ answer: 'waited' });
    expect(seen).toEqual([{ aborted: false }, { aborted: false }]);
    mounted = await mountAdapter('node', rest);
    await (await fetch(`http://127.0.0.1:${mounted.port}/wp-json/waits/v1/quick`, { headers: { connection: 'close' } })).json();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.aborted).toBe(false);
  });

  it('gives storage called outside a request a signal that never aborts', () => {
    const context = storageContext({ user: null, site: { name: 'S', url: 'http://s.test', home: 'http://s.test' } } as never);
    expect(context.signal.aborted).toBe(false);
    expect(storageContext(context as never).signal).toBe(context.signal);
  });
});

describe.each(ADAPTER_NAMES)('%s adapter, a client that leaves', (adapter) => {
  it('aborts the signal its handler and storage were given', async () => {
    const seen: Seen[] = [];
    mounted = await mountAdapter(adapter, server(seen, [], { answerTimeoutMs: false }));
    const leaving = httpRequest({ host: '127.0.0.1', port: mounted.port, path: '/wp-json/waits/v1/wait' });
    leaving.on('error', () => {});
    leaving.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    leaving.destroy();
    await until(seen, 2);
    expect(seen[0]).toEqual({ aborted: true, reason: 'site-rest: the client closed the connection' });
    expect(seen[1]).toEqual({ aborted: true });
  });
});
