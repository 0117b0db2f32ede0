// A module resolve hook that makes Node look like a Workers runtime: any Node built-in (with or
// without `node:`) and undici fail to load. Registered with `--import` by test/workers-entry.test.ts.
import { builtinModules, register } from 'node:module';

if (process.env.NO_NODE_HOOK_REGISTERED === undefined) {
  process.env.NO_NODE_HOOK_REGISTERED = '1';
  register(import.meta.url);
}

const BUILTINS = new Set(builtinModules);

// Workers have none of Node's globals either. Node's own fetch classes use Buffer, so it stays,
// but the package's build (any file under dist/) that reaches for Buffer or setImmediate fails.
const HERE = import.meta.url;
function refuseFromBuild(name) {
  const caller = new Error().stack
    .split('\n')
    .slice(1)
    .find((frame) => !frame.includes(HERE));
  if (caller !== undefined && caller.includes('/dist/'))
    throw new ReferenceError(`${name} is not defined (a Node global, used by the build in a Workers-like runtime): ${caller.trim()}`);
}
// Set through Reflect: an assignment to globalThis.Buffer would redeclare the global's type for the type checker.
Reflect.set(
  globalThis,
  'Buffer',
  new Proxy(Buffer, {
    get(target, key, receiver) {
      refuseFromBuild('Buffer');
      return Reflect.get(target, key, receiver);
    },
  }),
);
for (const name of ['setImmediate', 'clearImmediate']) {
  const original = globalThis[name];
  globalThis[name] = (...args) => {
    refuseFromBuild(name);
    return original(...args);
  };
}

/** Refuses Node-only modules for every import made after registration. */
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('node:') || BUILTINS.has(specifier) || specifier === 'undici' || specifier.startsWith('undici/')) {
    throw new Error(`Node-only module imported in a Workers-like runtime: ${specifier} (from ${context.parentURL})`);
  }
  return next(specifier, context);
}
