/**
 * Bond terms for pricing, built once per bond into analytics `Bond` objects and cached per
 * process. The cache is only a cache: it is validated on every use by one aggregate query
 * (count, latest updated_at, highest id) and refreshed wholesale every few minutes, so rating or
 * sector changes made without touching `updated_at` are still picked up.
 */
import { parseDate, type Bond, type Call, type DayNumber } from '@analytics/index';
import { bondFromTerms, snapCalls } from '../../../common/pricingConventions';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { isHighYield, ratingBucket, type RatingBucket } from './conventions';
import { fetchPacked, numOrNull, packFields } from './packed';
import type { CouponType } from '../../../common/market';

/** A call the engine can price: `date` is a coupon date (see {@link snapCalls}); `scheduled` is as published. */
export interface PricingCall extends Call {
  scheduled: string;
}

/** One bond as the pricing engine sees it. */
export interface BondEntry {
  id: number;
  issuerId: number;
  /** Top-level sector id (the industry's parent). */
  sectorId: number;
  rating: RatingBucket;
  highYield: boolean;
  couponType: CouponType;
  coupon: number;
  issueDay: DayNumber;
  maturity: string;
  maturityDay: DayNumber;
  quotedMargin: number;
  calls: PricingCall[];
  /** Null when the terms cannot be priced (reason in `error`). */
  bond: Bond | null;
  error: string | null;
  updatedAtMs: number;
}

const FULL_REFRESH_MS = 10 * 60_000;

/** Per-process terms cache for one database. */
export class TermsCache {
  readonly bonds = new Map<number, BondEntry>();
  private signature = '';
  private loadedAtMs = 0;
  private maxUpdatedMs = 0;

  /** Brings the cache up to date: nothing, the changed rows, or everything. */
  async refresh(db: Kysely<Database>, force = false): Promise<void> {
    const { rows } = await sql<{ n: number; m: number; x: number }>`
      select count(*)::int as n, coalesce(extract(epoch from max(updated_at)) * 1000, 0)::float8 as m,
             coalesce(max(id), 0)::int as x from bonds`.execute(db);
    const { n, m, x } = rows[0]!;
    const signature = `${n}:${m}:${x}`;
    const stale = force || Date.now() - this.loadedAtMs > FULL_REFRESH_MS;
    if (!stale && signature === this.signature) return;
    if (stale || this.bonds.size === 0 || m < this.maxUpdatedMs) {
      this.bonds.clear();
      for (const e of await loadTerms(db, null)) this.bonds.set(e.id, e);
      this.loadedAtMs = Date.now();
    } else {
      for (const e of await loadTerms(db, this.maxUpdatedMs)) this.bonds.set(e.id, e);
      // A deletion shows as a count that does not add up: reload everything then.
      if (this.bonds.size !== n) {
        this.bonds.clear();
        for (const e of await loadTerms(db, null)) this.bonds.set(e.id, e);
      }
    }
    this.signature = signature;
    this.maxUpdatedMs = m;
  }
}

/** Reads bonds (all, or those updated at or after `sinceMs`) and builds their entries. */
export async function loadTerms(db: Kysely<Database>, sinceMs: number | null): Promise<BondEntry[]> {
  const where = sinceMs === null ? sql`true` : sql`b.updated_at >= to_timestamp(${sinceMs / 1000})`;
  const records = await fetchPacked(
    db,
    sql`select ${packFields([
      'b.id',
      'b.issuer_id',
      'coalesce(s.parent_id, s.id)',
      'b.coupon_type',
      'b.coupon',
      'b.frequency',
      'b.day_count',
      'b.end_of_month',
      "to_char(b.issue_date, 'YYYY-MM-DD')",
      "to_char(b.first_coupon_date, 'YYYY-MM-DD')",
      "to_char(b.maturity_date, 'YYYY-MM-DD')",
      'b.call_schedule',
      'b.quoted_margin',
      'b.rating_sp',
      'b.rating_moody',
      'extract(epoch from b.updated_at) * 1000',
    ])}
    from bonds b join issuers i on i.id = b.issuer_id join sectors s on s.id = i.sector_id where ${where}`,
  );
  return records.map(toEntry);
}

function toEntry(f: string[]): BondEntry {
  const couponType = f[3] as BondEntry['couponType'];
  const rating = ratingBucket(f[13] || null, f[14] || null);
  const entry: BondEntry = {
    id: Number(f[0]),
    issuerId: Number(f[1]),
    sectorId: Number(f[2]),
    rating,
    highYield: isHighYield(rating),
    couponType,
    coupon: Number(f[4]),
    issueDay: parseDate(f[8]),
    maturity: f[10]!,
    maturityDay: parseDate(f[10]),
    quotedMargin: numOrNull(f[12]) ?? 0,
    calls: [],
    bond: null,
    error: null,
    updatedAtMs: Number(f[15]),
  };
  try {
    entry.bond = bondFromTerms({
      couponType,
      coupon: entry.coupon,
      frequency: Number(f[5]),
      dayCount: f[6]!,
      endOfMonth: f[7] === 'true',
      issueDate: f[8]!,
      maturityDate: f[10]!,
      firstCouponDate: f[9] || null,
    });
    entry.calls = snapCalls(entry.bond, f[11] ? (JSON.parse(f[11]) as { date: string; price: number }[]) : []);
  } catch (err) {
    entry.bond = null;
    entry.error = err instanceof Error ? err.message : String(err);
  }
  return entry;
}

export { snapCalls };
