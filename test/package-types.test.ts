// The built package as a strict TypeScript project that installed it sees it: node_modules holds
// site-rest (package.json and dist/) and its production dependency tree only, no dev package,
// and `tsc --strict` checks the published declarations too (`skipLibCheck: false`) under each
// module resolution that matters. A declaration naming a dev-only package's types (`pg`'s, say)
// fails here as it fails for a user (TS7016).
//
// What a user is assumed to have beside site-rest: for the Node entry points (site-rest/node,
// /express, /koa, /store) `@types/node`, plus `express` and `@types/express`, `koa` and `@types/koa`
// for their adapters, as any TypeScript app on those frameworks has; for the root entry and
// site-rest/fetch (Workers, Deno, Bun) nothing at all, the `dom` lib standing in for the platform's
// fetch types.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const work = mkdtempSync(join(tmpdir(), 'site-rest-consumer-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface PackageJson {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Where Node finds package `name` required from `from`: the nearest node_modules up to the repository. */
function resolvePackage(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === ROOT || dir === dirname(dir)) return undefined;
  }
}

/** What an install of a package brings: its dependencies, the optional ones present, and the peers it requires. */
function installedWith(pkg: PackageJson): string[] {
  const peers = Object.keys(pkg.peerDependencies ?? {}).filter((name) => !pkg.peerDependenciesMeta?.[name]?.optional);
  return [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {}), ...peers];
}

/** The directories of `roots` and everything they bring, as the repository's node_modules has them laid out. */
function dependencyTree(roots: readonly string[], from: string): Set<string> {
  const dirs = new Set<string>();
  const visit = (name: string, requiredFrom: string): void => {
    const dir = resolvePackage(name, requiredFrom);
    if (dir === undefined || dirs.has(dir)) return;
    dirs.add(dir);
    for (const dependency of installedWith(readPackage(dir))) visit(dependency, dir);
  };
  for (const name of roots) visit(name, from);
  return dirs;
}

/** Copies what TypeScript reads of a package (package.json, declarations, JavaScript), without its nested node_modules. */
function copyPackage(from: string, to: string): void {
  cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      const inside = relative(from, source);
      if (inside.split(/[\\/]/).includes('node_modules')) return false;
      return !/\.[^\\/]+$/.test(inside) || /\.(d\.[cm]?ts|[cm]?js|json)$/.test(inside);
    },
  });
}

/**
 * A project directory whose node_modules holds site-rest as published (package.json and dist/),
 * its production dependency tree, and `extras` with theirs (what the user installed themselves).
 */
function consumerProject(name: string, extras: readonly string[]): string {
  const project = join(work, name);
  const modules = join(project, 'node_modules');
  mkdirSync(join(modules, 'site-rest'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(modules, 'site-rest', 'package.json'));
  cpSync(join(ROOT, 'dist'), join(modules, 'site-rest', 'dist'), { recursive: true });
  const own = Object.keys(readPackage(ROOT).dependencies ?? {});
  for (const dir of dependencyTree([...own, ...extras], ROOT)) copyPackage(dir, join(project, relative(ROOT, dir)));
  return project;
}

/** Runs tsc on `files` in `dir` with `compilerOptions` over the strict base; answers its diagnostics ('' when it compiles). */
function typecheck(dir: string, files: Record<string, string>, compilerOptions: Record<string, unknown>): Promise<string> {
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  const options = { target: 'es2022', strict: true, skipLibCheck: false, noEmit: true, ...compilerOptions };
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: options, files: Object.keys(files).filter((f) => f !== 'package.json') }),
  );
  return new Promise((resolve) => {
    execFile(process.execPath, [TSC, '-p', dir], { cwd: dir }, (error, stdout) => resolve(error ? stdout || error.message : ''));
  });
}

const SITE = "{ name: 'Consumer', url: 'http://consumer.test' }";

/** Every entry point's main exports, used as a Node app on Express, Koa or node:http would use them; the last lines must fail, proving the types are real and not `any`. */
const NODE_CONSUMER = `
import { corePosts, createRestServer, memoryStore, route, variantB, type HandlerData, type RestServer } from 'site-rest';
import { createClientErrorHandler, createNodeHandler, createUserStore, nodeOembedFetch, smtpMail, type UserStore } from 'site-rest/node';
import { createExpressMiddleware } from 'site-rest/express';
import { createKoaMiddleware } from 'site-rest/koa';
import { createFetchHandler } from 'site-rest/fetch';
import { pgliteStore, postgresStore, type PgPool } from 'site-rest/store';
import express from 'express';
import Koa from 'koa';
import { createServer } from 'node:http';

const product = route({
  path: '/products/:id',
  endpoints: [{ methods: ['GET'], args: { id: { type: 'integer' } }, handler: (request) => ({ id: request.urlParams.id, name: 'Teapot' }) }],
});
const server: RestServer = createRestServer({
  site: ${SITE},
  store: memoryStore(),
  namespaces: [corePosts(), ...variantB({ only: ['contact-forms/v1'] }), { namespace: 'shop/v1', routes: [product] }],
});
createServer(createNodeHandler(server, { bodyLimit: '1mb' })).on('clientError', createClientErrorHandler(server));
express().use('/blog', createExpressMiddleware(server, { bodyLimit: '1mb' }));
new Koa().use(createKoaMiddleware(server, { basePath: '/blog' }));
export const fetchHandler: (request: Request) => Promise<Response> = createFetchHandler(server);
export const users: Promise<UserStore> = createUserStore({ users: [{ username: 'admin' }] });
export const mail = smtpMail('smtp://mail.consumer.test', { maxBytes: '512kb' });
export const oembedFetch: typeof fetch = nodeOembedFetch();
export const stores = [pgliteStore({ dataDir: 'data' }), postgresStore({ connectionString: 'postgres://localhost/site' })];
export const withPool = (pool: PgPool) => postgresStore({ pool });
export async function productName(): Promise<string> {
  const answer = await server.inject<HandlerData<(typeof product)['endpoints'][0]['handler']>>({ path: '/shop/v1/products/7' });
  return answer.data.name;
}
// @ts-expect-error: routing is 'path' or 'query'
createRestServer({ site: ${SITE}, routing: 'sideways' });
// @ts-expect-error: the fetch handler takes a Request
void createFetchHandler(server)(42);
`;

