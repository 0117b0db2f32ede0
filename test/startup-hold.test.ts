// A host that gives an adapter the promise of its server (its store still opening) listens at once:
// every adapter holds the requests that arrive before the promise settles and answers each one,
// 200 once the server is ready, or WordPress's 503 with Retry-After when the start fails, when too
// many wait or one waits too long. None is left without an answer.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createExpressMiddleware } from '../src/adapters/express.js';
import { createFetchHandler } from '../src/adapters/fetch.js';
import { createKoaMiddleware } from '../src/adapters/koa.js';
import { createNodeHandler } from '../src/adapters/node.js';
import { createRestServer, type RestServer } from '../src/index.js';
import { ADAPTER_NAMES, mountAdapter, type Mounted } from './helpers/adapters.js';

/** A request on a connection of its own: its answer once it comes, and whether it has come. */
interface Sent {
  answered: boolean;
  answer: Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>;
  /** Closes the connection before the answer, as a client that gives up. */
  abandon(): void;
}

function send(port: number, path = '/wp-json/shop/v1/items'): Sent {
  const req = httpRequest({ host: '127.0.0.1', port, path, agent: false, headers: { Host: 's.test' } });
  const sent: Sent = {
    answered: false,
    answer: new Promise((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          sent.answered = true;
          resolve({ status: res.statusCode!, headers: res.headers, body });
        });
      });
      req.on('error', reject);
    }),
    abandon: () => req.destroy(),
  };
  sent.answer.catch(() => undefined);
  req.end();
  return sent;
}

/** A promise of a server and the calls that settle it, as a host's start-up would. */
function starting() {
  let ready!: (server: RestServer) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<RestServer>((resolve, reject) => {
    ready = resolve;
    fail = reject;
  });
  return { promise, ready, fail };
}

function site(): RestServer {
  return createRestServer({
    site: { name: 'S', url: 'http://s.test' },
    namespaces: [{ namespace: 'shop/v1', routes: [{ path: '/items', endpoints: [{ methods: 'GET', handler: () => ({ ok: true }) }] }] }],
  });
}

/** Resolves once the server has been handed `count` requests. */
function requestsReached(mounted: Mounted, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onRequest = () => {
      if (++seen < count) return;
      mounted.server.off('request', onRequest);
      resolve();
    };
    mounted.server.on('request', onRequest);
  });
}

function expectRefused(answer: { status: number; headers: IncomingHttpHeaders; body: string }): void {
  expect(answer.status).toBe(503);
  expect(answer.headers['retry-after']).toBe('5');
  expect(answer.headers['content-type']).toBe('application/json; charset=UTF-8');
  expect(JSON.parse(answer.body)).toEqual({
    code: 'rest_service_unavailable',
    message: 'Briefly unavailable for scheduled maintenance. Check back in a minute.',
    data: { status: 503 },
  });
}

let mounted: Mounted | null = null;
afterEach(async () => {
  await mounted?.close();
  mounted = null;
});

describe.each(ADAPTER_NAMES)('%s adapter given the promise of a server', (adapter) => {
  it('holds a request that arrives while the server starts and answers it once the server is ready', async () => {
    const start = starting();
    mounted = await mountAdapter(adapter, start.promise);
    const reached = requestsReached(mounted, 2);
    const api = send(mounted.port);
    const outside = send(mounted.port, '/no/such/page');
    await reached;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([api.answered, outside.answered]).toEqual([false, false]);
    start.ready(site());
    const [apiAnswer, outsideAnswer] = await Promise.all([api.answer, outside.answer]);
    expect([apiAnswer.status, JSON.parse(apiAnswer.body)]).toEqual([200, { ok: true }]);
    // Outside the API, as a ready server answers it: WordPress's 404 (the adapters here have no host page).
    expect(outsideAnswer.status).toBe(404);
    expect((await send(mounted.port).answer).status).toBe(200);
  });

  it('answers the requests held, and every later one, 503 with Retry-After when the server fails to start', async () => {
    const start = starting();
    mounted = await mountAdapter(adapter, start.promise);
    const reached = requestsReached(mounted, 2);
    const held = [send(mounted.port), send(mounted.port)];
    await reached;
    start.fail(new Error('the store cannot be opened'));
    for (const sent of held) expectRefused(await sent.answer);
    expectRefused(await send(mounted.port).answer);
  });

  it('answers 503 at once past hold.maxRequests, and serves the ones held once the server is ready', async () => {
    const start = starting();
    mounted = await mountAdapter(adapter, start.promise, { hold: { maxRequests: 2 } });
    const reached = requestsReached(mounted, 2);
    const held = [send(mounted.port), send(mounted.port)];
    await reached;
    expectRefused(await send(mounted.port).answer);
    expect(held.map((sent) => sent.answered)).toEqual([false, false]);
    start.ready(site());
    for (const sent of held) expect((await sent.answer).status).toBe(200);
  });

  it('answers 503 a request held longer than hold.maxWaitMs', async () => {
    const start = starting();
    mounted = await mountAdapter(adapter, start.promise, { hold: { maxWaitMs: 50 } });
    expectRefused(await send(mounted.port).answer);
    start.ready(site());
    expect((await send(mounted.port).answer).status).toBe(200);
  });

  it('lets go of a request whose client went away while it was held, freeing its place', async () => {
    const start = starting();
    mounted = await mountAdapter(adapter, start.promise, { hold: { maxRequests: 1 } });
    const reached = requestsReached(mounted, 1);
    const gone = send(mounted.port);
    await reached;
    gone.abandon();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = send(mounted.port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(waiting.answered).toBe(false);
    start.ready(site());
    expect((await waiting.answer).status).toBe(200);
  });
});

describe('the hold option', () => {
  it.each([0, -1, 1.5, '10', Infinity])('refuses %s as a limit, naming the adapter and the option', (value) => {
    const promised = Promise.resolve(site());
    const hold = { maxRequests: value as number };
    expect(() => createNodeHandler(promised, { hold })).toThrow(/createNodeHandler options\.hold\.maxRequests must be a whole number/);
    expect(() => createExpressMiddleware(promised, { hold })).toThrow(/createExpressMiddleware options\.hold\.maxRequests/);
    expect(() => createKoaMiddleware(promised, { hold })).toThrow(/createKoaMiddleware options\.hold\.maxRequests/);
    expect(() => createFetchHandler(promised, { hold: { maxWaitMs: value as number } })).toThrow(
      /createFetchHandler options\.hold\.maxWaitMs/,
    );
  });

  it('refuses a wait longer than a Node timer can wait, and checks the hold option of a server given directly too', () => {
    expect(() => createNodeHandler(Promise.resolve(site()), { hold: { maxWaitMs: 2 ** 31 } })).toThrow(
      /createNodeHandler options\.hold\.maxWaitMs must be a whole number of milliseconds from 1 to 2147483647/,
    );
    expect(() => createKoaMiddleware(site(), { hold: { maxRequests: 0 } })).toThrow(/createKoaMiddleware options\.hold\.maxRequests/);
  });

  it('answers 503 when the promise resolves with something that is not a server', async () => {
    const handler = createFetchHandler(Promise.resolve(undefined as unknown as RestServer));
    const answer = await handler(new Request('http://s.test/wp-json/'));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
  });
});
