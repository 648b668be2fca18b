/**
 * Bond terms for pricing, built once per bond into analytics `Bond` objects and cached per
 * process. The cache is only a cache: it is validated on every use by one aggregate query
 * (count, latest updated_at, highest id) and refreshed wholesale every few minutes, so rating or
 * sector changes made without touching `updated_at` are still picked up.
 */
import { parseDate, type Bond, type Call, type DayNumber } from '@analytics/index';
import { bondFromTerms, scheduledCalls } from '../../../common/pricingConventions';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { isHighYield, ratingBucket, ratingNotch, type RatingBucket } from './conventions';
import { fetchPacked, numOrNull, packFields } from './packed';
import type { CouponType } from '../../../common/market';
import { marketClock } from '../market/queries/marketClock';

/** A call the engine prices at its exact date (see {@link scheduledCalls}); `scheduled` is as published. */
export interface PricingCall extends Call {
  scheduled: string;
}

/** One bond as the pricing engine sees it. */
export interface BondEntry {
  id: number;
  issuerId: number;
  /** Top-level sector id (the industry's parent). */
  sectorId: number;
  /** Today's rating bucket (the bond's current ratings; the last step of `ratingSteps`). */
  rating: RatingBucket;
  /** Today's notch within the bucket (conventions.ratingNotch; the last step's when there is history). */
  notch?: number;
  highYield: boolean;
  /**
   * Point-in-time ratings from the rating history (bond_ratings), oldest first: `from` is the
   * first day (ISO) a bucket applies. Null when the bond has no history (its current ratings apply
   * on every day). See {@link onDay}.
   */
  ratingSteps?: { from: string; rating: RatingBucket; notch?: number }[] | null;
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
  private ratingsSignature = '';

  /** Brings the cache up to date: nothing, the changed rows, or everything. */
  async refresh(db: Kysely<Database>, force = false): Promise<void> {
    const { rows } = await sql<{ n: number; m: number; x: number; r: string }>`
      select (count(*) filter (where not_priced_reason is null))::int as n, coalesce(extract(epoch from max(updated_at)) * 1000, 0)::float8 as m,
             coalesce(max(id), 0)::int as x, (select coalesce(max(id), 0)::text from bond_ratings) as r from bonds`.execute(db);
    const { n, m, x, r } = rows[0]!;
    const signature = `${n}:${m}:${x}`;
    // New rating history (a migration, an import) reloads everything: it changes past days' ratings.
    if (r !== this.ratingsSignature) {
      this.ratingsSignature = r;
      force = true;
    }
    // Its age on the app's clock (the market read models' clock of this database).
    const now = marketClock(db)();
    const stale = force || now - this.loadedAtMs > FULL_REFRESH_MS;
    if (!stale && signature === this.signature) return;
    if (stale || this.bonds.size === 0 || m < this.maxUpdatedMs) {
      this.bonds.clear();
      for (const e of await loadTerms(db, null)) this.bonds.set(e.id, e);
      this.loadedAtMs = marketClock(db)();
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
  // Bonds flagged not priced (coupon structures we cannot value) are left out: no price beats a wrong one.
  const changed = sinceMs === null ? sql`true` : sql`b.updated_at >= to_timestamp(${sinceMs / 1000})`;
  const where = sql`${changed} and b.not_priced_reason is null`;
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
      // Rating history, oldest first: "agency rating YYYY-MM-DD" joined by ';'.
      `(select string_agg(r.agency || ' ' || r.rating || ' ' || to_char(r.effective_date, 'YYYY-MM-DD'), ';' order by r.effective_date, r.id)
        from bond_ratings r where r.bond_id = b.id)`,
    ])}
    from bonds b join issuers i on i.id = b.issuer_id join sectors s on s.id = i.sector_id where ${where}`,
  );
  return records.map(toEntry);
}

/**
 * Rating buckets over time from a bond's history rows ("agency rating day", oldest first): on
 * each day the latest row of each agency on or before it, an agency without one yet at its current
 * rating; S&P first, else Moody's (as `ratingBucket`). Consecutive equal buckets are merged.
 */
export function ratingStepsOf(
  history: string,
  currentSp: string | null,
  currentMoody: string | null,
): { from: string; rating: RatingBucket; notch: number }[] | null {
  if (!history) return null;
  const rows = history.split(';').map((row) => row.split(' ') as [string, string, string]);
  const steps: { from: string; rating: RatingBucket; notch: number }[] = [];
  let sp: string | null = null;
  let moody: string | null = null;
  const hasSp = rows.some((r) => r[0] === 'sp');
  const hasMoody = rows.some((r) => r[0] === 'moody');
  for (let i = 0; i < rows.length; i++) {
    const [agency, rating, day] = rows[i]!;
    if (agency === 'sp') sp = rating;
    else moody = rating;
    if (i + 1 < rows.length && rows[i + 1]![2] === day) continue;
    const spNow = sp ?? (hasSp ? null : currentSp);
    const moodyNow = moody ?? (hasMoody ? null : currentMoody);
    const bucket = ratingBucket(spNow, moodyNow);
    const notch = ratingNotch(spNow, moodyNow);
    const last = steps[steps.length - 1];
    if (!last || last.rating !== bucket || last.notch !== notch) steps.push({ from: day, rating: bucket, notch });
  }
  return steps;
}

/**
 * The bond as priced on `day` (ISO): its rating bucket (and so high-yield flag) is the one in force
 * that day from its rating history, never today's for a past day. The entry itself when it is the
 * same; a shallow copy otherwise. Before the first history row the first row's bucket applies.
 */
export function onDay(entry: BondEntry, day: string): BondEntry {
  const steps = entry.ratingSteps;
  if (!steps) return entry;
  let rating = steps[0]!.rating;
  let notch = steps[0]!.notch ?? 0;
  for (const s of steps) {
    if (s.from > day) break;
    rating = s.rating;
    notch = s.notch ?? 0;
  }
  return rating === entry.rating && notch === (entry.notch ?? 0) ? entry : { ...entry, rating, notch, highYield: isHighYield(rating) };
}

function toEntry(f: string[]): BondEntry {
  const couponType = f[3] as BondEntry['couponType'];
  const ratingSteps = ratingStepsOf(f[16] ?? '', f[13] || null, f[14] || null);
  // History decides today's bucket too when present (its last step), else the current columns.
  const rating = ratingSteps ? ratingSteps[ratingSteps.length - 1]!.rating : ratingBucket(f[13] || null, f[14] || null);
  const notch = ratingSteps ? ratingSteps[ratingSteps.length - 1]!.notch : ratingNotch(f[13] || null, f[14] || null);
  const entry: BondEntry = {
    id: Number(f[0]),
    issuerId: Number(f[1]),
    sectorId: Number(f[2]),
    rating,
    notch,
    highYield: isHighYield(rating),
    ratingSteps: ratingSteps && ratingSteps.length > 1 ? ratingSteps : null,
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
    entry.calls = scheduledCalls(entry.bond, f[11] ? (JSON.parse(f[11]) as { date: string; price: number }[]) : []);
  } catch (err) {
    entry.bond = null;
    entry.error = err instanceof Error ? err.message : String(err);
  }
  return entry;
}

export { scheduledCalls };
