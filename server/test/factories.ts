/**
 * The rows server tests build — users, organisations, signed-in people, deals — in one module, so
 * a test reaches for the same builder as its neighbours instead of writing its own insert. The
 * app itself is `testApp.ts`; the market data builders live beside the services they feed and are
 * re-exported here, so this is the one place to look for "how do I make a …".
 */
import { type Kysely, sql } from 'kysely';
import type { JobFunction, OrganizationType } from '../../common/enums';
import type { Database } from '../db/schema';
import { signAccessToken } from '../plugins/auth';
import type { TestContext } from './testApp';

export {
  BASE_CURVE,
  type BondSpec,
  createBonds,
  createCurves,
  createIssuer,
  createSector,
  createTrades,
  seedSyntheticMarket,
  type TradeSpec,
} from '../services/pricing/testFixtures';
export { type AccuracyFixture, insertAccuracyFixture } from '../services/accuracy/testFixtures';

/** The secret the test app signs and checks access tokens with. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

type Db = Kysely<Database>;

/**
 * A user row with a made-up password (no one signs in with it; tests sign tokens with `bearer`).
 * The e-mail is `<id>@example.com` unless given: an employee domain (`@bondwise.com`) entitles the
 * account to market data.
 */
export async function insertUser(
  db: Db,
  id: string,
  opts: {
    email?: string;
    admin?: boolean;
    organizationId?: string | null;
    createdAt?: string;
    /** Keep the row already there (a test signing the same person in twice). */
    ifAbsent?: boolean;
  } = {},
): Promise<void> {
  // SQL rather than the query builder: the JSON columns' database defaults stand, as for a real sign-up.
  const createdAt = opts.createdAt === undefined ? sql`default` : sql`${opts.createdAt}`;
  await sql`insert into users (id, email, password_hash, support_token, is_admin, organization_id, created_at)
    values (${id}, ${opts.email ?? `${id}@example.com`}, 'x', ${`support-${id}`}, ${opts.admin === true}, ${opts.organizationId ?? null}, ${createdAt})
    ${opts.ifAbsent ? sql`on conflict (id) do nothing` : sql``}`.execute(db);
}

/** An organisation: named `Org <id>` with token `tok-<id>` unless given, of no type unless given. */
export async function insertOrganization(
  db: Db,
  id: string,
  opts: { name?: string; token?: string; type?: OrganizationType | null } = {},
): Promise<void> {
  await db
    .insertInto('organizations')
    .values({ id, token: opts.token ?? `tok-${id}`, name: opts.name ?? `Org ${id}`, type: opts.type ?? null })
    .execute();
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
  await insertUser(ctx.database.db, userId, { email: `${userId}@bondwise.com`, admin: opts.admin === true, ifAbsent: true });
  return bearer(userId, opts);
}

/** A signed-in person with a job function in an organisation (or none): what messaging tests need. */
export async function person(
  ctx: TestContext,
  id: string,
  org: string | null,
  jobFunction: JobFunction | null,
  opts: { admin?: boolean } = {},
): Promise<{ authorization: string }> {
  const headers = await signedIn(ctx, id, opts);
  await ctx.database.db
    .updateTable('users')
    .set({ organization_id: org, name: `Person ${id}`, profile: JSON.stringify({ jobFunction }) })
    .where('id', '=', id)
    .execute();
  return headers;
}

/** A deal: a market deal (seen by all) or a banker's deal seen by one organisation. */
export async function insertDeal(ctx: TestContext, owner?: { userId: string; organizationId: string }): Promise<number> {
  const db = ctx.database.db;
  let sector = await db.selectFrom('sectors').select('id').where('code', '=', 'MSGTEST').executeTakeFirst();
  sector ??= await db
    .insertInto('sectors')
    .values({ code: 'MSGTEST', name: 'Messaging test', parent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const issuer = await db
    .insertInto('issuers')
    .values({
      name: `Issuer ${Math.random()}`,
      display_name: 'Issuer',
      ticker: 'ISS',
      sector_id: sector.id,
      country_of_risk: 'US',
      corporate_structure: 'OPCO',
      parent_issuer_id: null,
      sec_cik: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('deals')
    .values({
      issuer_id: issuer.id,
      status: 'announced',
      announced_at: new Date('2026-11-19T14:00:00Z'),
      priced_at: null,
      bookrunners: JSON.stringify(['Bank A']),
      use_of_proceeds: null,
      created_by: owner?.userId ?? null,
      organization_id: owner?.organizationId ?? null,
      ...(owner ? { source: 'calculator' as const } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The issuer with the most fixed-coupon bonds (ties: the lowest id): its own curve gives fair values. */
export async function issuerWithMostFixedBonds(db: Db): Promise<number> {
  const row = await db
    .selectFrom('bonds')
    .select(['issuer_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('coupon_type', '=', 'fixed')
    .groupBy('issuer_id')
    .orderBy('n', 'desc')
    .orderBy('issuer_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.issuer_id;
}
