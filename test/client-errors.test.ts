// What Node's HTTP parser gives up on (a malformed request, a body cut short, oversized headers,
// a request too slow to arrive) is answered with a WordPress-shaped JSON error before the
// connection closes: by `site-rest serve` and `site-rest mock`, and by any host using
// createClientErrorHandler from site-rest/node. Raw sockets, since no HTTP client sends these.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientErrorHandler, createNodeHandler } from '../src/adapters/node.js';
import { mock } from '../src/cli/mock.js';
import { serve } from '../src/cli/serve.js';
import { createRestServer } from '../src/index.js';
import { FIXTURES } from './helpers/peer.js';

const quiet = { out: () => {}, err: () => {} };

/** Sends bytes (half-closing after them unless `keepOpen`) and resolves with everything the server sent before closing. */
function exchange(port: number, bytes: string, { keepOpen = false } = {}): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      if (!keepOpen) socket.end();
    });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
  });
}

/** A raw answer's status, headers and JSON body. */
function parse(raw: string): { status: number; headers: Record<string, string>; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: body === '' ? null : JSON.parse(body) };
}

const CASES = [
  ['a malformed request line', 'GARBAGE / NONSENSE\r\n\r\n', 400, 'rest_bad_request'],
  ['a malformed header', 'GET /wp-json/ HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n', 400, 'rest_bad_request'],
  [
    'a body shorter than its Content-Length',
    'POST /wp-json/core/v2/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":',
    400,
    'rest_request_incomplete',
  ],
  [
    'headers over the size limit',
    `GET /wp-json/ HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    431,
    'rest_request_headers_too_large',
  ],
] as const;

function expectJsonError(raw: string, status: number, code: string): void {
  const answer = parse(raw);
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=UTF-8');
  expect(answer.headers.connection).toBe('close');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(answer.body)));
  expect(answer.body).toEqual({ code, message: expect.any(String), data: { status } });
}

describe.each([
  ['site-rest serve', async () => (await serve(['--port', '0', '--memory'], quiet, {})).http],
  ['site-rest mock', () => mock([join(FIXTURES, 'wp-6.1', 'index-root.json'), '--port', '0'], quiet)],
])('%s answers HTTP-level client errors', (_, start) => {
  let http: Server;
  let port = 0;
  beforeAll(async () => {
    http = await start();
    port = (http.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  it.each(CASES)('answers %s with a JSON error, then closes', async (_name, bytes, status, code) => {
    expectJsonError(await exchange(port, bytes), status, code);
  });

  it('still serves after all of them, and after a client that resets mid-request', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST /wp-json/ HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab');
        socket.resetAndDestroy();
        resolve();
      });
    });
    const answer = parse(await exchange(port, 'GET /wp-json/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(answer.status).toBe(200);
  });
});

describe('createClientErrorHandler on a host server', () => {
  const rest = createRestServer({ site: { name: 'Host', url: 'http://host.test' }, cors: false });
  // Short timeouts, checked often, so that a stalled request times out within the test.
  const http = createServer({ requestTimeout: 300, headersTimeout: 200, connectionsCheckingInterval: 50 }, createNodeHandler(rest));
  http.on('clientError', createClientErrorHandler(rest));
  let port = 0;
  beforeAll(
    () => new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => ((port = (http.address() as AddressInfo).port), resolve()))),
  );
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  it('answers 408 rest_request_timeout to a request whose headers never finish', async () => {
    expectJsonError(await exchange(port, 'GET /wp-json/ HTTP/1.1\r\nHost: x\r\n', { keepOpen: true }), 408, 'rest_request_timeout');
  });

  it("answers with the server's REST headers, as its other errors", async () => {
    const answer = parse(await exchange(port, 'GARBAGE\r\n\r\n'));
    expect(answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      link: '<http://host.test/wp-json/>; rel="https://api.w.org/"',
    });
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});
