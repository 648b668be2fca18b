import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { aliases } from './vite.config.ts';

/**
 * Test projects. The server suites run on PGlite always, and a second time on a real
 * PostgreSQL server when TEST_DATABASE_URL is set (CI sets it), so both engines are proved.
 */
const serverSuites = ['server/**/*.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: 'analytics',
          include: ['analytics/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'server-pglite',
          include: serverSuites,
          environment: 'node',
          env: { TEST_DB_ENGINE: 'pglite' },
          globalSetup: ['server/test/globalSetup.pglite.ts'],
          // Many API tests build a database of their own in the test body; on the loaded 2-core CI
          // machine that alone has taken over 30 s. No test asserts speed, so the budget is the
          // hooks' (benchmarks in bench/ measure time).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      ...(withPostgres
        ? [
            {
              resolve: { alias: aliases },
              test: {
                name: 'server-postgres',
                include: serverSuites,
                environment: 'node',
                env: { TEST_DB_ENGINE: 'postgres' },
                globalSetup: ['server/test/globalSetup.postgres.ts'],
                testTimeout: 120_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        resolve: { alias: aliases },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
          // Mantine and AG Grid render in jsdom in seconds on a loaded 2-core machine (19 s seen for
          // one page while a typecheck ran): one generous limit for every web test, so none depends
          // on the machine's speed; a hang still fails. The waits' own limit is in web/test/setup.ts.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
