// Every code sample of README.md and docs/**/*.md, checked as a reader would use it (the convention
// is in CONTRIBUTING.md, "Documentation", and test/helpers/docs-samples.ts):
// - `ts` and `js` samples are compiled together, strict, against the built package's types, in a
//   project of their own where `site-rest` is this checkout (as `npm install` would place it), and
//   run: each page's programs one after another in one process; a `server` sample is started with
//   every listen moved to a free port, asked its one request and stopped; a `fetch` sample's default
//   export is asked its request; a `types` sample must be, declaration by declaration, the source's;
// - `sh` samples run in a scratch directory with the checkout's `site-rest` and dev tools on the
//   PATH (`npx` runs the package's own binary, as it does for an installed package);
// - `json` samples are parsed.
// Besides: the README stays a landing page, every relative link and anchor leads somewhere, the
// README's two commands are those CI and package.json run, and every CLI flag and option is documented.
import { execFile, execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsOf, docPages, EXEMPT_KINDS, sampleFileName, samplesOf, type Sample, type SampleRequest } from './helpers/docs-samples.js';

const ROOT = join(import.meta.dirname, '..');
const PAGES = docPages(ROOT);
const SAMPLES = PAGES.flatMap((page) => samplesOf(ROOT, page));
const RUNNER = join(ROOT, 'test', 'helpers', 'docs-runner.mjs');
const PORT_0 = pathToFileURL(join(ROOT, 'test', 'helpers', 'docs-listen-port-0.mjs')).href;

/** The README is a landing page: at most this many bytes. */
const README_MAX_BYTES = 15 * 1024;
/** Samples exempt from running (`compile-only`, `fragment`, `not-run`) stay a small share of all. */
const MAX_EXEMPT_SHARE = 0.15;
/** The option interfaces each page documents, every member by name: `[source file, interface]`. */
const DOCUMENTED_OPTIONS: Record<string, Array<[string, string]>> = {
  'docs/mounting.md': [
    ['src/core/server.ts', 'RestServerOptions'],
    ['src/core/pipeline/hooks.ts', 'RestHooks'],
    ['src/adapters/node.ts', 'NodeHandlerOptions'],
    ['src/adapters/express.ts', 'ExpressMiddlewareOptions'],
    ['src/adapters/koa.ts', 'KoaMiddlewareOptions'],
    ['src/adapters/fetch.ts', 'FetchHandlerOptions'],
    ['src/adapters/hold.ts', 'HoldOptions'],
    ['src/namespaces/page-cache/in-process.ts', 'InProcessPageCacheOptions'],
  ],
  'docs/security.md': [
    ['src/core/auth/user-store.ts', 'UserStoreOptions'],
    ['src/core/auth/legacy-hash.ts', 'HashQueueOptions'],
    ['src/core/auth/login-limiter.ts', 'LoginLimiterOptions'],
    ['src/core/auth/authenticate.ts', 'SessionAuth'],
    ['src/core/http/cors.ts', 'CorsAllowList'],
  ],
  'docs/storage.md': [
    ['src/store/sql/pglite-client.ts', 'PgliteClientOptions'],
    ['src/store/sql/pg-client.ts', 'PgTimeouts'],
    ['src/wxr/export/index.ts', 'WxrExportOptions'],
    ['src/store/sql/pg-client.ts', 'PgStatementOptions'],
  ],
  'docs/openapi.md': [['src/core/index/openapi.ts', 'OpenApiOptions']],
  'docs/namespaces/README.md': [['src/namespaces/variants.ts', 'VariantOptions']],
  'docs/namespaces/core-posts.md': [['src/namespaces/core-posts/index.ts', 'CorePostsOptions']],
  'docs/namespaces/oembed.md': [['src/namespaces/oembed/index.ts', 'OembedOptions']],
  'docs/namespaces/contact-forms.md': [['src/namespaces/contact-forms/index.ts', 'ContactFormsOptions']],
  'docs/namespaces/page-cache.md': [['src/namespaces/page-cache/index.ts', 'PageCacheOptions']],
  'docs/namespaces/themeblocks.md': [['src/namespaces/themeblocks/index.ts', 'ThemeblocksOptions']],
  'docs/namespaces/theme.md': [['src/namespaces/theme/index.ts', 'ThemeOptions']],
  'docs/namespaces/core-abilities.md': [
    ['src/namespaces/core-abilities/index.ts', 'CoreAbilitiesOptions'],
    ['src/namespaces/core-abilities/index.ts', 'AbilityRegistryOptions'],
  ],
  'docs/namespaces/blocksuite-design-library.md': [['src/namespaces/blocksuite-design-library/index.ts', 'BlocksuiteDesignLibraryOptions']],
  'docs/namespaces/seo-a.md': [['src/namespaces/seo-a/index.ts', 'SeoAOptions']],
  'docs/namespaces/seo-b.md': [['src/namespaces/seo-b/index.ts', 'SeoBOptions']],
  'docs/namespaces/blocksuite.md': [['src/namespaces/blocksuite/index.ts', 'BlocksuiteOptions']],
  'docs/namespaces/blocksuite-animation.md': [['src/namespaces/blocksuite-animation/index.ts', 'BlocksuiteAnimationOptions']],
  'docs/namespaces/login-guard.md': [['src/namespaces/login-guard/index.ts', 'LoginGuardOptions']],
  'docs/namespaces/host-toolkit.md': [['src/namespaces/host-toolkit/index.ts', 'HostToolkitOptions']],
  'docs/namespaces/blocksuite-maillist.md': [['src/namespaces/blocksuite-maillist/index.ts', 'BlocksuiteMaillistOptions']],
  'docs/namespaces/blocksuite-responder.md': [['src/namespaces/blocksuite-responder/index.ts', 'BlocksuiteResponderOptions']],
  'docs/namespaces/blocksuite-crm.md': [['src/namespaces/blocksuite-crm/index.ts', 'BlocksuiteCrmOptions']],
  'docs/namespaces/blocksuite-image-picker.md': [
    ['src/namespaces/blocksuite-image-picker/index.ts', 'BlocksuiteImagePickerOptions'],
    ['src/namespaces/address-guard.ts', 'PublicFetchOptions'],
  ],
};
/** How long a program, a shell sample or a server's first answer may take. */
const SAMPLE_TIMEOUT_MS = 30_000;

