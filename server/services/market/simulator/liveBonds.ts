/**
 * The simulator's view of the bonds it trades live, read from the database (so bonds priced by
 * another instance's deals are picked up): terms for pricing, rating, sector and issuer.
 * Cached per process, keyed by the bond count and highest id, and rebuilt when either changes.
 */
import { type Kysely, sql } from 'kysely';
import type { SectorCode } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { ratingNotch } from '../codesAndRatings';
import type { TradableBond } from './history';
import { bondNoise, priceable } from './model';
import { isStaleBond } from './trades';
import { CacheSlot, defineProcessCache } from '../../caches/registry';

export interface LiveBond extends TradableBond {
  issuerId: number;
  notch: number;
  ticker: string;
}

const liveBonds = defineProcessCache(
  {
    name: 'simulator.liveBonds',
    home: 'server/services/market/simulator/liveBonds.ts',
    per: 'process',
    key: 'seed, count and max id of the simulator bonds (one entry)',
    lifetime: 'until invalidated',
    invalidatedBy: ['a simulator bond added or removed (count and max id, checked on every call)'],
    bound: 1,
  },
  new CacheSlot<{ key: string; bonds: LiveBond[] }>(),
);

/** Simulator bonds still outstanding, with what trading and pricing them needs. */
export async function loadLiveBonds(db: Kysely<Database>, seed: number): Promise<LiveBond[]> {
  const stamp = await sql<{
    n: number;
    max: number | null;
  }>`select count(*)::int as n, max(id) as max from bonds where source = 'simulator'`.execute(db);
  const key = `${seed}:${stamp.rows[0]!.n}:${stamp.rows[0]!.max}`;
  if (liveBonds.value?.key === key) return liveBonds.value.bonds;
  const rows = await db
    .selectFrom('bonds as b')
    .innerJoin('issuers as i', 'i.id', 'b.issuer_id')
    .innerJoin('sectors as ind', 'ind.id', 'i.sector_id')
    .leftJoin('sectors as sec', 'sec.id', 'ind.parent_id')
    .select([
      'b.id',
      'b.cusip',
      'b.issuer_id',
      'i.ticker',
      'b.coupon_type',
      'b.coupon',
      'b.frequency',
      'b.day_count',
      // Dates as text: the driver would turn them into Date objects at local midnight.
      sql<string>`b.issue_date::text`.as('issue_date'),
      sql<string>`b.maturity_date::text`.as('maturity_date'),
      'b.call_schedule',
      'b.quoted_margin',
      'b.rating_sp',
      'b.amount_issued',
      'b.seniority',
      sql<string>`coalesce(sec.code, ind.code)`.as('sector'),
      sql<string | null>`case when sec.id is null then null else ind.name end`.as('industry'),
    ])
    .where('b.source', '=', 'simulator')
    .orderBy('b.id')
    .execute();
  const bonds: LiveBond[] = rows.map((r) => {
    const issueDate = r.issue_date;
    const maturityDate = r.maturity_date;
    return {
      id: r.id,
      cusip: r.cusip,
      issuerId: r.issuer_id,
      issuerKey: String(r.issuer_id),
      ticker: r.ticker,
      sector: r.sector as SectorCode,
      industry: r.industry ?? undefined,
      seniority: r.seniority,
      issueDate,
      maturityDate,
      amountIssued: Number(r.amount_issued),
      notch: ratingNotch(r.rating_sp) ?? 9,
      noise: bondNoise(seed, r.cusip),
      stale: isStaleBond(seed, r.cusip),
      priceable: priceable({
        couponType: r.coupon_type,
        coupon: Number(r.coupon),
        frequency: r.frequency,
        dayCount: r.day_count,
        issueDate,
        maturityDate,
        callSchedule: r.call_schedule,
        quotedMargin: r.quoted_margin === null ? null : Number(r.quoted_margin),
      }),
    };
  });
  liveBonds.value = { key, bonds };
  return bonds;
}