/** The same entry points required from CommonJS, which reads the .d.cts declarations. */
const NODE_CJS_CONSUMER = `
import { createRestServer } from 'site-rest';
import { createNodeHandler } from 'site-rest/node';
import { createExpressMiddleware } from 'site-rest/express';
import { createKoaMiddleware } from 'site-rest/koa';
import { createFetchHandler } from 'site-rest/fetch';
import { postgresStore } from 'site-rest/store';

const server = createRestServer({ site: ${SITE} });
export = { node: createNodeHandler(server), express: createExpressMiddleware(server), koa: createKoaMiddleware(server), fetch: createFetchHandler(server), store: postgresStore };
`;

/** The root entry and the fetch adapter, as a Worker uses them: no Node types at all. */
const PORTABLE_CONSUMER = `
import { corePosts, createRestServer, route } from 'site-rest';
import { createFetchHandler } from 'site-rest/fetch';

const hello = route({ path: '/hello', endpoints: [{ methods: ['GET'], handler: () => ({ hello: 'world' }) }] });
const server = createRestServer({ site: ${SITE}, namespaces: [corePosts(), { namespace: 'demo/v1', routes: [hello] }] });
export default { fetch: createFetchHandler(server, { bodyLimit: '100kb' }) };
`;

/** tsc checking @types/node and the frameworks' types too takes seconds, many more on a loaded machine. */
const TSC_TIMEOUT = 180_000;

const NODENEXT = { module: 'nodenext', moduleResolution: 'nodenext' };
const BUNDLER = { module: 'esnext', moduleResolution: 'bundler' };
const ESM_PACKAGE = JSON.stringify({ type: 'module' });

describe('the published types in a strict project with skipLibCheck off', () => {
  let nodeProject: string;
  let portableProject: string;
  beforeAll(() => {
    // A project under a directory with node_modules of its own would see packages no user has.
    for (let dir = dirname(work); ; dir = dirname(dir)) {
      if (existsSync(join(dir, 'node_modules'))) throw new Error(`${join(dir, 'node_modules')} would leak into the consumer project`);
      if (dir === dirname(dir)) break;
    }
    // `npm start` builds JavaScript only; this makes sure the declarations are there (a no-op after `npm test`'s build).
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT });
    nodeProject = consumerProject('node-app', ['@types/node', 'express', '@types/express', 'koa', '@types/koa']);
    portableProject = consumerProject('worker', []);
  }, 240_000);

  // Each test is a tsc process of its own: run at once, they take the time of the slowest.
  it.concurrent(
    'compiles every entry point under NodeNext, from ES modules and from CommonJS',
    async () => {
      const files = { 'package.json': ESM_PACKAGE, 'app.ts': NODE_CONSUMER, 'app-cjs.cts': NODE_CJS_CONSUMER };
      expect(await typecheck(join(nodeProject, 'nodenext'), files, { ...NODENEXT, types: ['node'] })).toBe('');
    },
    TSC_TIMEOUT,
  );

  it.concurrent(
    'compiles every entry point under Bundler resolution',
    async () => {
      expect(await typecheck(join(nodeProject, 'bundler'), { 'app.ts': NODE_CONSUMER }, { ...BUNDLER, types: ['node'] })).toBe('');
    },
    TSC_TIMEOUT,
  );

  it.concurrent(
    'compiles every entry point under the classic "node" resolution, through typesVersions',
    async () => {
      const options = { module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, types: ['node'] };
      expect(await typecheck(join(nodeProject, 'node10'), { 'app.ts': NODE_CONSUMER }, options)).toBe('');
    },
    TSC_TIMEOUT,
  );

  it.concurrent(
    'compiles the root entry and site-rest/fetch without Node types, under NodeNext and Bundler',
    async () => {
      const lib = { lib: ['es2022', 'dom'], types: [] };
      const files = { 'package.json': ESM_PACKAGE, 'worker.ts': PORTABLE_CONSUMER };
      expect(await typecheck(join(portableProject, 'nodenext'), files, { ...NODENEXT, ...lib })).toBe('');
      expect(await typecheck(join(portableProject, 'bundler'), { 'worker.ts': PORTABLE_CONSUMER }, { ...BUNDLER, ...lib })).toBe('');
    },
    TSC_TIMEOUT,
  );
});
