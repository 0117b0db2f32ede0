import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler } from '../src/adapters/node.js';
import { createRestServer } from '../src/index.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(port: number, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const rest = createRestServer({
  site: { name: 'Adapter Site', url: 'http://example.test' },
  onError: () => {},
  namespaces: [
    {
      namespace: 'demo/v1',
      routes: [
        {
          path: '/echo',
          endpoints: [
            { methods: 'POST', permission: 'public', args: { n: { type: 'integer', required: true } }, handler: (r) => r.params },
          ],
        },
        {
          path: '/boom',
          endpoints: [
            {
              methods: 'GET',
              handler: () => {
                throw new Error('secret database password in message');
              },
            },
          ],
        },
      ],
    },
  ],
});

let server: Server;
let port: number;
let passedOn: string[] = [];

beforeAll(async () => {
  const handler = createNodeHandler(rest, { bodyLimit: 1024 });
  server = createServer((req, res) =>
    handler(req, res, () => {
      passedOn.push(req.url ?? '');
      res.statusCode = 418;
      res.end('host app');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('site-rest/node over a real socket', () => {
  it('serves the root index with WordPress headers', async () => {
    const answer = await send(port, 'GET', '/wp-json/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(answer.headers['x-robots-tag']).toBe('noindex');
    expect(answer.headers.link).toBe('<http://example.test/wp-json/>; rel="https://api.w.org/"');
    expect(JSON.parse(answer.body).name).toBe('Adapter Site');
  });

  it('hands URLs outside the API to next()', async () => {
    passedOn = [];
    const answer = await send(port, 'GET', '/about?x=1');
    expect(answer.status).toBe(418);
    expect(passedOn).toEqual(['/about?x=1']);
  });

  it('reads a JSON body and validates it', async () => {
    const ok = await send(port, 'POST', '/wp-json/demo/v1/echo', '{"n":"5"}', { 'content-type': 'application/json' });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ n: 5 });
  });

  it('answers invalid JSON with rest_invalid_json', async () => {
    const bad = await send(port, 'POST', '/wp-json/demo/v1/echo', '{"n":', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
  });

  it('answers a body over the limit with 413 and a WordPress-style error, then closes the connection', async () => {
    const big = await send(port, 'POST', '/wp-json/demo/v1/echo', Buffer.alloc(4096, 'a'), { 'content-type': 'application/json' });
    expect(big.status).toBe(413);
    expect(big.headers.connection).toBe('close');
    expect(JSON.parse(big.body)).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
    // The server is still serving.
    expect((await send(port, 'GET', '/wp-json/')).status).toBe(200);
  });

  it('answers a chunked body that grows past the limit with 413', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/wp-json/demo/v1/echo',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 8; i++) req.write(Buffer.alloc(512, 'b'));
      req.end();
    });
    expect(answer.status).toBe(413);
  });

  it('sends no body for HEAD but keeps the status and headers', async () => {
    const head = await send(port, 'HEAD', '/wp-json/');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.allow).toBe('GET');
  });

  it('turns a handler exception into a generic 500 without the exception text, and keeps serving', async () => {
    const boom = await send(port, 'GET', '/wp-json/demo/v1/boom');
    expect(boom.status).toBe(500);
    expect(boom.body).not.toContain('secret');
    expect(boom.body).not.toContain('at ');
    expect(JSON.parse(boom.body)).toEqual({
      code: 'internal_server_error',
      message: 'There has been a critical error on this website.',
      data: { status: 500 },
    });
    expect((await send(port, 'GET', '/wp-json/')).status).toBe(200);
  });

  it('answers 404 rest_no_route for an unknown API route, without calling next()', async () => {
    passedOn = [];
    const answer = await send(port, 'GET', '/wp-json/nope/v1');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).code).toBe('rest_no_route');
    expect(passedOn).toEqual([]);
  });
});

describe('site-rest/node without next()', () => {
  it('answers 404 for URLs outside the API', async () => {
    const standalone = createServer(createNodeHandler(rest));
    await new Promise<void>((resolve) => standalone.listen(0, '127.0.0.1', resolve));
    const answer = await send((standalone.address() as AddressInfo).port, 'GET', '/elsewhere');
    await new Promise<void>((resolve) => standalone.close(() => resolve()));
    expect(answer.status).toBe(404);
  });
});
