// ESLint with type information over the TypeScript that tsconfig.json includes (src, test, bench,
// examples, scripts). The rules catch what `tsc --strict` does not, above all in asynchronous code;
// CONTRIBUTING.md ("The linter") says why each one is here and why one is kept to src/.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'bench/results/', 'scratch/', 'tmp/'] },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // The project service finds tsconfig.json for each file: one program for the whole repository,
        // the one `tsc --noEmit -p .` checks.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // A promise nobody awaits or catches: a lost error, or an unhandled rejection that ends the
      // process. `void promise` marks one left on purpose, whose rejection is handled where it is made.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's describe() and test() return promises that the runner itself awaits.
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      // An async function where a callback's result is ignored (an event listener, forEach, a
      // condition): its rejection goes nowhere, and a promise in a condition is always true.
      '@typescript-eslint/no-misused-promises': 'error',
      // `await` on something that is not a promise usually means the wrong function was called.
      '@typescript-eslint/await-thenable': 'error',
      // A switch over a union without a `default` must name every member, so adding one is a compile
      // error wherever it matters. A `default` is taken as a deliberate "everything else".
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // verbatimModuleSyntax already requires `import type` for types; this also refuses `import()` types.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
    },
  },
  {
    // Conditions the types say are always true or false. Kept to the library and the gateway, where
    // a check the types call unnecessary is either dead code or a trust boundary (input from a
    // caller, an upstream server, Redis, the platform) that says so in a disable comment. Tests,
    // benches and examples check on purpose what the types promise (`scratch?.remove()` after a
    // `before` that may have failed, a result asserted before it is narrowed), so it is off there.
    files: ['src/**/*.ts'],
    rules: { '@typescript-eslint/no-unnecessary-condition': 'error' },
  },
);
