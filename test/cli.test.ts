import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/cli/common.js';
import { demoPasswords, parseServeFlags, serve } from '../src/cli/serve.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');

/** Runs the built CLI to its end: exit code and what it printed. */
function run(...argv: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...argv], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

function quiet() {
  const lines: string[] = [];
  return { lines, io: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) } };
}

describe('site-rest serve', () => {
  it('serves the demo index and prints its URL', async () => {
    const { lines, io } = quiet();
    const { http } = await serve(['--port', '0', '--memory'], io);
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
    const { http } = await serve(['--port', '0', '--memory', '--variant', 'B'], io);
    try {
      const port = (http.address() as AddressInfo).port;
      expect(lines.join('')).toContain(`http://127.0.0.1:${port}/index.php?rest_route=/`);
      const index = (await (await fetch(`http://127.0.0.1:${port}/index.php?rest_route=/`)).json()) as Record<string, unknown>;
      expect(index).toMatchObject({ page_for_posts: 0, page_on_front: 0, show_on_front: 'posts' });
    } finally {
      http.close();
    }
  });

  it('advertises the URL form --routing asks for, whatever the variant', async () => {
    const { lines, io } = quiet();
    const { http } = await serve(['--port', '0', '--memory', '--variant', 'B', '--routing', 'path'], io, {});
    try {
      const port = (http.address() as AddressInfo).port;
      expect(lines.join('')).toContain(`http://127.0.0.1:${port}/wp-json/`);
      const index = (await (await fetch(`http://127.0.0.1:${port}/index.php?rest_route=/`)).json()) as {
        _links: unknown;
        routes: Record<string, { _links?: { self: Array<{ href: string }> } }>;
      };
      expect(index.routes['/batch/v1']!._links!.self[0]!.href).toBe(`http://127.0.0.1:${port}/wp-json/batch/v1`);
    } finally {
      http.close();
    }
  });

  it('rejects a bad flag with a usage error', () => {
    expect(() => parseServeFlags(['--routing', 'pretty'])).toThrow(/--routing must be path or query/);
    expect(() => parseServeFlags(['--variant', 'C'])).toThrow(UsageError);
    expect(() => parseServeFlags(['--variant', 'ab'])).toThrow(/--variant must be A or B/);
    expect(() => parseServeFlags(['--port', 'eighty'])).toThrow(/--port must be a number/);
    expect(() => parseServeFlags(['--colour'])).toThrow(UsageError);
  });

  it('reports a port in use instead of crashing', async () => {
    const { io } = quiet();
    const { http: first } = await serve(['--port', '0', '--memory'], io);
    const port = String((first.address() as AddressInfo).port);
    try {
      await expect(serve(['--port', port, '--memory'], io)).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      first.close();
    }
  });

  /** Whether the demo treats these Basic credentials as a signed-in user: WordPress sends no-cache headers only then. */
  async function signedIn(port: number, user: string, password: string): Promise<boolean> {
    const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const answer = await fetch(`http://127.0.0.1:${port}/wp-json/`, { headers: { Authorization: auth } });
    return (answer.headers.get('cache-control') ?? '').includes('private');
  }

  it('signs the demo users in with the application passwords given by flag or environment', async () => {
    const { lines, io } = quiet();
    const env = { SITE_REST_APP_PASSWORDS: 'author:EnvAuthor7kQ2xW9mZ4pR8vN3, admin:EnvAdmin5tY8cB2nJ6hL9wK4q' };
    const { http } = await serve(['--port', '0', '--memory', '--app-password', 'admin:FlagAdmin3jD7vP1sX9gT5rM2'], io, env);
    try {
      const port = (http.address() as AddressInfo).port;
      expect(await signedIn(port, 'admin', 'FlagAdmin3jD7vP1sX9gT5rM2')).toBe(true);
      expect(await signedIn(port, 'admin', 'EnvAdmin5tY8cB2nJ6hL9wK4q')).toBe(false);
      expect(await signedIn(port, 'author', 'EnvAuthor7kQ2xW9mZ4pR8vN3')).toBe(true);
      const printed = lines.join('');
      expect(printed).not.toContain('FlagAdmin3jD7vP1sX9gT5rM2');
      expect(printed).not.toContain('EnvAuthor7kQ2xW9mZ4pR8vN3');
    } finally {
      http.close();
    }
  });

  it('generates the missing application passwords and prints each once, in groups of four', async () => {
    const { lines, io } = quiet();
    const { http } = await serve(['--port', '0', '--memory'], io, {});
    try {
      const port = (http.address() as AddressInfo).port;
      const printed = lines.join('');
      const generated = [...printed.matchAll(/^\s+(\w+)\s+\w+\s+generated password: ((?:[A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4})$/gm)];
      expect(generated.map((m) => m[1])).toEqual(['admin', 'author', 'subscriber']);
      for (const [, user, password] of generated) {
        expect(printed.split(password!).length).toBe(2);
        expect(await signedIn(port, user!, password!)).toBe(true);
      }
    } finally {
      http.close();
    }
  });

  it('opens the MFA session --mfa-session asks for, whose token and secret have the code mailed (printed here)', async () => {
    const { lines, io } = quiet();
    const { http } = await serve(['--port', '0', '--memory', '--variant', 'B', '--mfa-session', 'author'], io, {});
    try {
      const port = (http.address() as AddressInfo).port;
      const [, token, secret] = /MFA session for author \(10 minutes\): token=(\w+) secret=(\w+)/.exec(lines.join('')) ?? [];
      const send = (body: unknown) =>
        fetch(`http://127.0.0.1:${port}/index.php?rest_route=/login-guard/v1/mfa/send-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const wrong = await send({ token, secret: 'not-the-secret' });
      expect([wrong.status, await wrong.json()]).toEqual([403, { success: false, message: 'Forbidden' }]);
      const sent = await send({ token, secret, code: '424242' });
      expect([sent.status, await sent.json()]).toEqual([200, { success: true }]);
      const mail = lines.join('');
      expect(mail).toContain('To: author@example.test');
      expect(mail).toContain('424242');
    } finally {
      http.close();
    }
  });

  it("caches the demo's front page for anonymous visitors once page-cache/v1 turns caching on, and its cache test passes", async () => {
    const { io } = quiet();
    const { http } = await serve(['--port', '0', '--memory', '--variant', 'B', '--app-password', 'admin:CacheAdmin8fK3wQ6zT1mV4b'], io, {});
    try {
      const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      const admin = {
        authorization: `Basic ${Buffer.from('admin:CacheAdmin8fK3wQ6zT1mV4b').toString('base64')}`,
        'content-type': 'application/json',
      };
      const enable = await fetch(`${base}/wp-json/page-cache/v1/settings`, {
        method: 'POST',
        headers: admin,
        body: '{"is_cache_enabled":true}',
      });
      expect(enable.status).toBe(200);
      // The cache reads its rules at most once a second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await fetch(`${base}/`)).headers.get('x-cache')).toBeNull();
      const hit = await fetch(`${base}/`);
      expect(hit.headers.get('x-cache')).toBe('HIT');
      expect(await hit.text()).toMatch(/<!-- Cached page generated by WP-Super-Cache on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d -->/);
      const test = await fetch(`${base}/wp-json/page-cache/v1/cache/test`, { method: 'POST', headers: admin });
      expect(await test.json()).toEqual({
        status: true,
        attempts: { prime: { status: true }, first: { status: true }, second: { status: true } },
      });
      const signedIn = await fetch(`${base}/`, { headers: { authorization: admin.authorization } });
      expect(signedIn.headers.get('x-cache')).toBeNull();
    } finally {
      http.close();
    }
  });

  it('refuses --mfa-session for an unknown user or without login-guard/v1', () => {
    expect(() => parseServeFlags(['--variant', 'B', '--mfa-session', 'nobody'])).toThrow(/unknown user "nobody"/);
    expect(() => parseServeFlags(['--mfa-session', 'admin'])).toThrow('--mfa-session needs login-guard/v1, which variant B serves');
  });

  it('refuses a malformed, weak or unknown --app-password without repeating the password', () => {
    expect(() => demoPasswords(['admin'], undefined)).toThrow(UsageError);
    expect(() => demoPasswords(['admin:'], undefined)).toThrow(/USER:PASSWORD/);
    expect(() => demoPasswords([], 'nobody:Nb7wQ2kX9pL4mZ8vR3tY6hJc')).toThrow(/unknown user "nobody"/);
    expect(() => demoPasswords(['admin:hunter2hunter2'], undefined)).toThrow(
      '--app-password: an application password must be at least 24 letters and digits, random (estimated at 128 bits or more), as the ones WordPress generates are, and the one given for "admin" is not',
    );
    for (const entry of ['nobody:Nb7wQ2kX9pL4mZ8vR3tY6hJc', 'admin:-- ~~ --', 'admin:hunter2hunter2', 'author:AuthorAppPassword000000b']) {
      let message = '';
      try {
        demoPasswords([], entry);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/USER:PASSWORD|unknown user|at least 24 letters and digits/);
      expect(message).not.toContain(entry.slice(entry.indexOf(':') + 1));
    }
  });
});

describe('site-rest on the command line', () => {
  it('prints its version with --version', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await run('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('ends quietly with 0 when its reader closes the pipe early, as `site-rest openapi | head -c 100` does', async () => {
    // A shell pipe, as a user has it: `head` exits after 100 bytes of the 90 KB document.
    const script = `set -o pipefail; "${process.execPath}" "${CLI}" openapi --variant B | head -c 100 > /dev/null`;
    const answer = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile('bash', ['-c', script], { cwd: ROOT }, (error, _stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr }),
      );
    });
    expect(answer).toEqual({ code: 0, stderr: '' });
  });

  it('prints the list of commands with --help, -h, help or nothing, and exits 0', async () => {
    const runs = [['--help'], ['-h'], ['help'], []];
    for (const [i, { code, stdout }] of (await Promise.all(runs.map((argv) => run(...argv)))).entries()) {
      expect(code, runs[i]!.join(' ')).toBe(0);
      expect(stdout, runs[i]!.join(' ')).toMatch(/^Usage: site-rest <command>/);
      expect(stdout).toMatch(/^ {2}serve {2,}/m);
      expect(stdout).toMatch(/^ {2}mock {2,}/m);
    }
  });

  it("prints a command's usage with --help, -h or help <command>, and exits 0 without starting it", async () => {
    const runs = ['serve', 'mock'].flatMap((command) => [
      [command, '--help'],
      [command, '-h'],
      [command, '--port', '1', '-h'],
      ['help', command],
    ]);
    for (const [i, { code, stdout }] of (await Promise.all(runs.map((argv) => run(...argv)))).entries()) {
      const argv = runs[i]!;
      expect(code, argv.join(' ')).toBe(0);
      expect(stdout, argv.join(' ')).toMatch(new RegExp(`^Usage: site-rest ${argv[0] === 'help' ? argv[1] : argv[0]} `));
    }
  });

  it('answers an unknown command or help topic with the usage and exit code 2', async () => {
    for (const argv of [['serv'], ['help', 'serv']]) {
      const { code, stderr } = await run(...argv);
      expect(code).toBe(2);
      expect(stderr).toContain('unknown command "serv"');
    }
  });

  it('names the nearest command of a mistyped one, or of a mistyped help topic or --version, with exit code 2', async () => {
    for (const [argv, typed, meant] of [
      [['serv'], 'serv', 'serve'],
      [['help', 'serv'], 'serv', 'serve'],
      [['mokc', 'index.json'], 'mokc', 'mock'],
      [['opnapi'], 'opnapi', 'openapi'],
      [['--verison'], '--verison', '--version'],
    ] as const) {
      const { code, stdout, stderr } = await run(...argv);
      expect([argv, code, stdout]).toEqual([argv, 2, '']);
      expect(stderr.startsWith(`site-rest: unknown command "${typed}"\nDid you mean ${meant}?\n\nUsage: site-rest <command>`), stderr).toBe(
        true,
      );
    }
  });

  it('names no command when none is close to what was typed', async () => {
    const { code, stderr } = await run('deploy');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^site-rest: unknown command "deploy"\n\nUsage: site-rest <command>/);
  });

  it("names the nearest flag of a mistyped one after parseArgs' own refusal, with the command's usage and exit code 2", async () => {
    for (const [argv, refused, meant] of [
      [['serve', '--prot', '8080'], '--prot', '--port'],
      [['serve', '--variant=b', '--prot=0'], '--prot', '--port'],
      [['serve', '--mem'], '--mem', '--memory'],
      [['serve', '--app-pasword', 'admin:x'], '--app-pasword', '--app-password'],
      [['serve', '-port', '0'], '-p', '--port'],
      [['serve', '--fixture'], '--fixture', '--fixtures'],
      [['mock', 'index.json', '--opne'], '--opne', '--open'],
      [['mock', 'index.json', '--fixture', 'dir'], '--fixture', '--fixtures'],
      [['openapi', '--varaint', 'B'], '--varaint', '--variant'],
    ] as const) {
      const { code, stdout, stderr } = await run(...argv);
      expect([argv, code, stdout]).toEqual([argv, 2, '']);
      const [first, second, , usage] = stderr.split('\n');
      expect([argv, first, second, usage]).toEqual([
        argv,
        expect.stringMatching(new RegExp(`^site-rest: Unknown option '${refused}'`)),
        `Did you mean ${meant}?`,
        expect.stringMatching(new RegExp(`^Usage: site-rest ${argv[0]} `)),
      ]);
    }
  });

  it('names no flag when none is close to the unknown one', async () => {
    const { code, stderr } = await run('serve', '--colour', 'blue');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^site-rest: Unknown option '--colour'\n\nUsage: site-rest serve /);
  });

  it('accepts the variant name in either case', () => {
    expect(parseServeFlags(['--variant', 'b']).variant).toBe('B');
    expect(parseServeFlags(['--variant', 'a']).variant).toBe('A');
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`closes the server and exits 0 on ${signal}`, async () => {
      const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--memory'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let printed = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          const found = /serving (http:\/\/\S+)/.exec(printed);
          if (found) resolve(found[1]!);
        });
        child.once('exit', () => reject(new Error(`exited before serving: ${printed}`)));
      });
      // A keep-alive connection left open must not hold the shutdown up.
      expect((await fetch(url)).status).toBe(200);
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (...end) => resolve(end)));
      child.kill(signal);
      expect(await exited).toEqual([0, null]);
      await expect(fetch(url)).rejects.toThrow();
    });
  }
});
