/**
 * Review queues benchmark (not a test): `npm run bench:admin-review [-- --engine pglite|postgres] [--bonds 30000] [--days 30]`.
 *
 * The issue sets no target for the review page; this measures what GET /admin/review runs (every
 * queue's count plus one queue's page, `reviewQueues`) over a production-sized universe, so the
 * page's cost is written down: the first page after a start (every queue computed), the first page
 * after the data moved (kept queues, refreshed in the background) and later ones (kept). A scratch database (migrated as the app's) gets BONDS bonds (one
 * issuer per ten), DAYS end-of-day prices per bond (a few per cent low-confidence, flagged outliers
 * and big moves, a bond in 200 stale), three trades per bond over the last week (one in 500 far from
 * its price) and their daily statistics.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { REVIEW_QUEUES } from '../common/api/adminReview';
import { migrateToLatest } from '../server/db/migrate';
import { REFRESH_MIN_MS, reviewQueues, settledReviewQueues } from '../server/services/reference/reviewQueues';
import { type BenchEngine, openScratchDatabase } from './support/scratchDatabase';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ENGINE = (arg('--engine') ?? 'pglite') as BenchEngine;
const BONDS = Number(arg('--bonds') ?? 30_000);
const DAYS = Number(arg('--days') ?? 30);
const ROUNDS = Number(arg('--rounds') ?? 5);
const LAST = '2026-11-24';

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function main() {
  const db = await openScratchDatabase(ENGINE, 'review');
  try {
    await migrateToLatest(db.db);
    const t0 = performance.now();
    await sql`insert into sectors (code, name, parent_id) values ('S', 'Sector', null)`.execute(db.db);
    await sql`insert into sectors (code, name, parent_id) select 'S-1', 'Industry', id from sectors where code = 'S'`.execute(db.db);
    await sql`insert into issuers (name, display_name, ticker, sector_id)
      select 'Issuer ' || g, 'Issuer ' || g, 'T' || g, (select id from sectors where code = 'S-1')
      from generate_series(1, ${Math.ceil(BONDS / 10)}) g`.execute(db.db);
    await sql`insert into bonds (cusip, isin, issuer_id, description, coupon_type, coupon, frequency, day_count, issue_date,
        maturity_date, amount_issued, amount_outstanding, seniority, tenor_at_issue)
      select lpad(g::text, 9, '0'), 'US' || lpad(g::text, 10, '0'), 1 + (g - 1) / 10, 'BOND ' || g, 'fixed', 0.05, 2, '30/360',
        date '2024-01-15', date '2027-01-15' + (g % 3000), 1e9, 1e9, 'Senior Unsecured', 10
      from generate_series(1, ${BONDS}) g`.execute(db.db);
    // Stale bonds (one in 200) stop being priced 10 days before the last close.
    await sql`insert into evaluated_prices (bond_id, price_date, kind, as_of, clean_price, confidence, inputs)
      select b.id, d::date, 'eod', d + interval '21 hours',
        100 + ((b.id * 7 + extract(doy from d)::int) % 13) * 0.1 + case when (b.id + extract(doy from d)::int) % 97 = 0 then 3 else 0 end,
        case when (b.id + extract(doy from d)::int) % 31 = 0 then 12 else 70 end,
        case when (b.id + extract(doy from d)::int) % 53 = 0 then '{"rejected":[[1,150.5,"outlier"]]}'::jsonb else '{}'::jsonb end
      from bonds b, generate_series(${LAST}::date - ${DAYS - 1}::int, ${LAST}::date, interval '1 day') d
      where b.id % 200 <> 0 or d < ${LAST}::date - 10`.execute(db.db);
    await sql`insert into trades (bond_id, execution_time, quantity, reported_quantity, price, side)
      select b.id, (${LAST}::date - k)::timestamp + interval '15 hours', 1e6, 1e6,
        100.6 + case when (b.id + k) % 500 = 0 then 5 else 0 end, 'customer_buy'
      from bonds b, generate_series(0, 6, 3) k`.execute(db.db);
    await sql`insert into daily_bond_stats (bond_id, trade_date, volume, trade_count)
      select bond_id, (execution_time at time zone 'America/New_York')::date, sum(quantity), count(*) from trades group by 1, 2`.execute(
      db.db,
    );
    await sql`analyze`.execute(db.db);
    const rows = await sql<{ n: string }>`select count(*) as n from evaluated_prices`.execute(db.db);
    console.log(
      `${ENGINE}: ${BONDS.toLocaleString('en-US')} bonds, ${Number(rows.rows[0]!.n).toLocaleString('en-US')} prices written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    // The first page after a start computes every queue (cold); later pages read what it kept.
    let clock = Date.now();
    let t = performance.now();
    const first = await reviewQueues(db.db, { queue: 'outlier', offset: 0, limit: 50 }, clock);
    const cold = performance.now() - t;
    console.log(`items per queue: ${JSON.stringify(first.counts)}`);
    const warm: number[] = [];
    for (let r = 0; r < ROUNDS; r++)
      for (const queue of REVIEW_QUEUES) {
        t = performance.now();
        await reviewQueues(db.db, { queue, offset: 50, limit: 50 }, clock);
        warm.push(performance.now() - t);
      }
    // The data moves on (a live tick: an intraday price and a trade): the first page is answered from
    // the kept queues while one refresh runs in the background.
    const moved: number[] = [];
    const refreshes: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      await sql`insert into evaluated_prices (bond_id, price_date, kind, as_of, clean_price, confidence, inputs)
        values (1, ${LAST}::date + 1, 'intraday', now(), 100, 70, '{}'::jsonb)`.execute(db.db);
      await sql`insert into trades (bond_id, execution_time, quantity, reported_quantity, price, side)
        values (1, now(), 1e6, 1e6, 100, 'customer_buy')`.execute(db.db);
      clock += REFRESH_MIN_MS;
      t = performance.now();
      await reviewQueues(db.db, { queue: 'outlier', offset: 0, limit: 50 }, clock);
      moved.push(performance.now() - t);
      await settledReviewQueues(db.db);
      refreshes.push(performance.now() - t);
    }
    console.log(`first page after a start (every queue computed): ${cold.toFixed(0)} ms`);
    console.log(
      `first page after the data moved (kept queues, refresh in the background): median ${pct(moved, 0.5).toFixed(1)} ms, max ${Math.max(...moved).toFixed(1)} ms`,
    );
    console.log(`background refresh: median ${pct(refreshes, 0.5).toFixed(0)} ms`);
    console.log(`later pages, any queue: median ${pct(warm, 0.5).toFixed(1)} ms, max ${Math.max(...warm).toFixed(1)} ms`);
    console.log(
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await db.cleanup();
  }
}

await main();
