// Every adapter mounted the way a host would, listening on a free loopback port.
import { serve as serveHono } from '@hono/node-server';
import express from 'express';
import express4 from 'express4';
import { Hono } from 'hono';
import Koa from 'koa';
import Koa2 from 'koa2';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExpressMiddleware } from '../../src/adapters/express.js';
import { createFetchHandler } from '../../src/adapters/fetch.js';
import { createKoaMiddleware } from '../../src/adapters/koa.js';
import { createNodeHandler } from '../../src/adapters/node.js';
import type { ByteSize } from '../../src/index.js';
import type { HoldOptions, StartingServer } from '../../src/adapters/hold.js';
import type { TrustedProxies } from '../../src/adapters/client-address.js';

/** A listening adapter: its port, the node:http server under it (Hono's included), and how to stop it. */
export interface Mounted {
  port: number;
  server: Server;
  close: () => Promise<void>;
}

/** Options every adapter takes, and how the host around it is set up. */
interface AdapterOptions {
  /** A number of bytes, or a size as Express writes it (`'1mb'`). */
  bodyLimit?: ByteSize;
  /** Serve the API under this path: Express mounts the middleware there (`app.use(basePath, …)`), the others take the `basePath` option. */
  basePath?: string;
  /** The adapter's `discoveryLink` option. */
  discoveryLink?: boolean;
  /** A host page answering every URL outside the API with 200 `host page` (text/plain), as the host's own routes would. */
  hostPage?: boolean;
  /** The adapter's `hold` option, for a server given as a promise. */
  hold?: HoldOptions;
  /** The adapter's `trustedProxies` option. */
  trustedProxies?: TrustedProxies;
}

const HOST_PAGE = 'host page';

export const ADAPTER_NAMES = ['node', 'express', 'express 4', 'koa', 'koa 2', 'fetch (Hono)'] as const;
type AdapterName = (typeof ADAPTER_NAMES)[number];

function listen(server: Server): Promise<Mounted> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        server,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

/** Serves `rest` through the named adapter: plain node:http, an Express app (5 or 4), a Koa app (3 or 2), or Hono on @hono/node-server. */
export function mountAdapter(name: AdapterName, rest: StartingServer, options: AdapterOptions = {}): Promise<Mounted> {
  const { bodyLimit, basePath, discoveryLink, hostPage, hold, trustedProxies } = options;
  switch (name) {
    case 'node': {
      const handler = createNodeHandler(rest, { bodyLimit, basePath, discoveryLink, hold, trustedProxies });
      if (!hostPage) return listen(createServer(handler));
      return listen(
        createServer((req, res) => handler(req, res, () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(HOST_PAGE))),
      );
    }
    case 'express':
    case 'express 4': {
      const app = name === 'express' ? express() : express4();
      const middleware = createExpressMiddleware(rest, { bodyLimit, discoveryLink, hold, trustedProxies });
      if (basePath) app.use(basePath, middleware);
      else app.use(middleware);
      if (hostPage) app.use((_req, res) => void res.type('text/plain').send(HOST_PAGE));
      return listen(createServer(app));
    }
    case 'koa':
    case 'koa 2': {
      const app = name === 'koa' ? new Koa() : new Koa2();
      // Koa reports a client that hung up mid-request (HPE_*, ECONNRESET) as an app error; the tests cause those on purpose.
      app.on('error', (error: NodeJS.ErrnoException) => {
        if (!/^(HPE_|ECONNRESET)/.test(String(error.code))) console.error(error);
      });
      app.use(createKoaMiddleware(rest, { bodyLimit, basePath, discoveryLink, hold, trustedProxies }));
      if (hostPage) {
        app.use((ctx) => {
          ctx.type = 'text/plain';
          ctx.body = HOST_PAGE;
        });
      }
      // Koa's callback settles every request itself (errors go to ctx.onerror), so its promise is left alone.
      const handle = app.callback();
      return listen(createServer((req, res) => void handle(req, res)));
    }
    case 'fetch (Hono)': {
      const app = new Hono();
      const fallback = hostPage ? () => new Response(HOST_PAGE, { headers: { 'Content-Type': 'text/plain' } }) : undefined;
      const api = createFetchHandler(rest, { bodyLimit, basePath, discoveryLink, fallback, hold, trustedProxies });
      app.all('*', (c) => api(c.req.raw));
      return new Promise((resolve) => {
        const server = serveHono({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
          resolve({ port: info.port, server: server as Server, close: () => new Promise((done) => server.close(() => done())) }),
        );
      });
    }
  }
}
