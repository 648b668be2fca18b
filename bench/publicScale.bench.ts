/**
 * The public market's scale (issue 31): a synthetic FINRA-shaped universe — corporate bonds of
 * `finra-public`, one end-of-day print per bond and business day, as the FINRA loader writes
 * them — and the product's reads on it. Not a test: `npm run bench:public-scale [-- options]`.
 *
 *   --engine postgres|pglite   database (default postgres: a fresh database on BENCH_DATABASE_URL
 *                              or TEST_DATABASE_URL, dropped afterwards)
 *   --bonds N                  universe size (default 100,000, the target)
 *   --rows N                   end-of-day history rows (default 50,000,000): every bond prints
 *                              on each of rows / bonds business days ending yesterday
 *   --warm N                   warm reprices timed after the cold one (default 1; wall and process CPU each)
 *   --moved N                  then N warm reprices each after a 1 bp move of the day's curve (every row rewritten)
 *   --pricing-only             stop after the reprices
 *
 * Prints the load (rows/s) and the timings of: pricing the universe on the latest day (cold),
 * the bond table (first build of the in-memory snapshot; the first page of a sort, which builds
 * that column's order; 200 pages of built sorts, p50/p95; the SQL path's page),
 * the market summary, and one bond's year of price history. Wall times on a shared machine swing
 * with its load; the load average is printed beside them.
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { addDays, businessDaysBetween } from '../common/calendar';
import { migrateToLatest } from '../server/db/migrate';
import { listBondsJson, listBondsSql } from '../server/services/market/queries/bondList';
import { marketSummary } from '../server/services/market/queries/marketSummary';
import { priceHistory } from '../server/services/market/queries/priceHistory';
import { ensureSectors } from '../server/services/market/simulator/writeReference';
import { repriceUniverse } from '../server/services/pricing';
import { BENCH_CURVE } from './support/benchCurve';
import { type BenchEngine, openScratchDatabase } from './support/scratchDatabase';

const arg = (name: string, fallback: string) =>
  process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1]! : fallback;
const engine = arg('engine', 'postgres') as BenchEngine;
const BONDS = Number(arg('bonds', '100000'));
const ROWS = Number(arg('rows', '50000000'));
const WARM = Number(arg('warm', '1'));
const MOVED = Number(arg('moved', '0'));
const PRICING_ONLY = process.argv.includes('--pricing-only');

const time = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
  const t = performance.now();
  const result = await run();
  console.log(`${label}: ${Math.round(performance.now() - t)} ms (load ${loadavg()[0]!.toFixed(1)})`);
  return result;
};

async function main(): Promise<void> {
  const handle = await openScratchDatabase(engine, 'public_scale');
  const { db } = handle;
  console.log(
    `engine ${engine}, ${BONDS.toLocaleString('en-US')} bonds, ${ROWS.toLocaleString('en-US')} end-of-day rows, load ${loadavg()[0]!.toFixed(1)}`,
  );
  try {
    await migrateToLatest(db);
    const sectors = [...(await ensureSectors(db)).values()];
    const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
    const dayCount = Math.max(1, Math.ceil(ROWS / BONDS));
    const days = businessDaysBetween(addDays(yesterday, -Math.ceil(dayCount * 1.5) - 10), yesterday).slice(-dayCount);
    const lastDay = days.at(-1)!;

    await time('universe (issuers, bonds, ratings)', async () => {
      // FINRA's shape: a few thousand issuers, fixed coupons, 1–30 years left, ratings on both scales.
      await sql`insert into issuers (name, display_name, ticker, sector_id, country_of_risk, corporate_structure)
        select 'ISSUER ' || g || ' INC', 'Issuer ' || g, 'I' || g, (${sql.val(sectors)}::int[])[1 + g % ${sectors.length}], 'US', 'OpCo'
        from generate_series(1, ${Math.max(1, Math.floor(BONDS / 8))}) g`.execute(db);
      await sql`insert into bonds (cusip, isin, issuer_id, description, coupon_type, coupon, frequency, day_count, end_of_month,
          issue_date, maturity_date, amount_issued, amount_outstanding, seniority, call_schedule, rating_sp, rating_moody,
          is_benchmark, tenor_at_issue, source)
        select lpad(to_hex(g), 8, '0') || (g % 10), 'US' || lpad(to_hex(g), 8, '0') || (g % 10) || '0', 1 + g % ${Math.max(1, Math.floor(BONDS / 8))},
          'I' || (1 + g % ${Math.max(1, Math.floor(BONDS / 8))}) || ' ' || (2 + (g % 60) / 10.0) || ' bond', 'fixed', 0.02 + (g % 60) / 1000.0, 2,
          '30/360', false, ${lastDay}::date - (365 * (1 + g % 10)), ${lastDay}::date + (30 + (g * 7919) % 10900), 0, 0,
          'Senior Unsecured', '[]'::jsonb, (array['AA+','A','A-','BBB+','BBB','BBB-','BB+','BB','B'])[1 + g % 9],
          (array['Aa1','A2','A3','Baa1','Baa2','Baa3','Ba1','Ba2','B2'])[1 + g % 9], false, 10, 'finra-public'
        from generate_series(1, ${BONDS}) g`.execute(db);
    });
    await sql`insert into treasury_curve_points (curve_date, tenor, years, yield)
      select d::date, p.tenor, p.years, p.yield
      from unnest(${sql.val([lastDay, addDays(lastDay, -1)])}::date[]) d,
        unnest(${sql.val(BENCH_CURVE.map((p) => p.tenor))}::text[], ${sql.val(BENCH_CURVE.map((p) => p.years))}::numeric[],
          ${sql.val(BENCH_CURVE.map((p) => p.yield))}::numeric[]) as p(tenor, years, yield)`.execute(db);

    const t = performance.now();
    for (const day of days) {
      // One print per bond and day at 4 pm New York, a round lot between dealers: what the loader writes.
      await sql`insert into trades (bond_id, execution_time, quantity, reported_quantity, quantity_capped, price, yield, side,
          reporting_party_type, ats, status, source)
        select b.id, ((${day}::date + time '16:00') at time zone 'America/New_York'), 1000000, 1000000, false,
          95 + (b.id % 100) / 10.0 + (extract(doy from ${day}::date) % 7) / 10.0, 0.04 + (b.id % 50) / 1000.0, 'inter_dealer',
          'eod_last_sale', false, 'active', 'finra-public'
        from bonds b`.execute(db);
    }
    const loaded = Number((await sql<{ n: string }>`select count(*) as n from trades`.execute(db)).rows[0]!.n);
    const loadSeconds = (performance.now() - t) / 1000;
    console.log(
      `history: ${loaded.toLocaleString('en-US')} rows over ${days.length} days in ${loadSeconds.toFixed(0)} s (${Math.round(loaded / loadSeconds).toLocaleString('en-US')} rows/s, load ${loadavg()[0]!.toFixed(1)})`,
    );
    await sql`analyze`.execute(db);

    const asOf = new Date(`${lastDay}T21:00:00Z`);
    const cold = await time('pricing: reprice the universe (cold)', () => repriceUniverse(db, asOf, { kind: 'eod' }));
    let warm = cold;
    const warmCpuMs: number[] = [];
    for (let k = 0; k < WARM; k++) {
      // Process CPU (user + system): the load-independent figure of the in-process work (on
      // PostgreSQL the server's own work is another process and not in it).
      const c0 = process.cpuUsage();
      warm = await time('pricing: reprice the universe (warm)', () => repriceUniverse(db, asOf));
      const c = process.cpuUsage(c0);
      warmCpuMs.push(Math.round((c.user + c.system) / 1000));
      console.log(
        `  process CPU ${warmCpuMs.at(-1)} ms; read ${Math.round(warm.timingsMs.read)}, compute ${Math.round(warm.timingsMs.compute)}, write ${Math.round(warm.timingsMs.write)} ms; ${warm.rowsWritten} rows written`,
      );
    }
    const movedCpuMs: number[] = [];
    for (let k = 0; k < MOVED; k++) {
      await sql`update treasury_curve_points set yield = yield + 0.0001, updated_at = now() where curve_date = ${lastDay}::date`.execute(
        db,
      );
      const c0 = process.cpuUsage();
      const r = await time('pricing: reprice the universe (warm, curve moved 1 bp)', () => repriceUniverse(db, asOf));
      const c = process.cpuUsage(c0);
      movedCpuMs.push(Math.round((c.user + c.system) / 1000));
      console.log(
        `  process CPU ${movedCpuMs.at(-1)} ms; read ${Math.round(r.timingsMs.read)}, compute ${Math.round(r.timingsMs.compute)}, write ${Math.round(r.timingsMs.write)} ms; ${r.rowsWritten} rows written`,
      );
    }
    if (MOVED > 0)
      console.log(`  moved-curve process CPU, median of ${MOVED}: ${[...movedCpuMs].sort((a, b) => a - b)[Math.floor(MOVED / 2)]} ms`);
    if (WARM > 1) console.log(`  warm process CPU, median of ${WARM}: ${[...warmCpuMs].sort((a, b) => a - b)[Math.floor(WARM / 2)]} ms`);
    console.log(
      `  priced ${cold.priced.toLocaleString('en-US')} (cold), ${warm.priced.toLocaleString('en-US')} (warm) of ${BONDS.toLocaleString('en-US')}`,
    );
    if (PRICING_ONLY) return;
    await time('bond table: first request (snapshot built)', () =>
      listBondsJson(db, { sort: 'volume', sortDesc: true, offset: 0, limit: 100 }),
    );
    // The first page of a sort builds that column's order over the whole universe (once per
    // snapshot); pages after it walk the built order. The page target (p95 < 30 ms) is about the
    // latter, so both are printed.
    await time('bond table: first page of a new sort (yieldToWorst; builds its order)', () =>
      listBondsJson(db, { sort: 'yieldToWorst', sortDesc: true, offset: 5000, limit: 100 }),
    );
    await steadyPages(db);
    await time('bond table: the SQL path, a page (sort gSpread)', () => listBondsSql(db, { sort: 'gSpread', offset: 0, limit: 100 }));
    await time('market summary (yield)', () => marketSummary(db, { metric: 'yield' }));
    await time('market summary (volume: the previous session)', () => marketSummary(db, { metric: 'volume' }));
    await time('one bond: a year of price history', () => priceHistory(db, Math.ceil(BONDS / 2), { to: lastDay }));
  } finally {
    await handle.cleanup();
  }
}

/** Pages of already-sorted columns at spread offsets, filtered and not: p50 / p95 / max. */
async function steadyPages(db: Parameters<typeof listBondsJson>[0]): Promise<void> {
  const asks: Parameters<typeof listBondsJson>[1][] = [];
  for (let k = 0; k < 200; k++) {
    const offset = (k * 7919) % Math.max(1, BONDS - 100);
    asks.push(
      k % 4 === 3
        ? { sort: 'volume', sortDesc: true, rating: ['BBB'], offset: offset % 1000, limit: 100 }
        : { sort: k % 2 ? 'yieldToWorst' : 'volume', sortDesc: k % 3 === 0, offset, limit: 100 },
    );
  }
  const walls: number[] = [];
  for (const ask of asks) {
    const t = performance.now();
    await listBondsJson(db, ask);
    walls.push(performance.now() - t);
  }
  walls.sort((a, b) => a - b);
  const at = (q: number) => walls[Math.min(walls.length - 1, Math.floor(q * walls.length))]!.toFixed(1);
  console.log(
    `bond table: ${walls.length} pages of built sorts, one at a time: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (load ${loadavg()[0]!.toFixed(1)})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
