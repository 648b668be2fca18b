/**
 * Market-hawk evaluation benchmark (not a test): `npm run bench:hawk [-- options]`.
 *
 *   --engine pglite|postgres   database (PostgreSQL: a fresh database on BENCH_DATABASE_URL or
 *                              TEST_DATABASE_URL, dropped afterwards)
 *   --bonds N                  universe (default 30,000 bonds, one issuer per ten)
 *   --subs N                   active subscriptions (default 100,000, 100 per user)
 *   --ticks N                  ticks measured (default 3)
 *
 * The market is written straight into the tables (the evaluator only reads them): bonds with an
 * evaluated state, and subscriptions of the state kinds (level, 1-day move, confidence, volume)
 * on bonds (70 %) and issuers (30 %), thresholds drawn so that about 1 % hold on a tick. A tick
 * rewrites every bond's state (a full reprice, not timed); then one evaluation pass is timed:
 * reading the rewritten rows, looking each bond up in the index by target, checking, inserting
 * the firings with their unique keys, grouping and recording the deliveries. Target: < 200 ms.
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { migrateToLatest } from '../server/db/migrate';
import { evaluateHawk } from '../server/services/hawk/evaluate';
import { openScratchDatabase, type BenchEngine } from './support/scratchDatabase';

const arg = (name: string, fallback: string) =>
  process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1]! : fallback;
const engine = arg('engine', 'postgres') as BenchEngine;
const BONDS = Number(arg('bonds', '30000'));
const SUBS = Number(arg('subs', '100000'));
const TICKS = Number(arg('ticks', '3'));
const ms = (x: number) => Math.round(x);

async function main(): Promise<void> {
  const handle = await openScratchDatabase(engine, 'hawk');
  const db = handle.db;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '.tmp/bench-hawk',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
  });
  const load0 = loadavg()[0]!;
  try {
    await migrateToLatest(db);
    const issuers = Math.max(1, Math.floor(BONDS / 10));
    const users = Math.max(1, Math.ceil(SUBS / 100));
    let t = performance.now();
    await sql`insert into sectors (code, name, parent_id) values ('FIN', 'Financials', null)`.execute(db);
    await sql`insert into issuers (name, display_name, ticker, sector_id)
      select 'Issuer ' || g, 'Issuer ' || g, 'I' || g, (select id from sectors limit 1) from generate_series(1, ${issuers}) g`.execute(db);
    await sql`insert into bonds (cusip, isin, issuer_id, description, coupon_type, coupon, frequency, day_count, issue_date, maturity_date,
        amount_issued, amount_outstanding, seniority, tenor_at_issue)
      select lpad(g::text, 9, '0'), 'US' || lpad(g::text, 10, '0'), 1 + (g - 1) / 10, 'BOND ' || g, 'fixed', 0.05, 2, '30/360',
        '2024-01-15', '2034-01-15', 1e9, 1e9, 'Senior Unsecured', 10 from generate_series(1, ${BONDS}) g`.execute(db);
    await sql`insert into bond_market_state (bond_id, as_of, price, change_price, yield_to_worst, change_ytw, g_spread, change_g_spread,
        t_spread, change_t_spread, confidence, volume, volume_percent_change)
      select id, '2026-11-20T15:00:00Z', 100, 0, 0.05, 0, 150, 0, 150, 0, 80, 0, 0 from bonds`.execute(db);
    await sql`insert into users (id, email, password_hash, support_token)
      select 'u' || g, 'u' || g || '@bench.example', 'x', 's' || g from generate_series(1, ${users}) g`.execute(db);
    // Kinds cycle level/move/confidence/volume; thresholds: ~1 % of bonds cross them on a tick (below).
    await sql`insert into hawk_subscriptions (user_id, kind, rule, target, target_key, frequency, channels, primed)
      select 'u' || (1 + (g - 1) / 100),
        k.kind, k.rule, t.target, t.key, '{"type":"every","cooldownMinutes":1}', '["in_app","email"]', true
      from generate_series(1, ${SUBS}) g
      cross join lateral (select case abs(hashtext('k' || g)) % 4
          when 0 then 'level' when 1 then 'move' when 2 then 'confidence' else 'volume' end as kind,
        case abs(hashtext('k' || g)) % 4
          when 0 then '{"kind":"level","metric":"price","direction":"above","level":101}'::jsonb
          when 1 then '{"kind":"move","metric":"gSpread","threshold":10,"window":"1d"}'::jsonb
          when 2 then '{"kind":"confidence","below":50}'::jsonb
          else '{"kind":"volume","ratio":3}'::jsonb end as rule) k
      cross join lateral (select case when abs(hashtext('t' || g)) % 10 < 7
          then jsonb_build_object('kind', 'bond', 'bondId', 1 + abs(hashtext('b' || g)) % ${BONDS})
          else jsonb_build_object('kind', 'issuer', 'issuerId', 1 + abs(hashtext('i' || g)) % ${issuers}) end as target) t0
      cross join lateral (select t0.target as target,
          case when t0.target->>'kind' = 'bond' then 'bond:' || (t0.target->>'bondId') else 'issuer:' || (t0.target->>'issuerId') end as key) t`.execute(
      db,
    );
    await sql`analyze`.execute(db);
    console.log(JSON.stringify({ setupMs: ms(performance.now() - t), bonds: BONDS, issuers, users, subscriptions: SUBS }));

    const base = Date.parse('2026-11-20T15:00:00Z');
    t = performance.now();
    const first = await evaluateHawk(db, config, new Date(base));
    console.log(JSON.stringify({ run: 'first pass (index build, nothing new)', ms: ms(performance.now() - t), ...first }));
    for (let k = 1; k <= TICKS; k++) {
      // Live ticks are LIVE_TICK_MS (5 s) apart.
      const asOf = new Date(base + k * 5_000);
      // The tick: every bond repriced; 1 % of bonds move enough to trip the rules on them.
      await sql`update bond_market_state set as_of = ${asOf},
          price = case when bond_id % 100 = ${k} then 101.5 else 100 + (bond_id % 7) * 0.01 end,
          change_g_spread = case when bond_id % 100 = ${k} then 12 else (bond_id % 5) * 0.1 end,
          confidence = case when bond_id % 100 = ${k} then 40 else 80 end,
          volume_percent_change = case when bond_id % 100 = ${k} then 300 else 10 end`.execute(db);
      const cpu0 = process.cpuUsage();
      t = performance.now();
      const r = await evaluateHawk(db, config, asOf);
      const wall = performance.now() - t;
      const cpu = process.cpuUsage(cpu0);
      console.log(
        JSON.stringify({ run: `tick ${k}: every bond repriced`, ms: ms(wall), processCpuMs: ms((cpu.user + cpu.system) / 1000), ...r }),
      );
    }
    for (let k = 1; k <= TICKS; k++) {
      const asOf = new Date(base + (TICKS + k) * 5_000);
      // A quiet tick: every bond repriced, no rule tripped (the evaluation alone, no delivery).
      await sql`update bond_market_state set as_of = ${asOf}, price = 100 + (bond_id % 7) * 0.01 + ${k} * 0.001,
          change_g_spread = 0.5, confidence = 80, volume_percent_change = 10`.execute(db);
      const cpu0 = process.cpuUsage();
      t = performance.now();
      const r = await evaluateHawk(db, config, asOf);
      const wall = performance.now() - t;
      const cpu = process.cpuUsage(cpu0);
      console.log(
        JSON.stringify({
          run: `quiet tick ${k}: every bond repriced, nothing tripped`,
          ms: ms(wall),
          processCpuMs: ms((cpu.user + cpu.system) / 1000),
          ...r,
        }),
      );
    }
    t = performance.now();
    const idle = await evaluateHawk(db, config, new Date(base + (2 * TICKS + 1) * 5_000));
    console.log(JSON.stringify({ run: 'pass with nothing new', ms: ms(performance.now() - t), ...idle }));
    console.log(JSON.stringify({ engine, loadAverageAtStart: load0, loadAverageAtEnd: loadavg()[0] }));
  } finally {
    await handle.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
