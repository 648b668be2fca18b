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
 * Each pass prints its wall time, this process's CPU and (PostgreSQL on this machine) the CPU of
 * the database backends serving it: on a loaded machine the CPU figures are the steady ones.
 *
 * Then: event → notification committed (target p99 < 250 ms): a trade print is committed as its
 * `trade.new` event on a bond whose issuer has a block-trade rule. First with a pass run by hand
 * at once (the pass alone); then end to end as the server runs it: the scheduler listening on the
 * events channel wakes the `market-hawk` job (its timer never fires here), which takes its lease,
 * runs the pass and commits the `markethawkalert` notification, whose own NOTIFY a second listener
 * hears — one sample is from before the event's transaction to that notice. And the backtest
 * (target < 500 ms): 30 days of one rule on one issuer over 40 days of end-of-day prices stored
 * for 3,000 bonds.
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { migrateToLatest } from '../server/db/migrate';
import pino from 'pino';
import { listenerOf } from '../server/db/channels';
import { HAWK_INTERVAL_MS, hawkJob } from '../server/jobs/hawk';
import { Scheduler } from '../server/jobs/scheduler';
import { NOTIFICATION_EVENT } from '../server/services/notifications/notifications';
import { backtestAlertRule } from '../server/services/hawk/alertBacktest';
import { evaluateHawk } from '../server/services/hawk/evaluate';
import { EVENTS_CHANNEL, parseEventsNotice, recordEvents } from '../server/services/events';
import type { Database } from '../server/db/schema';
import type { Config } from '../server/config';
import type { Kysely } from 'kysely';
import { databaseCpuMs } from './support/databaseCpu';
import { openScratchDatabase, type BenchEngine } from './support/scratchDatabase';

const arg = (name: string, fallback: string) =>
  process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1]! : fallback;
const engine = arg('engine', 'postgres') as BenchEngine;
const BONDS = Number(arg('bonds', '30000'));
const SUBS = Number(arg('subs', '100000'));
const TICKS = Number(arg('ticks', '3'));
const EVENTS = Number(arg('events', '50'));
const ms = (x: number) => Math.round(x);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One timed pass: wall, this process's CPU, the database backends' CPU (null on PGlite: it is in this process). */
async function timedPass(db: Kysely<Database>, config: Config, at: Date) {
  const db0 = engine === 'postgres' ? await databaseCpuMs(db) : null;
  const cpu0 = process.cpuUsage();
  const t = performance.now();
  const r = await evaluateHawk(db, config, at);
  const wall = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const db1 = db0 === null ? null : await databaseCpuMs(db);
  return { ms: ms(wall), processCpuMs: ms((cpu.user + cpu.system) / 1000), databaseCpuMs: db1 === null ? null : ms(db1 - db0!), ...r };
}

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
      console.log(JSON.stringify({ run: `tick ${k}: every bond repriced`, ...(await timedPass(db, config, asOf)) }));
    }
    for (let k = 1; k <= TICKS; k++) {
      const asOf = new Date(base + (TICKS + k) * 5_000);
      // A quiet tick: every bond repriced, no rule tripped (the evaluation alone, no delivery).
      await sql`update bond_market_state set as_of = ${asOf}, price = 100 + (bond_id % 7) * 0.01 + ${k} * 0.001,
          change_g_spread = 0.5, confidence = 80, volume_percent_change = 10`.execute(db);
      console.log(JSON.stringify({ run: `quiet tick ${k}: every bond repriced, nothing tripped`, ...(await timedPass(db, config, asOf)) }));
    }
    // One rule edited, nothing repriced: the next pass builds a new index and, the bounds being
    // kept in the database (boundsTable.ts), works out and writes again the edited rule's bonds.
    await sql`update hawk_subscriptions set revision = nextval('hawk_revision_seq') where id = 1`.execute(db);
    const edited = await timedPass(db, config, new Date(base + (2 * TICKS + 1) * 5_000 - 1_000));
    console.log(JSON.stringify({ run: 'pass after a rule edit (new index, bounds rewritten), nothing new', ...edited }));
    const idle = await timedPass(db, config, new Date(base + (2 * TICKS + 1) * 5_000));
    console.log(JSON.stringify({ run: 'pass with nothing new', ...idle }));
    await eventToNotification(db, config, base + (2 * TICKS + 2) * 5_000, issuers);
    await eventToNotificationWoken(db, config, base + (2 * TICKS + 2) * 5_000 + (EVENTS + 1) * 1_000, issuers);
    await backtestTiming(db, config, base + (2 * TICKS + 2) * 5_000);
    console.log(JSON.stringify({ engine, loadAverageAtStart: load0, loadAverageAtEnd: loadavg()[0] }));
  } finally {
    await handle.cleanup();
  }
}

/**
 * Event → notification committed: a block-trade rule on 100 issuers (in app); each sample commits
 * one 5MM print on a bond of one of them as its event, then runs a pass at once.
 */
