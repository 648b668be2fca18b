/**
 * New-issue concession against the simulator's own (not a test): `npm run bench:concessions [-- options]`.
 *
 *   --bonds N     universe size (default 3,000)
 *   --history N   business days of history (default 260)
 *   --seed N      simulator seed (default: the app's)
 *   --engine E    pglite (default) or postgres (BENCH_DATABASE_URL / TEST_DATABASE_URL; faster)
 *
 * Seeds a simulated market on a scratch PGlite database, prices every close, then compares each
 * priced tranche's concession as the deal pages show it (deals.ts: priced spread − the product's
 * fair value) with the concession the simulator priced it at (deal_tranches.concession_bp, never
 * shown). Prints, by rank and rating class: tranches, tranches without a fair value, mean error and
 * mean absolute error (bp), 90th percentile |error|; the weekly averages (deals grouped by priced
 * date, as the new-issues page does) against the simulator's weekly range; and the calculator's
 * concession model fitted on the last LOOKBACK_DAYS of those concessions (R², residual). The
 * simulator prices a deal over its issuer's curve without the new bond's own static noise, as a
 * syndicate desk measures a concession (deals.ts priceDeal).
 */
import { sql } from 'kysely';
import { type BenchEngine, openScratchDatabase } from './support/scratchDatabase';
import { migrateToLatest } from '../server/db/migrate';
import { DEFAULT_SEED, seedUniverse } from '../server/services/market/simulator/index';
import { listDeals, mondayOf } from '../server/services/primary/deals';
import { concessionModelFor } from '../server/services/primary/calculator';
import { addDays, newYorkToday } from '../common/calendar';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const BONDS = Number(arg('bonds', '3000'));
const HISTORY = Number(arg('history', '260'));
const SEED = Number(arg('seed', String(DEFAULT_SEED)));
const ENGINE = arg('engine', 'pglite') as BenchEngine;

const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);
const quantile = (v: number[], q: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');

const handle = await openScratchDatabase(ENGINE, 'concessions');
try {
  await migrateToLatest(handle.db);
  process.stderr.write(`Seeding ${BONDS} bonds, ${HISTORY} days, seed ${SEED}, every close priced…\n`);
  const summary = await seedUniverse(handle.db, { bonds: BONDS, historyDays: HISTORY, seed: SEED, now: Date.now });
  const now = new Date(`${addDays(summary.endDate, 1)}T12:00:00Z`);
  const deals = await listDeals(handle.db, { from: addDays(summary.startDate, -30), to: summary.endDate, status: 'priced' }, now);
  const hidden = new Map(
    (
      await sql<{ id: number; concession: string | null; seniority: string | null }>`
        select t.id, t.concession_bp as concession, b.seniority
        from deal_tranches t left join bonds b on b.id = t.bond_id`.execute(handle.db)
    ).rows.map((r) => {
      const concession = r.concession === null ? null : Number(r.concession);
      return [r.id, { concession, seniority: r.seniority ?? 'Senior Unsecured' }] as const;
    }),
  );
  const byRank = new Map<string, { errors: number[]; missing: number }>();
  const weeks = new Map<string, { product: number[]; simulator: number[] }>();
  for (const d of deals) {
    const week = mondayOf(newYorkToday(new Date(d.pricedAt!)));
    for (const t of d.tranches) {
      const h = hidden.get(t.id);
      if (!h || h.concession === null) continue;
      const key = `${h.seniority} ${d.ratingClass ?? 'IG'}`;
      const rank = byRank.get(key) ?? { errors: [], missing: 0 };
      byRank.set(key, rank);
      const w = weeks.get(week) ?? { product: [], simulator: [] };
      weeks.set(week, w);
      w.simulator.push(h.concession);
      if (t.concessionBp === null) rank.missing++;
      else {
        rank.errors.push(t.concessionBp - h.concession);
        w.product.push(t.concessionBp);
      }
    }
  }
  console.log(`\nConcession error (product − simulator), bp — ${deals.length} priced deals, ${summary.startDate} to ${summary.endDate}`);
  console.log('rank (class)             tranches  no fair value  mean   MAE   median|e|  p90|e|');
  const all: number[] = [];
  for (const [rank, v] of [...byRank].sort()) {
    all.push(...v.errors);
    const abs = v.errors.map(Math.abs);
    console.log(
      `${rank.padEnd(25)}${String(v.errors.length).padStart(8)}${String(v.missing).padStart(15)}${f1(mean(v.errors)).padStart(7)}${f1(mean(abs)).padStart(6)}${f1(quantile(abs, 0.5)).padStart(11)}${f1(quantile(abs, 0.9)).padStart(8)}`,
    );
  }
  console.log(
    `${'all'.padEnd(25)}${String(all.length).padStart(8)}${''.padStart(15)}${f1(mean(all)).padStart(7)}${f1(mean(all.map(Math.abs))).padStart(6)}`,
  );
  const simWeekly = [...weeks.values()].filter((w) => w.simulator.length > 0).map((w) => mean(w.simulator));
  const lo = Math.min(...simWeekly);
  const hi = Math.max(...simWeekly);
  const outside = [...weeks].filter(([, w]) => w.product.length > 0 && (mean(w.product) < lo || mean(w.product) > hi));
  const prodWeekly = [...weeks.values()].filter((w) => w.product.length > 0).map((w) => mean(w.product));
  console.log(
    `\nWeekly averages (by priced date): simulator ${f1(lo)} to ${f1(hi)} bp; product ${f1(Math.min(...prodWeekly))} to ${f1(Math.max(...prodWeekly))} bp; ` +
      `${outside.length} of ${prodWeekly.length} product weeks outside the simulator's range${outside.length ? ': ' + outside.map(([wk, w]) => `${wk} ${f1(mean(w.product))}`).join(', ') : ''}`,
  );
  const model = await concessionModelFor(handle.db, addDays(summary.endDate, 1), now);
  const m = model.summary;
  console.log(
    `\nConcession model (${m.method}, ${m.observations} tranches ${m.from} to ${m.to}): R² ${m.r2 === null ? '—' : m.r2.toFixed(3)}, residual sd ${f1(m.residualBp)} bp`,
  );
  for (const c of m.coefficients) console.log(`  ${c.name.padEnd(45)} ${c.value}`);
} finally {
  await handle.cleanup();
}
