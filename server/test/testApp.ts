import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { signAccessToken } from '../plugins/auth';
import { createTestDatabase } from './testDatabase';
import type { PollTimers } from '../services/notifications/hub';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

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

/**
 * An Authorization header for a made-up user id, admin or not, signed like real sessions: on the
 * clock given (the test app's), else on the machine's.
 */
export async function bearer(userId: string, opts: { admin?: boolean; now?: () => number } = {}): Promise<{ authorization: string }> {
  const token = await signAccessToken(
    TEST_JWT_SECRET,
    {
      userId,
      scopes: opts.admin ? ['user', 'admin'] : ['user'],
      ttlSeconds: 300,
    },
    opts.now ?? Date.now,
  );
  return { authorization: `Bearer ${token}` };
}

/**
 * An Authorization header for a user that exists in the test database (a subscribed account, so
 * market data answers): routes check entitlements against the user's row.
 */
export async function signedIn(
  ctx: { database: { db: TestContext['database']['db'] } },
  userId: string,
  opts: { admin?: boolean } = {},
): Promise<{ authorization: string }> {
  await sql`insert into users (id, email, password_hash, support_token, is_admin)
    values (${userId}, ${`${userId}@bondwise.com`}, 'x', ${`support-${userId}`}, ${opts.admin === true})
    on conflict (id) do nothing`.execute(ctx.database.db);
  return bearer(userId, opts);
}
