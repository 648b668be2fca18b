/**
 * The secondary market a new issue is priced against, read from the stored end-of-day evaluated
 * prices: the issuer's bonds (spread by remaining tenor) and its sector-and-rating curve on one
 * close, and the Treasury curve of a day. Past closes never change, so their curves are
 * remembered per database.
 */
import type { Curve } from '@analytics/index';
import { type Kysely, sql } from 'kysely';
import { compositeRating, ratingBucketOf, spRatingsIn, type RatingBucket } from '../../../common/market';
import type { Database } from '../../db/schema';
import { compositeRatingIn } from '../market/compositeRating';
import { fitLogCurve, type CurvePointInput, type LogCurve } from './fairValue';
import { defineCache } from '../caches/registry';

const DAY_MS = 86_400_000;

export interface IssuerPoint extends CurvePointInput {
  bondId: number;
  cusip: string;
  description: string;
  seniority: string;
  ratingSp: string | null;
  ratingMoody: string | null;
}

/**
 * The issuer's bonds of one rank (a new issue of unknown rank is senior unsecured, as most are);
 * never a mix of ranks (fairValueForRank notches from the senior curve when the rank has none).
 * Why: a subordinated bond trades 1.3–1.6× its issuer's senior spread (and a notch or more
 * lower); one curve through both put a bank's senior tranche 100+ bp wide of fair and its
 * subordinated one 80–240 bp tight (docs/primary-markets.md, "Concession accuracy").
 */
export function pointsOfRank(points: readonly IssuerPoint[], seniority: string | null): IssuerPoint[] {
  const rank = seniority ?? 'Senior Unsecured';
  return points.filter((p) => p.seniority === rank);
}

/** The last close strictly before `day` (a day with a Treasury curve), or null. */
export async function closeBefore(db: Kysely<Database>, day: string): Promise<string | null> {
  const { rows } = await sql<{ d: string | null }>`
    select to_char(max(curve_date), 'YYYY-MM-DD') as d from treasury_curve_points where curve_date < ${day}::date`.execute(db);
  return rows[0]?.d ?? null;
}

/**
 * The issuer's fixed-coupon bonds with an end-of-day G-spread on `close`, issued by then (a
 * deal's own new bonds are not yet there), with remaining tenor in years.
 */
export async function issuerPoints(db: Kysely<Database>, issuerId: number, close: string): Promise<IssuerPoint[]> {
  const { rows } = await sql<{
    id: number;
    cusip: string;
    description: string;
    seniority: string;
    maturity: string;
    amount: string;
    spread: string;
    rating_sp: string | null;
    rating_moody: string | null;
  }>`
    select b.id, b.cusip, b.description, b.seniority, b.rating_sp, b.rating_moody, to_char(b.maturity_date, 'YYYY-MM-DD') as maturity,
           b.amount_outstanding as amount, ${spreadToWorst('e')} as spread
    from bonds b
    join evaluated_prices e on e.bond_id = b.id and e.kind = 'eod' and e.price_date = ${close}::date
    where b.issuer_id = ${issuerId} and b.coupon_type <> 'floating' and b.issue_date <= ${close}::date
      and b.maturity_date > ${close}::date and e.g_spread_bp is not null
    order by b.maturity_date`.execute(db);
  const closeMs = Date.parse(`${close}T00:00:00Z`);
  return rows.map((r) => ({
    bondId: r.id,
    cusip: r.cusip,
    description: r.description,
    seniority: r.seniority,
    ratingSp: r.rating_sp,
    ratingMoody: r.rating_moody,
    tenor: (Date.parse(`${r.maturity}T00:00:00Z`) - closeMs) / (365.25 * DAY_MS),
    spreadBp: Number(r.spread),
    weight: Number(r.amount),
  }));
}

/**
 * A close's spread as fair value reads it: the G-spread, taken to worst for a callable. A premium
 * callable trades to its call (its yield to worst, `inputs.m[1]`, below its yield to maturity), so
 * its G-spread to maturity reads wide of its credit by the difference — up to 100 bp and more for
 * a high-yield bond with a high coupon, which made an issuer's curve (and a high-yield rating
 * curve) wide of where its new bonds price. The yield to worst over the same Treasury point is
 * how high yield is quoted (spread to worst).
 */
