/**
 * Admin market-data pages benchmark (not a test):
 * `npm run bench:admin-market-data [-- --engine pglite|postgres] [--bonds 30000]`.
 *
 * Fills a scratch database (migrated as the app's) with a synthetic universe of BONDS bonds
 * (seedSyntheticMarket: 5 business days of curves and trades), prices it, gives a hundred bonds an
 * admin edit each, then times what the pages run: the recent page (first page, each kind, changed
 * by a person, a deep page), the likely duplicates, a bond's page, a comparison of three bonds,
 * a bond edit (with its reprice) and a curve-point correction (with the reprice of every bond
 * priced on that curve).
 */
import { sql } from 'kysely';
import { migrateToLatest } from '../server/db/migrate';
import { duplicateCandidates, compareBonds } from '../server/services/marketAdmin/bondCompare';
import { updateBond } from '../server/services/marketAdmin/bondEdit';
import { readBond } from '../server/services/marketAdmin/bondRead';
import { correctCurvePoint, readCurve } from '../server/services/marketAdmin/curveAdmin';
import { listRecent } from '../server/services/marketAdmin/recent';
import { cusipCheckDigit } from '../server/services/market/codesAndRatings';
import { repriceUniverse } from '../server/services/pricing';
import { seedSyntheticMarket } from '../server/services/pricing/testFixtures';
import { type BenchEngine, openScratchDatabase } from './support/scratchDatabase';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ENGINE = (arg('--engine') ?? 'pglite') as BenchEngine;
const BONDS = Number(arg('--bonds') ?? 30_000);
const END_DAY = '2026-11-20';
const AS_OF = new Date('2026-11-20T20:00:00Z');
const RUNS = 20;

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function time(name: string, runs: number, work: (i: number) => Promise<unknown>): Promise<void> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work(i);
    ms.push(performance.now() - t);
  }
  console.log(
    `${name.padEnd(44)} median ${pct(ms, 0.5).toFixed(1).padStart(8)} ms   p95 ${pct(ms, 0.95).toFixed(1).padStart(8)} ms   (${runs} runs)`,
  );
}

async function main() {
  const handle = await openScratchDatabase(ENGINE, 'marketadmin');
  const db = handle.db;
  try {
    await migrateToLatest(db);
    let t = performance.now();
    const { bondIds } = await seedSyntheticMarket(db, { bonds: BONDS, days: 5, endDay: END_DAY });
    await sql`insert into users (id, email, password_hash, support_token, is_admin) values ('bench-admin', 'bench-admin@bondwise.com', 'x', 's', true)`.execute(
      db,
    );
    console.log(`${ENGINE}: ${BONDS} bonds seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    const priced = await repriceUniverse(db, AS_OF);
    console.log(`priced ${priced.priced} bonds in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const actor = { userId: 'bench-admin', ip: null };
    const edit = async (id: number, description: string) => {
      const bond = await readBond(db, id);
      const { issuerId, couponType, coupon, frequency, dayCount, endOfMonth, issueDate, firstCouponDate, maturityDate } = bond;
      const { amountIssued, amountOutstanding, callSchedule, floaterIndex, quotedMarginBp, ratingSp, ratingMoody, isBenchmark } = bond;
      return updateBond(
        db,
        id,
        {
          cusip: cusipFor(id),
          issuerId,
          description,
          couponType,
          coupon,
          frequency,
          dayCount,
          endOfMonth,
          issueDate,
          firstCouponDate,
          maturityDate,
          amountIssued,
          amountOutstanding,
          seniority: 'Senior Unsecured',
          callSchedule,
          floaterIndex,
          quotedMarginBp,
          ratingSp,
          ratingMoody,
          isBenchmark,
          updatedAt: bond.updatedAt,
        },
        actor,
        AS_OF,
      );
    };
    for (let i = 0; i < 100; i++) await edit(bondIds[i * 7]!, `edited ${i}`);

    await time('recent: first page', RUNS, () => listRecent(db, { offset: 0, limit: 50 }));
    await time('recent: bonds / issuers / deals', RUNS, (i) =>
      listRecent(db, { kind: (['bond', 'issuer', 'deal'] as const)[i % 3], offset: 0, limit: 50 }),
    );
    await time('recent: changed by a person', RUNS, () => listRecent(db, { byPerson: true, offset: 0, limit: 50 }));
    await time('recent: page 100', RUNS, () => listRecent(db, { offset: 4950, limit: 50 }));
    await time('likely duplicates', RUNS, () => duplicateCandidates(db, 0, 50));
    await time("a bond's page", RUNS, (i) => readBond(db, bondIds[(i * 997) % bondIds.length]!));
    await time('three bonds compared', RUNS, (i) =>
      compareBonds(
        db,
        [0, 1, 2].map((k) => bondIds[(i * 31 + k) % bondIds.length]!),
      ),
    );
    await time('a bond edited (and repriced)', 10, (i) => edit(bondIds[1000 + i]!, `timed edit ${i}`));
    await time('the curve page', RUNS, () => readCurve(db, undefined));
    await time('a curve point corrected (bonds repriced)', 3, async (i) => {
      const curve = await readCurve(db, undefined);
      const point = curve.points.find((p) => p.tenor === '10Y')!;
      return correctCurvePoint(
        db,
        curve.date,
        '10Y',
        { yield: point.yield + (i % 2 ? -0.0001 : 0.0001), updatedAt: point.updatedAt },
        actor,
        AS_OF,
      );
    });
  } finally {
    await handle.cleanup();
  }
}

/** A valid CUSIP of the bench's own for bond `id` (the fixture's carry no check digit). */
function cusipFor(id: number): string {
  const base = `ZB${String(id).padStart(6, '0')}`;
  return base + cusipCheckDigit(base);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