const work = mkdtempSync(join(tmpdir(), 'site-rest-docs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const COMPILED = SAMPLES.filter(
  (sample) => (sample.lang === 'ts' || sample.lang === 'js') && sample.kind !== 'fragment' && sample.kind !== 'types',
);
/** tsc's diagnostics by sample file, filled once for every page. */
const diagnostics = new Map<string, string[]>();
/** Where a sample's compiled JavaScript is. */
const outFile = (sample: Sample): string => join(work, 'out', sampleFileName(sample).replace(/\.ts$/, '.js'));
/** A directory of command shims put first on a shell sample's PATH. */
const bin = join(work, 'bin');

/**
 * A project beside no other: `node_modules` holds this checkout as `site-rest` and the checkout's
 * own dependencies (frameworks, their types), so samples import what a user's project would.
 */
function setUpProject(): void {
  const modules = join(work, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!name.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', name), join(modules, name), 'junction');
  }
  symlinkSync(ROOT, join(modules, 'site-rest'), 'junction');
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'docs-samples', private: true, type: 'module' }));
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    allowJs: true,
    checkJs: true,
    skipLibCheck: true,
    moduleDetection: 'force',
    rootDir: 'src',
    outDir: 'out',
  };
  writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  mkdirSync(join(work, 'src'));
  for (const sample of COMPILED) writeFileSync(join(work, 'src', sampleFileName(sample)), sample.code);
  mkdirSync(bin);
  writeFileSync(join(bin, 'site-rest'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'dist', 'cli.js')}" "$@"\n`, { mode: 0o755 });
}

