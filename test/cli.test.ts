import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseServeFlags, serve, UsageError } from '../src/cli/serve.js';

function quiet() {
  const lines: string[] = [];
  return { lines, io: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) } };
}

describe('site-rest serve', () => {
  it('serves the demo index and prints its URL', async () => {
    const { lines, io } = quiet();
    const http = await serve(['--port', '0'], io);
    try {
      const port = (http.address() as AddressInfo).port;
      expect(lines.join('')).toContain(`http://127.0.0.1:${port}/wp-json/`);
      const index = (await (await fetch(`http://127.0.0.1:${port}/wp-json/`)).json()) as { name: string; namespaces: string[] };
      expect(index.name).toBe('Example Site');
    } finally {
      http.close();
    }
  });

  it('advertises ?rest_route= URLs and variant B site facts with --variant B', async () => {
    const { lines, io } = quiet();
    const http = await serve(['--port', '0', '--variant', 'B'], io);
    try {
      const port = (http.address() as AddressInfo).port;
      expect(lines.join('')).toContain(`http://127.0.0.1:${port}/index.php?rest_route=/`);
      const index = (await (await fetch(`http://127.0.0.1:${port}/index.php?rest_route=/`)).json()) as Record<string, unknown>;
      expect(index).toMatchObject({ page_for_posts: 0, page_on_front: 0, show_on_front: 'posts' });
    } finally {
      http.close();
    }
  });

  it('rejects a bad flag with a usage error', () => {
    expect(() => parseServeFlags(['--variant', 'C'])).toThrow(UsageError);
    expect(() => parseServeFlags(['--port', 'eighty'])).toThrow(/--port must be a number/);
    expect(() => parseServeFlags(['--colour'])).toThrow(UsageError);
  });

  it('reports a port in use instead of crashing', async () => {
    const { io } = quiet();
    const first = await serve(['--port', '0'], io);
    const port = String((first.address() as AddressInfo).port);
    try {
      await expect(serve(['--port', port], io)).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      first.close();
    }
  });
});
