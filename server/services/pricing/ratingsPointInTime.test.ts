import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { createTestDatabase } from '../../test/testDatabase';
import { businessDaysBetween } from '../../../common/calendar';
import { priceHistory } from './history';
import { repriceUniverse } from './reprice';
import { onDay, ratingStepsOf } from './terms';
import { marketDetail } from '../market/queries/marketHistory';
import { bulletEntry, createBonds, createCurves, createIssuer, createSector } from './testFixtures';

/**
 * Ratings are point in time: a bond downgraded from A to BB on CHANGE is priced as an A bond on
 * every day before it and as a BB bond from it on — in the history backfill and in today's reprice —
 * never with today's rating for a past day. With no trades anywhere every bond is priced off its
 * rating's curve, so the downgraded bond's close must equal an A-rated twin's before the change and
 * a BB-rated twin's after it.
 */
const CHANGE = '2026-11-12';
const DAYS = businessDaysBetween('2026-10-19', '2026-11-18');

let handle: DatabaseHandle;
let db: Kysely<Database>;
let downgraded = 0;
let twinA = 0;
let twinBB = 0;

async function close(bondId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('evaluated_prices')
    .select('clean_price')
    .where('bond_id', '=', bondId)
    .where('price_date', '=', day)
    .where('kind', '=', 'eod')
    .executeTakeFirstOrThrow();
  return Number(row.clean_price);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const { industryId } = await createSector(db);
  const issuer = await createIssuer(db, industryId, 'HAE');
  const terms = { issuerId: issuer, coupon: 0.048, issueDate: '2024-08-08', maturityDate: '2027-08-08' };
  [downgraded, twinA, twinBB] = (await createBonds(db, [
    { ...terms, ratingSp: 'BB' },
    { ...terms, ratingSp: 'A' },
    { ...terms, ratingSp: 'BB' },
  ])) as [number, number, number];
  await db
    .insertInto('bond_ratings')
    .values([
      { bond_id: downgraded, agency: 'sp', rating: 'A', effective_date: '2024-08-08' },
      { bond_id: downgraded, agency: 'sp', rating: 'BB', effective_date: CHANGE },
    ])
    .execute();
  await createCurves(db, DAYS);
  await priceHistory(db, '2026-11-05', '2026-11-17');
  await repriceUniverse(db, '2026-11-18', { kind: 'eod' });
}, 120_000);

afterAll(async () => handle?.close());

describe('point-in-time ratings in pricing and market history', () => {
  it('history closes before the downgrade price the bond as it was rated then', async () => {
    for (const day of ['2026-11-05', '2026-11-09', '2026-11-10']) {
      expect(await close(downgraded, day), day).toBeCloseTo(await close(twinA, day), 6);
      expect(await close(downgraded, day), day).not.toBeCloseTo(await close(twinBB, day), 1);
    }
  });

  it('from the downgrade on, history and today price it as high yield', async () => {
    for (const day of [CHANGE, '2026-11-17', '2026-11-18'])
      expect(await close(downgraded, day), day).toBeCloseTo(await close(twinBB, day), 6);
  });

  it('market history by rating segment counts the bond in the class it had that day', async () => {
    const series = async (segment: string) =>
      new Map(
        (await marketDetail(db, { metric: 'price', segment, from: '2026-11-05', to: '2026-11-17' })).points.map((p) => [
          p.date,
          p.bondCount,
        ]),
      );
    const hy = await series('HY');
    const ig = await series('IG');
    const a = await series('rating:A');
    for (const day of ['2026-11-05', '2026-11-10']) {
      expect([hy.get(day), ig.get(day), a.get(day)], day).toEqual([1, 2, 2]);
    }
    for (const day of [CHANGE, '2026-11-17']) expect([hy.get(day), ig.get(day), a.get(day)], day).toEqual([2, 1, 1]);
  });

  it('the steps merge agencies day by day: S&P first, Moody’s where S&P has no rating', () => {
    expect(ratingStepsOf('sp A 2024-01-02;moody A2 2024-01-02;sp BB+ 2026-05-01', 'BB+', 'A2')).toEqual([
      { from: '2024-01-02', rating: 'A', notch: 0 },
      { from: '2026-05-01', rating: 'BB', notch: -1 },
    ]);
    expect(ratingStepsOf('moody Baa1 2024-01-02;moody Ba1 2026-05-01', null, 'Ba1')).toEqual([
      { from: '2024-01-02', rating: 'BBB', notch: -1 },
      { from: '2026-05-01', rating: 'BB', notch: -1 },
    ]);
  });

  it('a downgrade within a bucket is a step of its own: CCC+ to CCC− changes the notch the pricing uses that day', () => {
    const steps = ratingStepsOf('sp CCC+ 2024-01-02;sp CCC- 2026-05-01', 'CCC-', null);
    expect(steps).toEqual([
      { from: '2024-01-02', rating: 'CCC', notch: -1 },
      { from: '2026-05-01', rating: 'CCC', notch: 1 },
    ]);
    const entry = bulletEntry({ rating: 'CCC', notch: 1, highYield: true, ratingSteps: steps });
    expect(onDay(entry, '2026-04-30').notch).toBe(-1);
    expect(onDay(entry, '2026-05-01')).toBe(entry);
  });
});
