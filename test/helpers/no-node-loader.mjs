// A module resolve hook that makes Node look like a Workers runtime: any Node built-in (with or
// without `node:`) and undici fail to load. Registered with `--import` by test/workers-entry.test.ts.
import { builtinModules, register } from 'node:module';

if (process.env.NO_NODE_HOOK_REGISTERED === undefined) {
  process.env.NO_NODE_HOOK_REGISTERED = '1';
  register(import.meta.url);
}

const BUILTINS = new Set(builtinModules);

/** Refuses Node-only modules for every import made after registration. */
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('node:') || BUILTINS.has(specifier) || specifier === 'undici' || specifier.startsWith('undici/')) {
    throw new Error(`Node-only module imported in a Workers-like runtime: ${specifier} (from ${context.parentURL})`);
  }
  return next(specifier, context);
}
