// What every adapter does when the client misbehaves: goes away mid-body, reads slowly, or
// hangs up halfway through a large answer. Nothing may run half-done, leak a rejection or
// stop the server from serving the next request.
import type { ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRestServer, type NamespaceModule } from '../src/index.js';
import { ADAPTER_NAMES, mountAdapter, type Mounted } from './helpers/adapters.js';

const ROWS = 40_000;

function site(calls: string[]): NamespaceModule {
  return {
    namespace: 'shop/v1',
    routes: [
      {
        path: '/items',
        endpoints: [
          { methods: 'GET', handler: () => ({ ok: true }) },
          {
            methods: 'POST',
            permission: 'public',
            handler: (request) => {
              calls.push(`POST ${JSON.stringify(request.params)}`);
              return { saved: true };
            },
          },
        ],
      },
      {
        path: '/large',
        endpoints: [{ methods: 'GET', handler: () => Array.from({ length: ROWS }, (_, i) => ({ id: i, text: `row ${i}` })) }],
      },
    ],
  };
}

/** Sends raw bytes and resolves with everything the server sent back until it closed or `ms` passed. */
function rawExchange(
  port: number,
  bytes: string,
  { hangUpAfter, readDelay = 0 }: { hangUpAfter?: number; readDelay?: number } = {},
): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    if (readDelay) {
      socket.pause();
      setTimeout(() => socket.resume(), readDelay);
    }
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (hangUpAfter !== undefined && Buffer.concat(chunks).length >= hangUpAfter) {
        socket.destroy();
        resolve(Buffer.concat(chunks));
      }
    });
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', () => resolve(Buffer.concat(chunks)));
  });
}

let mounted: Mounted | null = null;
afterEach(async () => {
  await mounted?.close();
  mounted = null;
});

describe.each(ADAPTER_NAMES)('%s adapter', (adapter) => {
  it("answers nothing to a client that goes away mid-body: no handler, no hook, no error, no status line but a fetch handler's empty 499", async () => {
    const calls: string[] = [];
    const seen: string[] = [];
    const rest = createRestServer({
      site: { name: 'S', url: 'http://s.test' },
      namespaces: [site(calls)],
      onError: (error) => void seen.push(`onError ${String(error)}`),
      onRequest: () => void seen.push('onRequest'),
      onResponse: () => void seen.push('onResponse'),
    });
    mounted = await mountAdapter(adapter, rest);
    const response = new Promise<ServerResponse>((resolve) => {
      mounted!.server.once('request', (_req, res: ServerResponse) => res.once('close', () => resolve(res)));
    });
    const socket = connect(mounted.port, '127.0.0.1', () => {
      socket.write(
        'POST /wp-json/shop/v1/items HTTP/1.1\r\nHost: s.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"half',
      );
      setTimeout(() => socket.destroy(), 50);
    });
    const res = await response;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // What the adapter put on Node's response once it had settled: a status line, or none.
    const status = res.headersSent ? res.statusCode : 'none';
    expect(calls).toEqual([]);
    expect(seen).toEqual([]);
    // A fetch handler must return a Response: an empty 499 (client closed request), which no client reads.
    expect(status).toBe(adapter === 'fetch (Hono)' ? 499 : 'none');
  });

  it('runs nothing for a client that goes away mid-body, and keeps serving', async () => {
    const calls: string[] = [];
    mounted = await mountAdapter(
      adapter,
      createRestServer({ site: { name: 'S', url: 'http://s.test' }, namespaces: [site(calls)], onError: () => {} }),
    );
    const head =
      'POST /wp-json/shop/v1/items HTTP/1.1\r\nHost: s.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"half';
    await new Promise<void>((resolve) => {
      const socket = connect(mounted!.port, '127.0.0.1', () => {
        socket.write(head);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    const next = await fetch(`http://127.0.0.1:${mounted.port}/wp-json/shop/v1/items`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"whole"}',
    });
    expect(await next.json()).toEqual({ saved: true });
    expect(calls).toEqual(['POST {"name":"whole"}']);
  });

  it('delivers a large answer intact to a client that reads slowly', async () => {
    mounted = await mountAdapter(adapter, createRestServer({ site: { name: 'S', url: 'http://s.test' }, namespaces: [site([])] }));
    const raw = await rawExchange(mounted.port, 'GET /wp-json/shop/v1/large HTTP/1.1\r\nHost: s.test\r\nConnection: close\r\n\r\n', {
      readDelay: 200,
    });
    const text = raw.toString('utf8');
    const body = text.slice(text.indexOf('\r\n\r\n') + 4);
    const decoded = /transfer-encoding: chunked/i.test(text.slice(0, text.indexOf('\r\n\r\n'))) ? dechunk(body) : body;
    const rows = JSON.parse(decoded) as Array<{ id: number }>;
    expect(rows).toHaveLength(ROWS);
    expect(rows[ROWS - 1]!.id).toBe(ROWS - 1);
  });

  it('survives a client that hangs up halfway through a large answer', async () => {
    mounted = await mountAdapter(adapter, createRestServer({ site: { name: 'S', url: 'http://s.test' }, namespaces: [site([])] }));
    const partial = await rawExchange(mounted.port, 'GET /wp-json/shop/v1/large HTTP/1.1\r\nHost: s.test\r\n\r\n', {
      hangUpAfter: 100_000,
    });
    expect(partial.length).toBeGreaterThanOrEqual(100_000);
    const next = await fetch(`http://127.0.0.1:${mounted.port}/wp-json/shop/v1/items`);
    expect(await next.json()).toEqual({ ok: true });
  });
});

/** Decodes an HTTP/1.1 chunked body. */
function dechunk(body: string): string {
  const bytes = Buffer.from(body, 'utf8');
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    out.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out).toString('utf8');
}