function spreadToWorst(alias: 'e') {
  const e = sql.ref(alias);
  return sql<string>`(${e}.g_spread_bp - greatest(0, ${e}.yield - coalesce((${e}.inputs->'m'->>1)::numeric, ${e}.yield)) * 10000)`;
}

const sectorRatingCache = defineCache<Kysely<Database>, Map<string, LogCurve | null>>({
  name: 'primary.sectorRatingCurves',
  home: 'server/services/primary/secondaryLevels.ts',
  per: 'database',
  key: 'close day, top-level sector, S&P letter bucket',
  lifetime: 'until invalidated',
  invalidatedBy: ['nothing: a past close is taken as final (a re-import of that close is not seen until the process restarts)'],
});

/**
 * The curve of every fixed-coupon bond of a top-level sector and S&P letter bucket on `close`
 * (falling back to the bucket across sectors when the sector has fewer than five such bonds).
 */
export async function sectorRatingCurve(
  db: Kysely<Database>,
  sectorCode: string,
  bucket: RatingBucket,
  close: string,
): Promise<LogCurve | null> {
  const cache = sectorRatingCache.of(db, () => new Map());
  const key = `${close}|${sectorCode}|${bucket}`;
  if (cache.has(key)) return cache.get(key)!;
  const inSector = await bucketPoints(db, bucket, close, sectorCode);
  const points = inSector.length >= 5 ? inSector : await bucketPoints(db, bucket, close, null);
  const curve = fitLogCurve(points);
  cache.set(key, curve);
  return curve;
}

async function bucketPoints(
  db: Kysely<Database>,
  bucket: RatingBucket,
  close: string,
  sectorCode: string | null,
): Promise<CurvePointInput[]> {
  const { rows } = await sql<{ years: string; amount: string; spread: string }>`
    select (b.maturity_date - ${close}::date) / 365.25 as years, b.amount_outstanding as amount, ${spreadToWorst('e')} as spread
    from bonds b
    join issuers i on i.id = b.issuer_id
    join sectors ind on ind.id = i.sector_id
    left join sectors sec on sec.id = ind.parent_id
    join evaluated_prices e on e.bond_id = b.id and e.kind = 'eod' and e.price_date = ${close}::date
    where b.coupon_type <> 'floating' and ${compositeRatingIn('b', spRatingsIn(bucket))}
      and b.maturity_date > ${close}::date and e.g_spread_bp is not null
      and (${sectorCode}::text is null or coalesce(sec.code, ind.code) = ${sectorCode})`.execute(db);
  return rows.map((r) => ({ tenor: Number(r.years), spreadBp: Number(r.spread), weight: Number(r.amount) }));
}

/** The bucket a deal is compared in: its basis rating's letter (S&P, else Moody's), BBB when unrated. */
export function dealBucket(ratingSp: string | null, ratingMoody: string | null = null): RatingBucket {
  return ratingBucketOf(compositeRating(ratingSp, ratingMoody)) ?? 'BBB';
}

/**
 * The bucket fair value reads an issuer in: the rating of its largest senior unsecured bond (the
 * curve a tranche is notched from), else the deal's. Why: a deal's rating is its tranche's once
 * priced, and a secured tranche of a BB+ issuer is rated BBB- — which read a high-yield issuer's
 * curve with investment-grade slopes and multiples.
 */
export function seniorBucket(points: readonly IssuerPoint[], dealRatingSp: string | null, dealRatingMoody: string | null): RatingBucket {
  const senior = points.filter((p) => p.seniority === 'Senior Unsecured' && (p.ratingSp !== null || p.ratingMoody !== null));
  const largest = senior.reduce<IssuerPoint | null>((a, p) => (a === null || p.weight > a.weight ? p : a), null);
  return largest ? dealBucket(largest.ratingSp, largest.ratingMoody) : dealBucket(dealRatingSp, dealRatingMoody);
}

/** The Treasury par curve in force on `day` (the latest on or before it), or null. */
export async function treasuryCurveOn(db: Kysely<Database>, day: string): Promise<Curve | null> {
  const { rows } = await sql<{ tenor: string; years: string; yield: string }>`
    select tenor, years, yield from treasury_curve_points
    where curve_date = (select max(curve_date) from treasury_curve_points where curve_date <= ${day}::date)
    order by years`.execute(db);
  if (rows.length < 2) return null;
  return { tenors: rows.map((r) => r.tenor), years: rows.map((r) => Number(r.years)), yields: rows.map((r) => Number(r.yield)) };
}
