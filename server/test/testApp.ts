import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { TEST_JWT_SECRET } from './factories';
import { createTestDatabase } from './testDatabase';
import type { PollTimers } from '../services/notifications/hub';

// Who calls the app (bearer, signedIn) is built with the other test rows in factories.ts.
export { bearer, signedIn, TEST_JWT_SECRET } from './factories';

/**
 * Where a test's app clock starts (`createTestApp({}, { now: () => clock })`), a Tuesday afternoon
 * in New York. Fixed, so rows are placed relative to it and never to the machine's time; before
 * the machine's, so access tokens `signedIn` signs on the machine's clock are valid at the app's.
 */
export const TEST_CLOCK_START = Date.parse('2026-11-24T15:00:00Z');

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh real database (the engine under test), quiet logs, no web bundle. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    now?: () => number;
    pollTimers?: PollTimers;
    database?: DatabaseHandle;
    /** Test-only routes, registered on the real app before it is ready (its hooks apply to them). */
    routes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '.tmp/test-data',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.pollTimers ? { pollTimers: options.pollTimers } : {}),
  });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      // A database handed in belongs to the caller (a second instance on the same database).
      if (!options.database) await database.close();
    },
  };
}
