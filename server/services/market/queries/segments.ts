import { type RawBuilder, sql } from 'kysely';
import { RATING_BUCKETS, type RatingBucket, spRatingsIn, TENOR_BUCKETS, type TenorBucket } from '../../../../common/market';
import { compositeRatingIn, compositeRatingOnSql } from '../compositeRating';
import { tenorBounds } from './common';

/**
 * Market segments as the APIs name them: `all`, `IG`, `HY`, `rating:<bucket>`,
 * `sector:<code>` (a sector code covers its industries). Conditions use the aliases b (bonds)
 * and i (issuers).
 */
export type SegmentId = string;

/** SQL condition selecting a segment's bonds. */
export function segmentCondition(segment: SegmentId): RawBuilder<boolean> {
  if (segment === 'all') return sql<boolean>`true`;
  if (segment === 'IG' || segment === 'HY') return compositeRatingIn('b', spRatingsIn(segment));
  if (segment.startsWith('rating:')) {
    return compositeRatingIn('b', spRatingsIn(segment.slice(7) as RatingBucket));
  }
  const code = segment.slice('sector:'.length);
  return sql<boolean>`i.sector_id in (
    select x.id from sectors x left join sectors px on px.id = x.parent_id where x.code = ${code} or px.code = ${code})`;
}

/**
 * {@link segmentCondition} for the rating a bond had on `day` (point in time: a series over past
 * days must not use today's ratings). Needs `last_rating_change` joined as `rc` ({@link lastRatingChangeJoin}).
 */
export function segmentConditionOn(segment: SegmentId, day: RawBuilder<unknown>): RawBuilder<boolean> {
  const ratings =
    segment === 'IG' || segment === 'HY'
      ? spRatingsIn(segment)
      : segment.startsWith('rating:')
        ? spRatingsIn(segment.slice(7) as RatingBucket)
        : null;
  if (!ratings) return segmentCondition(segment);
  return sql<boolean>`${compositeRatingOnSql('b', day, sql.ref('rc.last_change'))} = any(${[...ratings]}::text[])`;
}

/** Each bond's newest rating-history date, joined as `rc` for {@link segmentConditionOn}. */
export const lastRatingChangeJoin = sql`left join (select bond_id, max(effective_date) as last_change from bond_ratings group by bond_id) rc on rc.bond_id = b.id`;

/** Default summary rows: the whole market, IG, HY, each rating bucket, each top-level sector. */
export function defaultSegments(sectorCodes: string[]): SegmentId[] {
  return ['all', 'IG', 'HY', ...RATING_BUCKETS.map((b) => `rating:${b}`), ...sectorCodes.map((c) => `sector:${c}`)];
}

/** A readable label for a segment (sector names come from the sectors table). */
export function segmentLabel(segment: SegmentId, sectorNames: Map<string, string>): string {
  if (segment === 'all') return 'All bonds';
  if (segment === 'IG') return 'Investment grade';
  if (segment === 'HY') return 'High yield';
  if (segment.startsWith('rating:')) return segment.slice(7);
  const code = segment.slice(7);
  return sectorNames.get(code) ?? code;
}

/**
 * SQL CASE naming the tenor bucket of `maturity` seen from `asOfDay` (both fixed dates, so the
 * planner sees constants).
 */
export function tenorBucketCase(maturity: RawBuilder<unknown>, asOfDay: string): RawBuilder<TenorBucket> {
  const whens = TENOR_BUCKETS.slice(0, -1).map((b) => sql`when ${maturity} <= ${tenorBounds(asOfDay, b.id).upTo}::date then ${b.id}`);
  return sql<TenorBucket>`(case ${sql.join(whens, sql` `)} else '30Y' end)`;
}

/**
 * SQL CASE naming the tenor bucket of `maturity` seen from a date COLUMN (history queries),
 * with bucket edges in days.
 */
export function tenorBucketCaseFrom(maturity: RawBuilder<unknown>, day: RawBuilder<unknown>): RawBuilder<TenorBucket> {
  const whens = TENOR_BUCKETS.slice(0, -1).map((b) => sql`when ${maturity} - ${day} <= ${Math.round(b.maxYears * 365.25)} then ${b.id}`);
  return sql<TenorBucket>`(case ${sql.join(whens, sql` `)} else '30Y' end)`;
}

/** Weighted-average accumulator (weights: amount outstanding, or 1 each where sizes are unknown). */
export class WeightedMean {
  private sw = 0;
  private swx = 0;
  add(value: number | null, weight: number): void {
    if (value === null || !Number.isFinite(value) || !(weight > 0)) return;
    this.sw += weight;
    this.swx += weight * value;
  }
  /** Adds pre-aggregated sums (Σw, Σw·x). */
  addSums(sw: number, swx: number): void {
    this.sw += sw;
    this.swx += swx;
  }
  get value(): number | null {
    return this.sw > 0 ? this.swx / this.sw : null;
  }
}

/** Rounds for presentation: 6 decimals for decimals/prices, enough for bp too. */
export function round(value: number | null, digits = 6): number | null {
  if (value === null) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
