// The built package as a TypeScript project with the classic `moduleResolution: "node"` sees it:
// that resolution ignores `exports`, so the subpaths resolve through `typesVersions` or not at all.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const project = mkdtempSync(join(tmpdir(), 'site-rest-consumer-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
// `npm start` builds JavaScript only; this makes sure the declarations are there (a no-op after `npm test`'s build).
beforeAll(() => void execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT }), 180_000);

/** A consumer using every entry point; the last lines must fail, proving the types are real and not `any`. */
const CONSUMER = `
import { createRestServer, type RestServer } from 'site-rest';
import { createNodeHandler, createUserStore, type UserStore } from 'site-rest/node';
import { createExpressMiddleware } from 'site-rest/express';
import { createKoaMiddleware } from 'site-rest/koa';
import { createFetchHandler } from 'site-rest/fetch';

const server: RestServer = createRestServer({ site: { name: 'Consumer', url: 'http://consumer.test' } });
export const handlers = [createNodeHandler(server), createExpressMiddleware(server), createKoaMiddleware(server), createFetchHandler(server)];
export const users: Promise<UserStore> = createUserStore({ users: [{ username: 'admin' }] });
// @ts-expect-error: routing is 'path' or 'query'
createRestServer({ site: { name: 'Consumer', url: 'http://consumer.test' }, routing: 'sideways' });
// @ts-expect-error: the fetch handler takes a Request
void createFetchHandler(server)(42);
`;

describe('the built package under moduleResolution "node"', () => {
  it('resolves site-rest and its subpaths with their types', async () => {
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(ROOT, join(project, 'node_modules', 'site-rest'), 'junction');
    writeFileSync(join(project, 'consumer.ts'), CONSUMER);
    const compilerOptions = {
      module: 'commonjs',
      moduleResolution: 'node',
      target: 'es2022',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      typeRoots: [join(ROOT, 'node_modules', '@types')],
      types: ['node'],
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.ts'] }));
    const output = await new Promise<string>((resolve) => {
      execFile(process.execPath, [TSC, '-p', project], { cwd: project }, (error, stdout) => resolve(error ? stdout || error.message : ''));
    });
    expect(output).toBe('');
  });
});
