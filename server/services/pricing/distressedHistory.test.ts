import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDaysBetween } from '../../../common/calendar';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { createTestDatabase } from '../../test/testDatabase';
import { priceHistory } from './index';
import {
  createBonds,
  createCurves,
  createIssuer,
  createSector,
  createTrades,
  entriesOf,
  fixtureCurves,
  priceAtSpread,
} from './testFixtures';

/**
 * Issue 32 item 4, through the database: a CCC bond known at 1,000 bp at Monday's close does not
 * trade on Tuesday, when the whole market prints 5 % wider. Its close moves with the market (the
 * distressed path, distressed.ts), where it used to stay at its own last spread.
 */
const MONDAY = '2026-11-16';
const TUESDAY = '2026-11-17';
const DAYS = businessDaysBetween('2026-10-26', TUESDAY);

let handle: DatabaseHandle;
let db: Kysely<Database>;
let distressed: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await createCurves(db, DAYS);
  const { industryId } = await createSector(db);
  const spec = (issuerId: number, ratingSp: string, coupon: number) => ({
    issuerId,
    ratingSp,
    coupon,
    issueDate: '2024-11-16',
    maturityDate: '2031-11-16',
  });
  const ig = await createBonds(
    db,
    await Promise.all([1, 2, 3, 4, 5, 6].map(async (i) => spec(await createIssuer(db, industryId, `IG${i}`), 'A', 0.05))),
  );
  distressed = (await createBonds(db, [spec(await createIssuer(db, industryId, 'DIST'), 'CCC', 0.08)]))[0]!;
  const entries = await entriesOf(db);
  const curves = fixtureCurves(DAYS);
  // Three 5MM inter-dealer blocks a bond a day (read as mid): IG at 100 bp on Monday and 105 bp
  // (5 % wider) on Tuesday; the CCC bond at 1,000 bp on Monday only.
  const blocks = (id: number, day: string, spreadBp: number) =>
    [14, 16, 18].map((hour) => ({
      bondId: id,
      time: new Date(`${day}T${hour}:00:00Z`),
      quantity: 5e6,
      side: 'inter_dealer' as const,
      price: priceAtSpread(entries.get(id)!, spreadBp, day, curves),
    }));
  await createTrades(db, [
    ...ig.flatMap((id) => [...blocks(id, MONDAY, 100), ...blocks(id, TUESDAY, 105)]),
    ...blocks(distressed, MONDAY, 1_000),
  ]);
  await priceHistory(db, MONDAY, TUESDAY);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

const spreadOn = async (day: string) =>
  Number(
    (
      await sql<{ bp: string }>`select inputs->>'bp' as bp from evaluated_prices
        where bond_id = ${distressed} and kind = 'eod' and price_date = ${day}`.execute(db)
    ).rows[0]!.bp,
  );

describe('a distressed bond that did not trade, on a day the market widened 5 %', () => {
  it('is priced at its own Monday level, 1,000 bp, on Monday', async () => {
    expect(await spreadOn(MONDAY)).toBeGreaterThan(990);
    expect(await spreadOn(MONDAY)).toBeLessThan(1_010);
  });

  it('moves about 4–5 % wider on Tuesday with the market, not with its loose curve', async () => {
    // Six IG bonds each read ln(105/100) = 0.0488 with a relative variance near 1e-4 (their blocks
    // and Monday's close each ~0.5 bp² over 100²): pooled ~1.7e-5, kept at 2.25e-4 / (2.25e-4 +
    // 1.7e-5) ≈ 93 % by a day's prior, a move of ~0.045 — ×1.046 on the CCC bond's level. Bounds
    // allow for the blocks' exact variances: between ×1.035 and ×1.05.
    const ratio = (await spreadOn(TUESDAY)) / (await spreadOn(MONDAY));
    expect(ratio).toBeGreaterThan(1.035);
    expect(ratio).toBeLessThan(1.05);
  });
});
