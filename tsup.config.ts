import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    store: 'src/store.ts',
    mcp: 'src/mcp.ts',
    // The peer bench (and older imports) load the node adapter from dist/adapters/node.js.
    'adapters/node': 'src/adapters/node.ts',
    'adapters/express': 'src/adapters/express.ts',
    'adapters/koa': 'src/adapters/koa.ts',
    'adapters/fetch': 'src/adapters/fetch.ts',
    cli: 'src/cli.ts',
    // Run by scripts/build.mjs to make the PGlite templates; not in the package's exports.
    'build-store-templates': 'src/cli/build-templates.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  splitting: true,
  // The store finds its template beside the module (`import.meta.url`), which CommonJS has not.
  shims: true,
});