/** Compiles every sample in one tsc run, keeping its diagnostics by file. */
async function compileAll(): Promise<void> {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const output = await new Promise<string>((done) => {
    execFile(process.execPath, [tsc, '-p', work, '--pretty', 'false'], { cwd: work, maxBuffer: 1 << 26 }, (_error, stdout) => done(stdout));
  });
  let current: string[] | undefined;
  for (const line of output.split('\n')) {
    const head = /^src\/([^(]+)\(\d+,\d+\): /.exec(line);
    if (head) {
      current = diagnostics.get(head[1]!) ?? [];
      diagnostics.set(head[1]!, current);
      current.push(line.slice('src/'.length));
    } else if (line.trim() !== '' && current) current.push(line);
  }
}

beforeAll(async () => {
  // `npm test` has built the package; this builds what is missing (the declarations after `npm start`'s build).
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT });
  setUpProject();
  await compileAll();
}, 300_000);

/** The Markdown place of a sample, for messages. */
const at = (sample: Sample): string => `${sample.page}:${sample.line}`;

/** A tsc diagnostic's line within its sample, as the Markdown line it is on. */
function onPage(sample: Sample, diagnostic: string): string {
  return diagnostic.replace(
    /^[^(]+\((\d+),(\d+)\)/,
    (_all, line: string, column: string) => `${sample.page}:${sample.line + Number(line)}:${column}`,
  );
}

/** A fresh directory for one sample to run in, with the checkout's examples and fixtures at hand as in a clone. */
function scratch(sample: Sample): string {
  const dir = join(work, 'run', sampleFileName(sample));
  mkdirSync(dir, { recursive: true });
  for (const name of ['examples', 'test']) if (!existsSync(join(dir, name))) symlinkSync(join(ROOT, name), join(dir, name), 'junction');
  return dir;
}

/** The environment a sample runs in: the checkout's CLI and dev tools first on the PATH. */
function sampleEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${bin}:${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`, ...extra };
}

/** `npx` runs a package's own binary; the samples' binaries are the checkout's. */
const SHELL_PRELUDE = 'npx() { "$@"; }\n';

/** Runs the page's programs in one process, in order; answers each failure with its Markdown place. */
async function runPrograms(samples: Sample[]): Promise<string[]> {
  const byFile = new Map(samples.map((sample) => [outFile(sample), sample]));
  const failures: string[] = [];
  const done = new Set<string>();
  let running: Sample | undefined;
  let output = '';
  const child = fork(RUNNER, ['programs', ...byFile.keys()], { cwd: scratch(samples[0]!), env: sampleEnv(), stdio: 'pipe' });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('message', (message: { file: string; event: string; message?: string }) => {
    running = byFile.get(message.file);
    if (message.event === 'start') return;
    done.add(message.file);
    if (message.event === 'error') failures.push(`${at(running!)}: ${message.message}`);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), SAMPLE_TIMEOUT_MS * Math.max(1, samples.length / 4));
  // 'close' comes once the IPC channel is closed too, so every report has arrived.
  const code = await new Promise<number | null>((settle) => child.on('close', settle));
  clearTimeout(timer);
  for (const [file, sample] of byFile) {
    if (!done.has(file)) failures.push(`${at(sample)}: ${sample === running ? `never finished (exit ${code})` : 'never ran'}\n${output}`);
  }
  return failures;
}

/** Resolves once `child` exits. */
const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((settle) => child.once('exit', () => settle()));

/** Stops a sample started in a process group of its own, and whatever it started. */
async function stop(child: ChildProcess): Promise<void> {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
  await exited(child);
}

/** Asks a started server sample its request, once its first listen has bound a port. */
async function askServer(
  child: ChildProcess,
  portFile: string,
  request: SampleRequest,
  output: () => string,
): Promise<{ status: number; body: string }> {
  const deadline = Date.now() + SAMPLE_TIMEOUT_MS;
  let gone = false;
  void exited(child).then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the sample exited before answering:\n${output()}`);
    const port = existsSync(portFile) ? Number.parseInt(readFileSync(portFile, 'utf8'), 10) : NaN;
    if (Number.isInteger(port)) {
      try {
        const answer = await fetch(`http://127.0.0.1:${port}${request.path}`, {
          method: request.method,
          redirect: 'manual',
          signal: AbortSignal.timeout(5000),
        });
        return { status: answer.status, body: await answer.text() };
      } catch {
        // Listening, but not answering yet (a server that binds before it is ready): ask again.
      }
    }
    await sleep(100);
  }
  throw new Error(`no answer within ${SAMPLE_TIMEOUT_MS} ms:\n${output()}`);
}