async function eventToNotification(db: Kysely<Database>, config: Config, at0: number, issuers: number): Promise<void> {
  await sql`insert into hawk_subscriptions (user_id, kind, rule, target, target_key, frequency, channels, primed)
    select 'u1', 'tradeSize', '{"kind":"tradeSize","minSize":5000000,"includeCapped":true}',
      jsonb_build_object('kind', 'issuer', 'issuerId', g), 'issuer:' || g, '{"type":"every","cooldownMinutes":1}', '["in_app"]', true
    from generate_series(1, ${Math.min(100, issuers)}) g`.execute(db);
  await evaluateHawk(db, config, new Date(at0)); // the index takes the new rules
  const samples: number[] = [];
  let notified = 0;
  for (let k = 1; k <= EVENTS; k++) {
    const at = new Date(at0 + k * 1_000); // a print a second, each on another issuer's bond: every one fires
    await commitPrint(db, k, at, issuers);
    const t = performance.now();
    const r = await evaluateHawk(db, config, at);
    samples.push(performance.now() - t);
    notified += r.deliveries;
  }
  samples.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      run: `event → notification committed, pass started at the commit (${EVENTS} prints)`,
      p50: ms(pct(samples, 50)),
      p99: ms(pct(samples, 99)),
      max: ms(samples.at(-1)!),
      notified,
      jobIntervalMs: HAWK_INTERVAL_MS,
    }),
  );
}

/** One 5MM print as its committed `trade.new` event, on the first bond of issuer k (mod 100). */
async function commitPrint(db: Kysely<Database>, k: number, at: Date, issuers: number): Promise<void> {
  const issuer = 1 + (k % Math.min(100, issuers));
  const bondId = (issuer - 1) * 10 + 1;
  await db.transaction().execute((trx) =>
    recordEvents(trx, [
      {
        type: 'trade.new',
        subjectId: String(bondId),
        payload: { bondId, tradeId: `bench-${k}`, price: 100, quantity: 5_000_000, quantityCapped: true, executionTime: at.toISOString() },
      },
    ]),
  );
}

/**
 * Event → notification committed, end to end: the scheduler wakes the job on the event's NOTIFY
 * (no timer), the job takes its lease and runs the pass; a sample ends when the notification's
 * own NOTIFY arrives. The prints are a second apart in time (each fires: one-minute cool-down on
 * another issuer) and sent one after another.
 */
async function eventToNotificationWoken(db: Kysely<Database>, config: Config, at0: number, issuers: number): Promise<void> {
  const listen = listenerOf(db)!;
  let arrived: (() => void) | undefined;
  const notices = await listen(EVENTS_CHANNEL, (payload) => {
    if (parseEventsNotice(payload).types.includes(NOTIFICATION_EVENT)) arrived?.();
  });
  const scheduler = new Scheduler(db, pino({ level: 'silent' }));
  const job = hawkJob(config);
  await scheduler.listen([job]);
  const samples: number[] = [];
  try {
    for (let k = 1; k <= EVENTS; k++) {
      const notified = new Promise<void>((resolve) => (arrived = resolve));
      const t = performance.now();
      await commitPrint(db, 1_000 + k, new Date(at0 + k * 60_000), issuers);
      await notified;
      samples.push(performance.now() - t);
      await scheduler.runInProgress(job.name); // the run ends (lease and run recorded) before the next print
    }
  } finally {
    await scheduler.stop();
    await notices.close();
  }
  samples.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      run: `event → notification committed end to end: job woken by the event's NOTIFY (${EVENTS} prints)`,
      p50: ms(pct(samples, 50)),
      p99: ms(pct(samples, 99)),
      max: ms(samples.at(-1)!),
      load: loadavg()[0],
    }),
  );
}

/** The backtest preview: 30 days of a rule on one issuer (ten bonds), over stored end-of-day prices. */
async function backtestTiming(db: Kysely<Database>, config: Config, nowMs: number): Promise<void> {
  let t = performance.now();
  await sql`insert into evaluated_prices (bond_id, price_date, kind, as_of, clean_price, yield, g_spread_bp, confidence, inputs)
    select b.id, d::date, 'eod', d + interval '21 hours', 100 + ((b.id + extract(day from d)::int) % 9) * 0.25, 0.05, 150 + (b.id % 13), 80, '{}'
    from bonds b cross join generate_series(${new Date(nowMs - 40 * 86_400_000)}::date, ${new Date(nowMs - 86_400_000)}::date, interval '1 day') d where b.id <= 3000`.execute(
    db,
  );
  await sql`analyze evaluated_prices`.execute(db);
  console.log(
    JSON.stringify({
      run: 'backtest history: 40 days of end-of-day prices for 3,000 bonds (300 issuers)',
      setupMs: ms(performance.now() - t),
    }),
  );
  const cases = [
    { name: 'price above 101 on an issuer', rule: { kind: 'level', metric: 'price', direction: 'above', level: 101 } },
    { name: 'G-spread moves 5 bp in a week on an issuer', rule: { kind: 'move', metric: 'gSpread', threshold: 5, window: '1w' } },
    { name: 'confidence below 90 on an issuer', rule: { kind: 'confidence', below: 90 } },
  ] as const;
  for (const c of cases) {
    const times: number[] = [];
    let firings = 0;
    for (let k = 0; k < 5; k++) {
      t = performance.now();
      const r = await backtestAlertRule(
        db,
        config,
        'u1',
        { rule: c.rule as never, target: { kind: 'issuer', issuerId: 1 + k * 7 }, frequency: { type: 'daily' } },
        new Date(nowMs),
      );
      times.push(performance.now() - t);
      firings += r.firings;
    }
    times.sort((a, b) => a - b);
    console.log(JSON.stringify({ run: `backtest: ${c.name}, 5 issuers`, median: ms(pct(times, 50)), max: ms(times.at(-1)!), firings }));
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
