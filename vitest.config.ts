import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ mode }) => ({
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.mjs'],
    // vitest's default is one worker fewer than the cores: one on a 2-core machine, idle while a
    // test waits on a socket, a child process or PGlite. One more worker than cores keeps every
    // core busy through those waits: on 2 cores the suite took 241 s with 2 workers, 212 s with 3
    // and 214 s with 4 (2026-11-29).
    maxWorkers: availableParallelism() + 1,
    // A test that reopens PGlite or starts the CLI takes seconds, and many more on a machine shared
    // with other work; a deadline here only catches a hang, never measures speed.
    testTimeout: 60000,
    // Opening an embedded PGlite in a `beforeAll` takes seconds, and many more on a loaded machine.
    hookTimeout: 60000,
    // The store from src/ starts a new PGlite database from the build's template, as the package does.
    setupFiles: ['test/helpers/built-store-template.ts'],
    // `npm run test:deep` (`vitest run --mode deep`): property runs at their deep size (test/helpers/property-runs.ts).
    env: mode === 'deep' ? { SITE_REST_DEEP_TESTS: '1' } : {},
    // Type tests (`test/types/*.test-d.ts`: typed params, refused typos) run with the suite.
    typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
}));
