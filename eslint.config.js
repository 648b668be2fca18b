// ESLint (flat config): typescript-eslint with the type-aware rules that catch real bugs here —
// promises nobody awaits or handles, promises where a callback must return void — plus the React
// hooks rules for the web app. typescript-eslint runs on the `typescript` package (6.x, the
// classic compiler API); `npm run typecheck` runs TypeScript 7 on the same sources.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // `now` argument), so tests move time instead of waiting on the machine's. `Date.now` is
    // refused as a value too (a default parameter, a fallback clock), not only when called. The
    // allow-list is the eslint-disable comments, each with its reason: elapsed timings for logs and
    // reports, and the market read models' fallback for a database no app was built on.
    // (performance.now() measures elapsed time and is not the time of day: it is not refused.)
    // The database's clock is refused the same way: now(), current_timestamp and their kin in SQL.
    files: ['server/services/**/*.ts', 'server/plugins/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: "Take the time from the app's clock (app.now, the job context's now, a `now` argument), not Date.now.",
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Take the time from the app's clock: new Date(now()) with the app's `now`, not new Date().",
        },
        {
          // SQL's clock in a query's text: pass the app's time as a parameter. A row-version stamp
          // that change detection compares is rowVersionStamp (server/db/rowVersion.ts).
          selector:
            'TemplateElement[value.raw=/(^|[^\\w.])(now\\s*\\(|current_timestamp|current_date|localtimestamp|transaction_timestamp|statement_timestamp)/i]',
          message:
            "Pass the app's time as a parameter (${now}), not the database's now(); a row-version stamp is rowVersionStamp (server/db/rowVersion.ts).",
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
    // The one data idiom (web/api/queries.ts): reads and edits go through useApiQuery and its
    // kin, whose keys come only from apiKey(path), so an edit's re-read reaches every reader.
    // TanStack's own hooks stay inside web/api (and the test helpers); useQueryClient stays
    // allowed everywhere, for a cache edit under an apiKey (setQueryData after a save).
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/api/**', 'web/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: [
                'useQuery',
                'useQueries',
                'useInfiniteQuery',
                'useMutation',
                'useSuspenseQuery',
                'useSuspenseQueries',
                'useSuspenseInfiniteQuery',
                'usePrefetchQuery',
                'usePrefetchInfiniteQuery',
              ],
              message:
                'Read and edit through the one data idiom (web/api/queries.ts: useApiQuery, useApiQueries, useApiInfiniteQuery, useApiPostQuery, useApiMutation), keyed by apiKey(path).',
            },
          ],
        },
      ],
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
