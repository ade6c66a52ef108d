// Lint rules: typescript-eslint's recommended set, plus the type-aware rules that catch real bugs with
// promises (a rejection nobody handles, a promise where a callback's void was expected, a return that escapes
// its try); formatting is Prettier's job. Dead exports are knip's job (knip.json), also in `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', '.pds', 'coverage', 'dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Type-aware rules, for every TypeScript file (production code, tests, benches, configs: tsconfig.json
  // includes them all). The few JavaScript files (bin/pds.js, this file, infra/npm/*.mjs) get the rules above.
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its rejection (an unhandled rejection ends the process) and its ordering:
      // Temporal's workflow code and the refresh's activities rely on every call being awaited. Fire-and-forget
      // is written `void p` with a comment, and p must handle its own errors.
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise where a void is expected (an async listener for process.once, an async callback to forEach)
      // is a floating promise in disguise. The default checksVoidReturn stays on: @types/express 5 declares a
      // handler's return as `unknown`, since Express 5 awaits it and forwards a rejection to the error
      // handler, so our async route handlers pass without an exception for them.
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // `return promise` inside try/catch/finally lets the catch miss its rejection and the finally run before
      // it settles.
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
    },
  },
  // Dependencies point one way: serving may use the pipelines' pure code, never the reverse.
  {
    files: ['pipelines/**/*.ts', 'workflows/**/*.ts', 'schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/serving/**', '**/serving'],
              message: 'pipelines, workflows and schemas never import serving/',
            },
          ],
        },
      ],
    },
  },
  // The explorer's page (serving/explorer, docs/explorer.md) runs in the browser, with OpenLayers' bundle as
  // the global `ol`.
  {
    files: ['serving/explorer/**/*.js'],
    languageOptions: {
      globals: {
        document: 'readonly',
        sessionStorage: 'readonly',
        fetch: 'readonly',
        URLSearchParams: 'readonly',
        ol: 'readonly',
      },
    },
  },
  // Tests poke at JSON bodies; typing every response shape there would only add noise.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
