import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Test files that need a process of their own: `vi.mock` of a module others import
 * (user-store.test.ts counts scrypt calls through a mocked `node:crypto`, which a module already
 * loaded by an earlier file in the same worker would not see), or a check of process-wide state
 * (cli-signals.test.ts counts the process's signal listeners, which a `serve` run in-process by an
 * earlier file leaves behind).
 */
const ISOLATED = ['test/user-store.test.ts', 'test/cli-signals.test.ts'];

/**
 * Files that take tens of seconds (child processes, PGlite reopened, a battery over every route):
 * started first, so the workers do not end on one of them alone. vitest orders files by their last
 * durations when it has them; a fresh clone (CI) has none and orders by path, which put some of
 * these last.
 */
const SLOW_FIRST = [
  'test/cli-store.test.ts',
  'test/package-types.test.ts',
  'test/store-pglite.test.ts',
  'test/contract-parity.test.ts',
  'test/hostile-inputs.test.ts',
  'test/docs-samples.test.ts',
  'test/cli.test.ts',
  'test/cli-startup.test.ts',
  'test/wxr-import.test.ts',
  'test/wxr-export.test.ts',
  'test/openapi.test.ts',
  'test/wp-recordings.test.ts',
  'test/store-template.test.ts',
  'test/store-backends.test.ts',
  'test/store-sql.test.ts',
  'test/store-like.test.ts',
];

/** vitest's order, with {@link SLOW_FIRST} ahead of every other file of its project. */
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

export default defineConfig(({ mode }) => ({
  test: {
    // vitest's default is one worker fewer than the cores: one on a 2-core machine, idle while a
    // test waits on a socket, a child process or PGlite. One more worker than cores keeps every
    // core busy through those waits: on 2 cores the suite took 241 s with 2 workers, 212 s with 3
    // and 214 s with 4 (2026-11-29).
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SlowFirstSequencer },
    // A test that reopens PGlite or starts the CLI takes seconds, and many more on a machine shared
    // with other work; a deadline here only catches a hang, never measures speed.
    testTimeout: 60000,
    // Opening an embedded PGlite in a `beforeAll` takes seconds, and many more on a loaded machine.
    hookTimeout: 60000,
    // The store from src/ starts a new PGlite database from the build's template, as the package does.
    setupFiles: ['test/helpers/built-store-template.ts'],
    // `npm run test:deep` (`vitest run --mode deep`): property runs at their deep size (test/helpers/property-runs.ts).
    env: mode === 'deep' ? { SITE_REST_DEEP_TESTS: '1' } : {},
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts', 'examples/**/*.test.mjs'],
          exclude: ISOLATED,
          // A worker keeps the modules it loaded for the next test file instead of loading src/
          // (some 400 modules through src/index.ts) again for each: with isolation that load was
          // ~0.75 s of CPU per file, most of the suite's import time. No test file here changes
          // a module's state for the next (the isolated ones are listed above).
          isolate: false,
          // Type tests (`test/types/*.test-d.ts`: typed params, refused typos) run with the suite.
          typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
}));
