/**
 * Users admin page benchmark (not a test): `npm run bench:admin-users [-- --engine pglite|postgres] [--users 100000] [--queries 200]`.
 *
 * Target (issue #16): the users page with 100,000 users answers under 1 s. Fills a scratch
 * database (migrated as the app's) with USERS people — 200 organisations (a tenth subscribed), 2%
 * admins, 1% locked by an admin and 1% locked by failed sign-ins, trials ending over ±60 days,
 * a last sign-in over a year (a fifth never) — then times the service's page (listUsers, 50 rows
 * and the count, what GET /admin/users runs) for a mix: none, a search, an organisation, a role, a
 * status, each trial state, a last sign-in range, each sort, a deep page, and filters combined.
 */
import { sql } from 'kysely';
import { userListQuerySchema, type UserListQuery } from '../common/api/adminUsers';
import { loadConfig } from '../server/config';
import { migrateToLatest } from '../server/db/migrate';
import { listUsers } from '../server/services/accounts/userAdmin';
import { type BenchEngine, openScratchDatabase } from './support/scratchDatabase';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ENGINE = (arg('--engine') ?? 'pglite') as BenchEngine;
const USERS = Number(arg('--users') ?? 100_000);
const QUERIES = Number(arg('--queries') ?? 200);
const NOW = new Date('2026-11-25T12:00:00Z');

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function main() {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', LOG_LEVEL: 'silent' });
  const db = await openScratchDatabase(ENGINE, 'users');
  try {
    await migrateToLatest(db.db);
    const t0 = performance.now();
    await sql`insert into organizations (id, token, name, subscribed)
      select 'o' || g, 'tok-o' || g, 'Organisation ' || g, g % 10 = 0 from generate_series(1, 200) g`.execute(db.db);
    await sql`insert into users (id, email, name, password_hash, support_token, is_admin, organization_id,
        trial_started_at, trial_ends_at, trial_extended_until, locked_at, last_login_at, created_at)
      select 'u' || g, 'person' || g || '@firm' || (g % 400) || '.example', 'Person ' || g || ' ' || (array['Smith','Jones','Brown','Lee','Patel'])[1 + g % 5],
        'x', 'support-' || g, g % 50 = 0, case when g % 2 = 0 then 'o' || (1 + g % 200) end,
        ${NOW}::timestamptz - interval '30 days', ${NOW}::timestamptz + ((g % 121) - 60) * interval '1 day',
        case when g % 17 = 0 then ${NOW}::timestamptz + interval '10 days' end,
        case when g % 100 = 7 then ${NOW}::timestamptz end,
        case when g % 5 <> 0 then ${NOW}::timestamptz - (g % 365) * interval '1 day' end,
        ${NOW}::timestamptz - (g * (63072000.0 / ${USERS})) * interval '1 second'
      from generate_series(1, ${USERS}) g`.execute(db.db);
    await sql`insert into login_locks (email) select email from users where id like 'u%' and substr(id, 2)::int % 100 = 3`.execute(db.db);
    await sql`analyze`.execute(db.db);
    console.log(`${ENGINE}: ${USERS.toLocaleString('en-US')} users written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const mixes: Array<[string, (i: number) => UserListQuery]> = [
      ['no filter (e-mail)', () => ({})],
      ['search', (i) => ({ q: ['smith', 'person12', 'firm37.', 'patel'][i % 4] })],
      ['organisation', (i) => ({ organizationId: `o${1 + ((i * 7) % 200)}` })],
      ['role admin', () => ({ role: 'admin' })],
      ['status locked', (i) => ({ status: i % 2 ? 'locked' : 'loginLocked' })],
      ['trial state', (i) => ({ trial: (['none', 'trial', 'trialEnding', 'trialEnded', 'trialExtension'] as const)[i % 5] })],
      ['last sign-in range', () => ({ lastLoginBefore: '2026-06-01T00:00:00Z', sort: 'lastLogin', descending: 'true' })],
      ['sort name desc', () => ({ sort: 'name', descending: 'true' })],
      ['sort created, page 100', () => ({ sort: 'created', page: 100 })],
      ['combined', (i) => ({ organizationId: `o${1 + ((i * 3) % 200)}`, trial: 'trialEnded', q: 'person', sort: 'lastLogin' })],
    ];
    const times = new Map<string, number[]>(mixes.map(([name]) => [name, []]));
    for (let i = 0; i < QUERIES; i++) {
      const [name, query] = mixes[i % mixes.length]!;
      const t = performance.now();
      await listUsers(db.db, config, userListQuerySchema.parse({ ...query(i), limit: 50 }), NOW);
      times.get(name)!.push(performance.now() - t);
    }
    const all = [...times.values()].flat();
    console.log(`\n${'query'.padEnd(24)} | median ms | p95 ms | max ms`);
    for (const [name, xs] of times)
      console.log(
        `${name.padEnd(24)} | ${pct(xs, 0.5).toFixed(1).padStart(9)} | ${pct(xs, 0.95).toFixed(1).padStart(6)} | ${Math.max(...xs)
          .toFixed(1)
          .padStart(6)}`,
      );
    console.log(
      `${'all pages'.padEnd(24)} | ${pct(all, 0.5).toFixed(1).padStart(9)} | ${pct(all, 0.95).toFixed(1).padStart(6)} | ${Math.max(...all)
        .toFixed(1)
        .padStart(6)}  (target < 1,000 ms: ${Math.max(...all) < 1000 ? 'met' : 'MISSED'})`,
    );
  } finally {
    await db.cleanup();
  }
}

await main();