/** Starts a server sample (a compiled program, or a shell sample), asks its request and stops it. */
async function serve(sample: Sample): Promise<{ status: number; body: string }> {
  const dir = scratch(sample);
  const portFile = join(dir, '.port');
  rmSync(portFile, { force: true });
  const env = sampleEnv({ NODE_OPTIONS: `--import=${PORT_0}`, DOCS_SAMPLE_PORT_FILE: portFile });
  const child =
    sample.lang === 'sh'
      ? spawn('sh', ['-e', '-c', SHELL_PRELUDE + sample.code], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, [outFile(sample)], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    return await askServer(child, portFile, sample.request!, () => output);
  } finally {
    await stop(child);
  }
}

/** What the runner reports of a `fetch` sample. */
interface FetchReport {
  event: 'answer' | 'error';
  status?: number;
  body?: string;
  message?: string;
}

/** Asks a `fetch` sample's default export its request. */
async function fetchFrom(sample: Sample): Promise<{ status: number; body: string }> {
  const { method, path } = sample.request!;
  const child = fork(RUNNER, ['fetch', outFile(sample), method, path], { cwd: scratch(sample), env: sampleEnv(), stdio: 'pipe' });
  let output = '';
  let report: FetchReport | undefined;
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('message', (message: FetchReport) => (report ??= message));
  const timer = setTimeout(() => child.kill('SIGKILL'), SAMPLE_TIMEOUT_MS);
  // 'close' comes once the IPC channel is closed too, so every report has arrived.
  await new Promise((settle) => child.once('close', settle));
  clearTimeout(timer);
  if (report?.event !== 'answer') throw new Error(report?.message ?? `no answer: ${output}`);
  return { status: report.status!, body: report.body! };
}

/** Runs a shell sample to its end; answers what it printed. */
async function runShell(sample: Sample): Promise<string> {
  return new Promise((settle, fail) => {
    execFile(
      'sh',
      ['-e', '-c', SHELL_PRELUDE + sample.code],
      { cwd: scratch(sample), env: sampleEnv(), timeout: SAMPLE_TIMEOUT_MS, maxBuffer: 1 << 26 },
      (error, stdout, stderr) => (error ? fail(new Error(`${at(sample)}: ${error.message}\n${stdout}${stderr}`)) : settle(stdout)),
    );
  });
}

/** Each top-level declaration's text in a TypeScript source, by name, white space collapsed. */
function declarations(source: string, fileName: string): Map<string, string> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const out = new Map<string, string>();
  for (const statement of file.statements) {
    const name = (statement as ts.Statement & { name?: ts.Node }).name;
    const names =
      name !== undefined
        ? [name.getText(file)]
        : ts.isVariableStatement(statement)
          ? statement.declarationList.declarations.map((declaration) => declaration.name.getText(file))
          : [];
    for (const each of names) out.set(each, statement.getText(file).replace(/\s+/g, ' '));
  }
  return out;
}

