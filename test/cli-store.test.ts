// Where `site-rest serve` keeps its data: PGlite in a directory by default (seeded on the first
// start only, kept across restarts), memory with --memory, a PostgreSQL server with --database or
// DATABASE_URL; an unreachable database fails start-up at once in one line without the password;
// SIGTERM lets a request under way finish, closes the store and exits 0; SIGKILL amid writes loses
// none that was acknowledged, and the next start takes over the killed process's directory lock.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../src/cli/common.js';
import { serve } from '../src/cli/serve.js';
import { pgliteStore } from '../src/store.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
/** A fresh PGlite directory takes seconds to create (initdb in WebAssembly), more on a busy machine. */
const PGLITE_MS = 90_000;

const dir = mkdtempSync(join(tmpdir(), 'site-rest-cli-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function quiet() {
  const lines: string[] = [];
  return { printed: () => lines.join(''), io: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) } };
}

/** The base URL a listening server answers on. */
function urlOf(http: Server): string {
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

/** What `serve` threw. */
async function refusal(argv: string[], env: Record<string, string> = {}): Promise<Error> {
  return serve(argv, quiet().io, env).then(
    () => new Error('served'),
    (error: unknown) => error as Error,
  );
}

describe('site-rest serve’s store', () => {
  it(
    'keeps its data in PGlite under --data, seeds on the first start only, and keeps what was written across a restart',
    async () => {
      const dataDir = join(dir, 'kept');
      const first = quiet();
      const one = await serve(['--port', '0', '--data', dataDir], first.io, {});
      expect(first.printed()).toContain(`\nstore: PGlite in ${dataDir}\n`);
      const seeded = await one.store.options.get('site_rest_demo_seeded');
      expect(seeded).toEqual(expect.any(String));
      const password = /^\s+admin\s+\w+\s+generated password: ([A-Za-z0-9 ]+)$/m.exec(first.printed())![1]!;
      const auth = { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` };
      const created = await fetch(`${urlOf(one.http)}/wp-json/core/v2/posts`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Written before the restart', status: 'publish' }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      one.http.close();
      await one.store.close();

      const second = quiet();
      const two = await serve(['--port', '0', '--data', dataDir], second.io, {});
      try {
        expect(await two.store.options.get('site_rest_demo_seeded')).toBe(seeded);
        expect(second.printed()).not.toContain('generated password');
        expect(second.printed()).toMatch(/^\s+admin\s+\w+\s+application passwords kept from an earlier start$/m);
        const read = await fetch(`${urlOf(two.http)}/wp-json/core/v2/posts/${id}?context=edit`, { headers: auth });
        expect(read.status).toBe(200);
        expect(((await read.json()) as { title: { raw: string } }).title.raw).toBe('Written before the restart');
        const listed = await fetch(`${urlOf(two.http)}/wp-json/core/v2/posts?per_page=1`);
        expect(listed.headers.get('x-wp-total')).toBe('24');
      } finally {
        two.http.close();
        await two.store.close();
      }
    },
    PGLITE_MS,
  );

  it('keeps nothing with --memory, whatever DATABASE_URL says', async () => {
    const { io, printed } = quiet();
    const served = await serve(['--port', '0', '--memory'], io, { DATABASE_URL: 'postgres://site:hunter2@127.0.0.1:1/site' });
    served.http.close();
    await served.store.close();
    expect(printed()).toContain('\nstore: memory (nothing kept)\n');
  });

  it('refuses two store flags at once, and a database URL that is not postgres://, without repeating it', async () => {
    for (const argv of [
      ['--memory', '--data', 'x'],
      ['--data', 'x', '--database', 'postgres://h/db'],
      ['--memory', '--database', 'postgres://h/db'],
    ]) {
      const error = await refusal(argv);
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toMatch(/cannot be used together: pick one store/);
    }
    const flag = await refusal(['--database', 'mysql://site:hunter2@db/site']);
    expect(flag).toBeInstanceOf(UsageError);
    expect(flag.message).toMatch(/^--database must be a postgres:\/\/ URL/);
    const env = await refusal([], { DATABASE_URL: 'site:hunter2@db' });
    expect(env.message).toMatch(/^DATABASE_URL must be a postgres:\/\/ URL/);
    expect(`${flag.message} ${env.message}`).not.toContain('hunter2');
  });

  it('takes PostgreSQL from DATABASE_URL when no flag chooses, and tells an unreachable one without its password', async () => {
    const error = await refusal(['--port', '0'], { DATABASE_URL: 'postgres://site:hunter2@127.0.0.1:1/site?sslmode=disable' });
    expect(error.message).toBe('cannot reach PostgreSQL at postgres://site@127.0.0.1:1/site (connection refused)');
  });
});

/** Runs the built CLI until it exits: exit code, stdout, stderr and how long it took. */
function runCli(argv: string[]): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, ...argv], { cwd: dir });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started })));
}

/** A `site-rest serve` child process, once it prints where it serves (after its user lines). */
interface ServeChild {
  child: ChildProcess;
  port: number;
  /** Everything it has printed, stdout and stderr. */
  printed: () => string;
  /** Its exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/** Starts the built CLI's `serve` and waits until it serves. */
function startServe(argv: string[]): Promise<ServeChild> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...argv], { cwd: dir });
  let printed = '';
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /serving http:\/\/127\.0\.0\.1:(\d+)\//.exec(printed);
      if (found && printed.includes('subscriber')) resolve({ child, port: Number(found[1]), printed: () => printed, exited });
    });
    child.once('exit', () => reject(new Error(`exited before serving: ${printed}`)));
  });
}

describe('site-rest serve on the command line', () => {
  it('fails start-up at once on an unreachable database: one line naming it without the password, exit 1', async () => {
    const { code, stdout, stderr, ms } = await runCli(['serve', '--port', '0', '--database', 'postgres://site:hunter2@127.0.0.1:1/site']);
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: 'site-rest: cannot reach PostgreSQL at postgres://site@127.0.0.1:1/site (connection refused)\n',
    });
    expect(ms).toBeLessThan(10_000);
  });

  it(
    'on SIGTERM answers the request under way, closes the store and exits 0, leaving a directory that reopens',
    async () => {
      const dataDir = join(dir, 'signalled');
      const { child, port, printed, exited } = await startServe(['--data', dataDir]);

      // A request whose body is still coming when the signal arrives.
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise((resolve) => socket.on('close', resolve));
      const body = JSON.stringify({ requests: [{ path: '/wp/v2/nothing-here' }] });
      socket.write(
        `POST /wp-json/batch/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 200));
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.end(body.slice(10));
      await closed;

      expect(answer).toMatch(/^HTTP\/1\.1 \d{3} /);
      expect(answer).toContain('application/json');
      expect(await exited).toBe(0);
      expect(printed()).toContain('site-rest: SIGTERM, shutting down');
      const reopened = await pgliteStore({ dataDir });
      try {
        expect(await reopened.options.get('site_rest_demo_seeded')).toEqual(expect.any(String));
      } finally {
        await reopened.close();
      }
    },
    PGLITE_MS,
  );

  it(
    'killed with SIGKILL amid a stream of writes keeps every acknowledged post, and a restart takes over the dead process’s lock',
    async () => {
      const dataDir = join(dir, 'killed');
      const password = 'iOP0e2AQwnITa0zp6Km4NDjD';
      const admin = { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` };
      const first = await startServe(['--data', dataDir, '--app-password', `admin:${password}`]);

      // Four writers, each sending its next post as soon as the last is acknowledged, until the 40th acknowledgement.
      const acknowledged = new Map<number, string>();
      let sent = 0;
      let inFlight = 0;
      let inFlightAtKill = -1;
      const writer = async (): Promise<void> => {
        while (inFlightAtKill < 0) {
          const title = `Write ${(sent += 1)}`;
          inFlight += 1;
          try {
            const created = await fetch(`http://127.0.0.1:${first.port}/wp-json/core/v2/posts`, {
              method: 'POST',
              headers: { ...admin, 'content-type': 'application/json' },
              body: JSON.stringify({ title, status: 'publish' }),
            });
            expect(created.status).toBe(201);
            acknowledged.set(((await created.json()) as { id: number }).id, title);
          } catch (error) {
            if (inFlightAtKill < 0) throw error;
            return;
          } finally {
            inFlight -= 1;
          }
          if (acknowledged.size === 40) {
            inFlightAtKill = inFlight;
            first.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all([writer(), writer(), writer(), writer()]);
      expect(await first.exited).toBe('SIGKILL');
      expect(inFlightAtKill).toBeGreaterThan(0);
      expect(readFileSync(join(dataDir, 'site-rest.pid'), 'utf8').trim()).toBe(String(first.child.pid));

      const second = await startServe(['--data', dataDir, '--app-password', `admin:${password}`]);
      try {
        expect(second.printed()).toMatch(/^\s+admin\s+\w+\s+password as given$/m);
        const ids = [...acknowledged.keys()];
        const listed = await fetch(
          `http://127.0.0.1:${second.port}/wp-json/core/v2/posts?include=${ids.join(',')}&per_page=100&context=edit&_fields=id,title`,
          { headers: admin },
        );
        expect(listed.status).toBe(200);
        const posts = (await listed.json()) as Array<{ id: number; title: { raw: string } }>;
        expect(new Map(posts.map((post) => [post.id, post.title.raw]))).toEqual(acknowledged);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    },
    2 * PGLITE_MS,
  );
});
