// `site-rest serve` as a process, under a stream of requests from the moment it is spawned: it
// listens before its store is ready, holds what arrives meanwhile and answers every request — 200
// once the site is ready, or 503 with Retry-After when the start fails or a signal stops it. A
// request is either refused (nothing listens yet) or answered; none is left hanging.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '..', 'dist', 'cli.js');

/** How often a request leaves while the server starts. */
const EVERY_MS = 20;

/** What became of one request: its answer, `refused` (nothing listened), or `hung` (no answer when the stream was stopped and drained). */
interface Outcome {
  sentAt: number;
  status: number | 'refused' | 'reset' | 'hung';
  headers?: IncomingHttpHeaders;
  body?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One request on a connection of its own, settled `hung` when `drained` comes first. */
function probe(port: number, sentAt: number, drained: Promise<void>): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/wp-json/', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ sentAt, status: res.statusCode!, headers: res.headers, body }));
      res.on('error', () => resolve({ sentAt, status: 'reset' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ sentAt, status: error.code === 'ECONNREFUSED' ? 'refused' : 'reset' }));
    void drained.then(() => {
      resolve({ sentAt, status: 'hung' });
      req.destroy();
    });
  });
}

/**
 * Sends a request every {@link EVERY_MS} until `stop` resolves, then gives those under way
 * `drainMs` to be answered; answers every outcome.
 */
async function stream(port: number, stop: Promise<unknown>, drainMs = 10_000, origin = performance.now()): Promise<Outcome[]> {
  let drain!: () => void;
  const drained = new Promise<void>((resolve) => (drain = resolve));
  const started = origin;
  const sent: Array<Promise<Outcome>> = [];
  let stopped = false;
  void stop.then(() => (stopped = true));
  while (!stopped) {
    sent.push(probe(port, performance.now() - started, drained));
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
  }
  const timer = setTimeout(drain, drainMs);
  const outcomes = await Promise.all(sent);
  clearTimeout(timer);
  drain();
  return outcomes;
}

/** Spawns `site-rest serve` with `args`; answers the child and a promise of what it printed by its exit. */
function serve(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  children.push(child);
  return { child, output: () => output, exited };
}

/** A TCP server that accepts connections and never says a word: a PostgreSQL server out of reach behind a broken network. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Checks that the requests that reached the server were answered 503 with Retry-After. One that
 * connects just as the server stops listening may be reset (Node closes a connection whose request
 * it has not read yet), never one held before: none is reset before the last 503 was sent.
 */
function expectAllRefusedWithRetry(outcomes: Outcome[]): void {
  const refused = outcomes.filter((o) => o.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  for (const outcome of refused) {
    expect(outcome.headers!['retry-after']).toBe('5');
    expect(JSON.parse(outcome.body!)).toMatchObject({ code: 'rest_service_unavailable', data: { status: 503 } });
  }
  const lastRefused = Math.max(...refused.map((o) => o.sentAt));
  expect(outcomes.filter((o) => o.status === 'reset' && o.sentAt < lastRefused)).toEqual([]);
  expect(outcomes.filter((o) => ![503, 'refused', 'reset'].includes(o.status))).toEqual([]);
}

const children: ChildProcess[] = [];
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('site-rest serve starting under a stream of requests', () => {
  it('answers every request sent while it starts on a fresh data directory: the ones held once it is ready, none left hanging', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-rest-startup-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const origin = performance.now();
    const started = serve(['--port', String(port), '--data', join(dir, 'data')]);
    let printed!: (at: number) => void;
    const ready = new Promise<number>((resolve) => (printed = resolve));
    started.child.stdout!.on('data', () => started.output().includes('serving ') && printed(performance.now() - origin));
    // Until a while after the site printed that it serves, so the requests held are answered and some after it too.
    const outcomes = await stream(
      port,
      ready.then(() => new Promise((resolve) => setTimeout(resolve, 300))),
      10_000,
      origin,
    );
    expect(outcomes.filter((o) => o.status !== 'refused' && o.status !== 200)).toEqual([]);
    // Sent before the site said it was ready, and answered 200: held until it was.
    const readyAt = await ready;
    expect(outcomes.filter((o) => o.status === 200 && o.sentAt < readyAt).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status === 200 && o.sentAt > readyAt).length).toBeGreaterThan(0);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });

  it('answers the requests held 503 with Retry-After when its database is out of reach, then exits 1', async () => {
    const database = await silentServer();
    cleanups.push(database.close);
    const port = await freePort();
    const started = serve(['--port', String(port), '--database', `postgres://site@127.0.0.1:${database.port}/site`]);
    const outcomes = await stream(port, started.exited);
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/cannot reach PostgreSQL at postgres:\/\/site@127\.0\.0\.1:\d+\/site/);
    expectAllRefusedWithRetry(outcomes);
  });

  it('answers the requests held 503 with Retry-After when SIGTERM comes before the site is ready, then exits 1', async () => {
    const database = await silentServer();
    cleanups.push(database.close);
    const port = await freePort();
    const started = serve(['--port', String(port), '--database', `postgres://site@127.0.0.1:${database.port}/site`]);
    let listening!: () => void;
    const heard = new Promise<void>((resolve) => (listening = resolve));
    const outcomes = stream(port, started.exited);
    // Once something listens (a request connected), the start is under way: stop it.
    const poll = setInterval(() => {
      const socket = createConnection(port);
      socket.on('connect', () => {
        socket.destroy();
        listening();
      });
      socket.on('error', () => socket.destroy());
    }, EVERY_MS);
    await heard;
    clearInterval(poll);
    await new Promise((resolve) => setTimeout(resolve, 100));
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/stopped by SIGTERM before the site was ready/);
    expectAllRefusedWithRetry(await outcomes);
  });
});