for (const page of PAGES) {
  const samples = SAMPLES.filter((sample) => sample.page === page);
  if (samples.length === 0) continue;
  describe.concurrent(page, () => {
    const compiled = samples.filter((sample) => COMPILED.includes(sample));
    if (compiled.length > 0) {
      it(`compiles its ${compiled.length} TypeScript and JavaScript samples, strict, against the built package`, () => {
        const errors = compiled.flatMap((sample) => (diagnostics.get(sampleFileName(sample)) ?? []).map((line) => onPage(sample, line)));
        expect(errors).toEqual([]);
      });
    }
    const programs = compiled.filter((sample) => sample.kind === 'run');
    if (programs.length > 0) {
      it(
        `runs its ${programs.length} programs to their end`,
        async () => {
          expect(await runPrograms(programs)).toEqual([]);
        },
        SAMPLE_TIMEOUT_MS * Math.max(2, programs.length / 2),
      );
    }
    for (const sample of samples.filter((each) => each.kind === 'server' || each.kind === 'fetch')) {
      const { method, path, status, contains } = sample.request!;
      it(
        `${at(sample)}: a ${sample.kind} sample answers ${method} ${path} with ${status}`,
        async () => {
          const answer = sample.kind === 'server' ? await serve(sample) : await fetchFrom(sample);
          expect(answer.status, answer.body).toBe(status);
          if (contains !== undefined) expect(answer.body).toContain(contains);
        },
        SAMPLE_TIMEOUT_MS * 2,
      );
    }
    for (const sample of samples.filter((each) => each.lang === 'sh' && each.kind === 'run')) {
      it(
        `${at(sample)}: the shell sample runs`,
        async () => {
          await runShell(sample);
        },
        SAMPLE_TIMEOUT_MS * 2,
      );
    }
    for (const sample of samples.filter((each) => each.kind === 'types')) {
      it(`${at(sample)}: the types shown are ${sample.note}'s`, () => {
        const source = declarations(readFileSync(join(ROOT, sample.note), 'utf8'), sample.note);
        const shown = declarations(sample.code, 'shown.ts');
        expect(shown.size).toBeGreaterThan(0);
        for (const [name, text] of shown) expect(text, `${name} in ${at(sample)}`).toBe(source.get(name));
      });
    }
    for (const sample of samples.filter((each) => each.lang === 'json' && each.kind === 'run')) {
      it(`${at(sample)}: the JSON sample parses`, () => {
        expect(() => JSON.parse(sample.code) as unknown).not.toThrow();
      });
    }
  });
}

describe('the documentation convention', () => {
  it('keeps the README a landing page', () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('says why each sample is not run, and keeps those few', () => {
    const exempt = SAMPLES.filter((sample) => EXEMPT_KINDS.includes(sample.kind));
    const unexplained = exempt.filter((sample) => sample.note.replace(/^[-—–:\s]+/, '').split(/\s+/).length < 4).map(at);
    expect(unexplained).toEqual([]);
    const samples = SAMPLES.filter((sample) => sample.lang !== 'json');
    expect(exempt.length, exempt.map((sample) => `${at(sample)} ${sample.kind}`).join('\n')).toBeLessThanOrEqual(
      Math.floor(samples.length * MAX_EXEMPT_SHARE),
    );
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of [...PAGES, 'CONTRIBUTING.md']) {
      const text = readFileSync(join(ROOT, page), 'utf8')
        .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const file = path === '' ? join(ROOT, page) : resolve(dirname(join(ROOT, page)), path);
        if (!existsSync(file)) broken.push(`${page}: ${target} (no such file)`);
        else if (anchor !== undefined && !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
          broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("gives the README's two commands as CI and package.json run them", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe('node scripts/start.mjs serve');
    expect(scripts.test).toBe('vitest run');
    expect(scripts.prepare).toBe('node scripts/build.mjs');
  });

  it('documents every flag of every CLI command in docs/cli.md', () => {
    const page = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8');
    const missing: string[] = [];
    for (const command of ['serve', 'mock', 'openapi', 'mcp', 'import', 'export']) {
      const help = execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), command, '--help'], { encoding: 'utf8' });
      const flags = new Set([...help.matchAll(/--[a-z][a-z-]*/g)].map(([flag]) => flag).filter((flag) => flag !== '--help'));
      expect(flags.size).toBeGreaterThanOrEqual(3);
      for (const flag of flags) if (!page.includes(`\`${flag}`)) missing.push(`${command} ${flag}`);
    }
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(DOCUMENTED_OPTIONS))('documents every option in %s', (page, interfaces) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const missing: string[] = [];
    for (const [path, name] of interfaces) {
      const file = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true);
      const declaration = file.statements.find((statement) => ts.isInterfaceDeclaration(statement) && statement.name.text === name);
      expect(declaration, `${name} in ${path}`).toBeDefined();
      for (const member of (declaration as ts.InterfaceDeclaration).members) {
        const option = member.name?.getText(file);
        if (option !== undefined && !text.includes(`\`${option}`)) missing.push(`${name}.${option}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
