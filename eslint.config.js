// `npm run lint` runs this with prettier --check and knip: typescript-eslint's recommended rules,
// type-aware ones included (floating and misused promises, awaiting non-promises, unsafe any).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const unsafeAny = ['no-unsafe-argument', 'no-unsafe-assignment', 'no-unsafe-call', 'no-unsafe-member-access', 'no-unsafe-return'];
const off = (rules) => Object.fromEntries(rules.map((rule) => [`@typescript-eslint/${rule}`, 'off']));

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'test/fixtures/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      // tsconfig.json with allowJs, so examples, bench and helper scripts (.mjs) get the type-aware rules too.
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // An `async` storage callback or hook without `await` is the interface's shape, and turns a throw into a rejection.
      '@typescript-eslint/require-await': 'off',
      // Callbacks are declared as methods on plain objects (handlers on purpose, for typed params) and never read `this`.
      '@typescript-eslint/unbound-method': 'off',
      // The unions are written for readers: `HandlerResult` is `unknown`, and CustomCapabilities is empty until a host merges into it.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      // WordPress's sanitizers strip control characters, so these regexes name them on purpose.
      'no-control-regex': 'off',
      // Passing on a caught value or an AbortSignal's reason keeps what the caller gave.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // A handler or storage callback may throw a RestError (not an Error subclass): the pipeline answers with it.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'file', name: 'RestError', path: 'src/core/errors/rest-error.ts' }] },
      ],
      // Walking down nested PHP input arrays starts from `this`.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['container'] }],
      // tsc's convention: a leading `_` marks a name left unused on purpose (an omitted field, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    // Plain JavaScript has no types, so every value is `any`.
    rules: off(unsafeAny),
  },
  {
    files: ['test/**'],
    // Tests read JSON answers and mocks, which are `any`; their assertions check the values.
    rules: off(unsafeAny),
  },
);
