// Starts each runnable example as docs/mounting.md says (`node examples/<name>.mjs`) and uses it
// as a client would: the examples import the built package, so `npm test` builds first.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const PASSWORD = 'eX4mpLeEd1torTz9QwRv2sKn';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs an example until it prints its first line; resolves with that line and a way to stop it. */
async function start(example: string): Promise<{ port: number; banner: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'examples', example)], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), EDITOR_APP_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const banner = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${example} printed nothing in 10 s: ${output}`)), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) {
        clearTimeout(timer);
        resolve(output);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${example} exited with ${code}: ${output}`)));
  });
  return { port, banner, stop: () => child.kill() };
}

/** The front end the Express and Koa examples let call their API, by default. */
const FRONTEND = 'http://localhost:5173';

/** The CORS headers of an answer. */
function corsOf(response: Response): Record<string, string | null> {
  const names = ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-methods', 'vary'];
  return Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
}

describe.each([
  ['express.mjs', '/wp-json/shop/v1/products'],
  ['koa.mjs', '/index.php?rest_route=/shop/v1/products'],
])("examples/%s handles CORS itself, and site-rest's answers keep it", (example, productsPath) => {
  it('allows its front end only, answering the preflight itself', async () => {
    const { port, stop } = await start(example);
    try {
      const base = `http://127.0.0.1:${port}`;
      const own = await fetch(base + productsPath, { headers: { Origin: FRONTEND } });
      expect(own.status).toBe(200);
      expect(corsOf(own)).toEqual({
        'access-control-allow-origin': FRONTEND,
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': null,
        vary: 'Origin',
      });
      const other = await fetch(base + productsPath, { headers: { Origin: 'https://elsewhere.example' } });
      expect(corsOf(other)).toEqual({
        'access-control-allow-origin': null,
        'access-control-allow-credentials': null,
        'access-control-allow-methods': null,
        vary: 'Origin',
      });
      const preflight = await fetch(base + productsPath, {
        method: 'OPTIONS',
        headers: { Origin: FRONTEND, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(corsOf(preflight)).toMatchObject({
        'access-control-allow-origin': FRONTEND,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      });
    } finally {
      stop();
    }
  });
});

describe.each([
  ['node-http.mjs', '/wp-json/shop/v1/products', ['core/v2']],
  ['express.mjs', '/wp-json/shop/v1/products', ['core/v2', 'oembed/1.0']],
  ['koa.mjs', '/index.php?rest_route=/shop/v1/products', ['core/v2', 'contact-forms/v1']],
  ['hono.mjs', '/wp-json/shop/v1/products', ['core/v2']],
])('examples/%s', (example, productsPath, presetNamespaces) => {
  it('starts, lists products, and takes a signed-in write', async () => {
    const { port, banner, stop } = await start(example);
    try {
      const base = `http://127.0.0.1:${port}`;
      expect(banner).toContain(base);
      const list = await fetch(base + productsPath);
      expect(list.status).toBe(200);
      expect(Array.isArray(await list.json())).toBe(true);
      const auth = `Basic ${Buffer.from(`editor:${PASSWORD}`).toString('base64')}`;
      const created = await fetch(base + productsPath, {
        method: 'POST',
        headers: { Authorization: auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Tray', price: 12 }),
      });
      expect(await created.json()).toMatchObject({ name: 'Tray', price: 12 });
      const refused = await fetch(base + productsPath, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"x","price":1}',
      });
      expect(refused.status).toBe(401);
      const index = (await (await fetch(`${base}/index.php?rest_route=/`)).json()) as { namespaces: string[] };
      for (const namespace of presetNamespaces) expect(index.namespaces).toContain(namespace);
    } finally {
      stop();
    }
  });
});

describe('examples/abilities-mcp.mjs', () => {
  it('registers its own ability, which REST runs and an MCP client lists and calls with the same answer', async () => {
    const { port, banner, stop } = await start('abilities-mcp.mjs');
    try {
      const base = `http://127.0.0.1:${port}`;
      expect(banner).toContain(`${base}/wp-json/core-abilities/v1/mcp`);
      const rest = await fetch(`${base}/wp-json/core-abilities/v1/abilities/my-site/search-posts/run?input[query]=alpha`);
      const answer = (await rest.json()) as { total: number; posts: Array<{ id: number; title: string; link: string }> };
      expect(answer.total).toBeGreaterThan(0);
      expect(answer.posts.every((post) => post.title.includes('alpha'))).toBe(true);
      const auth = `Basic ${Buffer.from(`editor:${PASSWORD}`).toString('base64')}`;
      const client = new Client({ name: 'examples', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${base}/wp-json/core-abilities/v1/mcp`), {
          requestInit: { headers: { Authorization: auth } },
        }),
      );
      const { tools } = await client.listTools();
      expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([['my-site_search-posts', true]]);
      const called = await client.callTool({ name: 'my-site_search-posts', arguments: { query: 'alpha' } });
      expect(called.structuredContent).toEqual(answer);
      const invalid = await client.callTool({ name: 'my-site_search-posts', arguments: { query: 'alpha', limit: 99 } });
      expect(invalid.isError).toBe(true);
      await client.close();
    } finally {
      stop();
    }
  });
});
