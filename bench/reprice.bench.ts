/**
 * Evaluated-pricing benchmark (not a test): `npm run bench:reprice [-- options]`.
 *
 *   --engine pglite|postgres   database (PostgreSQL: a fresh database on BENCH_DATABASE_URL or
 *                              TEST_DATABASE_URL, dropped afterwards; PGlite: file-backed temp dir)
 *   --bonds N                  universe size (default 30,000)
 *   --history N                business days of end-of-day history priced first (default 21)
 *   --source simulator|synthetic   the simulator's seedUniverse (default) or the pricing test
 *                              fixtures' synthetic market
 *   --ticks N                  live ticks measured (default 5)
 *
 * Prints: history backfill (rows/s), a cold reprice (first run of a process: reads every trade
 * of the window), a warm tick with nothing new, and warm ticks with ~300 new trades and a curve
 * move (every price changes, so every bond_market_state row is rewritten). Target: a tick on the
 * whole universe under 1 s. Wall times on a shared machine swing with its load; with PGlite the
 * database runs inside this process, so `processCpuMs` is the load-independent figure.
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { openScratchDatabase, type BenchEngine } from './support/scratchDatabase';
import { migrateToLatest } from '../server/db/migrate';
import { priceHistory, repriceUniverse, type RepriceResult } from '../server/services/pricing';
import { addDays, businessDaysBetween } from '../common/calendar';
import { createTrades, rng, seedSyntheticMarket, type TradeSpec } from '../server/services/pricing/testFixtures';

const arg = (name: string, fallback: string) =>
  process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1]! : fallback;
const engine = arg('engine', 'pglite');
const BONDS = Number(arg('bonds', '30000'));
const HISTORY = Number(arg('history', '21'));
const SOURCE = arg('source', 'simulator');
const TICKS = Number(arg('ticks', '5'));

const open = () => openScratchDatabase(engine as BenchEngine, 'reprice');

const ms = (x: number) => Math.round(x);
const summary = (r: RepriceResult, cpuMs?: number) => ({
  ...(cpuMs === undefined ? {} : { processCpuMs: ms(cpuMs) }),
  totalMs: ms(r.timingsMs.read + r.timingsMs.compute + r.timingsMs.write),
  readMs: ms(r.timingsMs.read),
  computeMs: ms(r.timingsMs.compute),
  writeMs: ms(r.timingsMs.write),
  priced: r.priced,
  rowsWritten: r.rowsWritten,
  snapshots: r.evaluatedPricesWritten,
});

async function main(): Promise<void> {
  const handle = await open();
  const db = handle.db;
  const load0 = loadavg()[0]!;
  try {
    await migrateToLatest(db);
    const endDay = businessDaysBetween(
      addDays(new Date().toISOString().slice(0, 10), -10),
      addDays(new Date().toISOString().slice(0, 10), -1),
    ).at(-1)!;
    let t = performance.now();
    let days: string[];
    if (SOURCE === 'simulator') {
      const { seedUniverse } = await import('../server/services/market/simulator/index');
      const s = await seedUniverse(db, { bonds: BONDS, historyDays: HISTORY + 12, endDate: endDay, price: false, now: Date.now });
      days = businessDaysBetween(s.startDate, s.endDate);
    } else {
      days = (await seedSyntheticMarket(db, { bonds: BONDS, days: HISTORY + 12, endDay })).days;
    }
    const seedMs = performance.now() - t;
    const counts = await sql<{ trades: string }>`select count(*) as trades from trades`.execute(db);
    const historyDays = days.slice(-HISTORY - 1, -1);
    t = performance.now();
    const cpu0 = process.cpuUsage();
    const hist = await priceHistory(db, historyDays[0]!, historyDays.at(-1)!);
    const historyMs = performance.now() - t;
    const historyCpu = process.cpuUsage(cpu0);
    const today = days.at(-1)!;
    let asOf = new Date(`${today}T19:00:00Z`);
    const timed = async (f: () => Promise<RepriceResult>) => {
      const c0 = process.cpuUsage();
      const r = await f();
      const c = process.cpuUsage(c0);
      return summary(r, (c.user + c.system) / 1000);
    };
    const cold = await timed(() => repriceUniverse(db, asOf));
    asOf = new Date(asOf.getTime() + 5000);
    const idle = await timed(() => repriceUniverse(db, asOf));
    const bonds = (
      await sql<{ id: number; price: string }>`select bond_id as id, price from bond_market_state order by bond_id`.execute(db)
    ).rows;
    const rand = rng(11);
    const ticks: ReturnType<typeof summary>[] = [];
    for (let k = 0; k < TICKS; k++) {
      asOf = new Date(asOf.getTime() + 5000);
      // ~300 trades on random bonds at their current price, and today's curve moves 1bp.
      const trades: TradeSpec[] = [];
      for (let i = 0; i < 300; i++) {
        const b = bonds[Math.floor(rand() * bonds.length)]!;
        trades.push({
          bondId: b.id,
          time: new Date(asOf.getTime() - 1000),
          quantity: 100_000 * (1 + Math.floor(rand() * 20)),
          price: Number(b.price) + (rand() - 0.5) * 0.2,
          side: rand() < 0.5 ? 'customer_buy' : 'customer_sell',
        });
      }
      await createTrades(db, trades, false);
      await sql`update treasury_curve_points set yield = yield + 0.0001, updated_at = now() where curve_date = ${today}::date`.execute(db);
      ticks.push(await timed(() => repriceUniverse(db, asOf)));
    }
    const sorted = [...ticks].sort((a, b) => a.totalMs - b.totalMs);
    console.log(
      JSON.stringify(
        {
          engine,
          source: SOURCE,
          bonds: BONDS,
          trades: Number(counts.rows[0]!.trades),
          seedSeconds: Math.round(seedMs / 100) / 10,
          history: {
            days: hist.days,
            prices: hist.prices,
            seconds: Math.round(historyMs / 100) / 10,
            processCpuSeconds: Math.round((historyCpu.user + historyCpu.system) / 1e5) / 10,
            rowsPerSecond: Math.round(hist.prices / (historyMs / 1000)),
            readMs: ms(hist.timingsMs.read),
            computeMs: ms(hist.timingsMs.compute),
            writeMs: ms(hist.timingsMs.write),
          },
          coldReprice: cold,
          idleTick: idle,
          ticks,
          tickMedianMs: sorted[Math.floor(sorted.length / 2)]?.totalMs,
          tickMaxMs: sorted.at(-1)?.totalMs,
          loadAverage: [Math.round(load0 * 10) / 10, Math.round(loadavg()[0]! * 10) / 10],
          peakRssMB: Math.round(process.memoryUsage().rss / 1e6),
        },
        null,
        2,
      ),
    );
  } finally {
    await handle.cleanup();
  }
}

await main();
