// ESLint (flat config): typescript-eslint with the type-aware rules that catch real bugs here —
// promises nobody awaits or handles, promises where a callback must return void — plus the React
// hooks rules for the web app. typescript-eslint runs on the `typescript` package (6.x, the
// classic compiler API); `npm run typecheck` runs TypeScript 7 on the same sources.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Services that still read the machine's clock. The simulator writes and stamps its market on it
 * (its seed and live tick default to the machine's today); the read models' caches and the pricing
 * terms cache age their entries on it; the rate-limit store counts its window on it.
 */
const MACHINE_CLOCK_FILES = [
  'server/services/market/simulator/index.ts',
  'server/services/market/simulator/live.ts',
  'server/services/market/simulator/tick.ts',
  'server/services/market/simulator/state.ts',
  'server/services/market/simulator/backfill.ts',
  'server/services/market/queries/common.ts',
  'server/services/market/queries/priceHistory.ts',
  'server/services/market/queries/marketHistory.ts',
  'server/services/market/queries/bondList.ts',
  'server/services/pricing/terms.ts',
  'server/plugins/rateLimitStore.ts',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'web/dist/',
      '.tmp/',
      'test-results/',
      'playwright-report/',
      'data/',
      'analytics/fixtures/',
      '**/*.mjs',
      // The PGlite thread is plain JavaScript (worker threads start under plain Node), checked
      // from its JSDoc by the type check, and linted as the TypeScript is.
      '!server/db/pgliteThread.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['server/db/pgliteThread.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      // Unused names are an error, except deliberate ones (_reply) and rest siblings.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Empty interfaces extend module declarations (Fastify's route config).
      '@typescript-eslint/no-empty-object-type': 'off',
      // Kysely migrations take Kysely<any> by design (they run against any schema version).
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // One clock: services and plugins take the time from the app (app.now, a job's context, a
    // `now` argument), so tests move time instead of waiting on the machine's. Log and elapsed
    // timings say so with an eslint-disable comment and a reason.
    files: ['server/services/**/*.ts', 'server/plugins/**/*.ts'],
    ignores: ['**/*.test.ts', ...MACHINE_CLOCK_FILES],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "Take the time from the app's clock (app.now, the job context's now, a `now` argument), not Date.now().",
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Take the time from the app's clock: new Date(now()) with the app's `now`, not new Date().",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Web tests answer the API at the HTTP boundary (web/test/apiServer.ts), so the app's own
    // client, schemas and session code run; a spy on one of our API modules would skip them.
    files: ['web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='spyOn'] > Identifier.arguments:first-child[name=/Api$/]",
          message: 'Answer the request at the HTTP boundary with serveApi (web/test/apiServer.ts) instead of spying on an API module.',
        },
      ],
    },
  },
);
