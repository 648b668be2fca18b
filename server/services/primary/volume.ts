/**
 * New-issue volume: par issued by week or month (bonds by issue date, every priced tranche being a
 * bond), split by credit class, top-level sector or S&P letter bucket, with the deals priced in
 * each period and the year to date against the same span of the year before.
 */
import { type Kysely, sql } from 'kysely';
import type { VolumeResponse, VolumeSplit } from '../../../common/api/primary';
import { addDays, businessDayOnOrAfter, newYorkToday } from '../../../common/calendar';
import { RATING_BUCKETS, ratingBucketOf, ratingClassOf, SECTORS } from '../../../common/market';
import type { Database } from '../../db/schema';
import { compositeRatingSql } from '../market/compositeRating';
import { mondayOf } from './deals';

/** First day of the period containing `day`. */
export function periodStart(day: string, period: 'week' | 'month'): string {
  return period === 'week' ? mondayOf(day) : `${day.slice(0, 7)}-01`;
}

/** The period start `n` periods after `start` (negative for before). */
export function shiftPeriod(start: string, period: 'week' | 'month', n: number): string {
  if (period === 'week') return addDays(start, 7 * n);
  const [y, m] = start.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 10);
}

function keysOf(by: VolumeSplit): { key: string; label: string }[] {
  if (by === 'class')
    return [
      { key: 'IG', label: 'Investment grade' },
      { key: 'HY', label: 'High yield' },
      { key: 'NR', label: 'Not rated' },
    ];
  if (by === 'sector') return SECTORS.map((s) => ({ key: s.code, label: s.name }));
  return [...RATING_BUCKETS.map((b) => ({ key: b, label: b })), { key: 'NR', label: 'Not rated' }];
}

function keyOf(by: VolumeSplit, row: { rating: string | null; sector_code: string }): string {
  if (by === 'class') return ratingClassOf(row.rating) ?? 'NR';
  if (by === 'sector') return row.sector_code;
  return ratingBucketOf(row.rating) ?? 'NR';
}

export async function newIssueVolumeBy(
  db: Kysely<Database>,
  q: { period: 'week' | 'month'; by: VolumeSplit; periods: number },
  now: Date,
): Promise<VolumeResponse> {
  const today = newYorkToday(now);
  const first = shiftPeriod(periodStart(today, q.period), q.period, -(q.periods - 1));
  const bonds = await sql<{ issue_date: string; amount: string; rating: string | null; sector_code: string }>`
    select to_char(b.issue_date, 'YYYY-MM-DD') as issue_date, b.amount_issued as amount, ${compositeRatingSql('b')} as rating,
           coalesce(sec.code, ind.code) as sector_code
    from bonds b join issuers i on i.id = b.issuer_id join sectors ind on ind.id = i.sector_id
    left join sectors sec on sec.id = ind.parent_id
    where b.issue_date >= ${first}::date and b.issue_date <= ${today}::date`.execute(db);
  const deals = await sql<{ day: string }>`
    select to_char((priced_at at time zone 'America/New_York')::date, 'YYYY-MM-DD') as day from deals
    where status = 'priced' and (priced_at at time zone 'America/New_York')::date between ${addDays(first, -4)}::date and ${today}::date`.execute(
    db,
  );
  const keys = keysOf(q.by);
  const periods = new Map<string, VolumeResponse['periods'][number]>();
  for (let k = 0; k < q.periods; k++) {
    const start = shiftPeriod(first, q.period, k);
    periods.set(start, { start, volume: 0, bonds: 0, deals: 0, byKey: Object.fromEntries(keys.map((x) => [x.key, 0])) });
  }
  for (const b of bonds.rows) {
    const p = periods.get(periodStart(b.issue_date, q.period));
    if (!p) continue;
    const amount = Number(b.amount);
    const key = keyOf(q.by, b);
    p.volume += amount;
    p.bonds += 1;
    p.byKey[key] = (p.byKey[key] ?? 0) + amount;
  }
  for (const d of deals.rows) {
    // By pricing day, a weekend or holiday pricing rolled to the next business day (as the deal pages).
    const p = periods.get(periodStart(businessDayOnOrAfter(d.day), q.period));
    if (p) p.deals += 1;
  }
  return { asOf: today, keys, periods: [...periods.values()], yearToDate: await yearToDate(db, today) };
}

async function yearToDate(db: Kysely<Database>, today: string): Promise<VolumeResponse['yearToDate']> {
  const year = Number(today.slice(0, 4));
  const priorEnd = `${year - 1}${today.slice(4)}`;
  const span = async (from: string, to: string) => {
    const { rows } = await sql<{ volume: string | null; bonds: string; deals: string }>`
      select (select sum(amount_issued) from bonds where issue_date between ${from}::date and ${to}::date) as volume,
             (select count(*) from bonds where issue_date between ${from}::date and ${to}::date) as bonds,
             (select count(*) from deals where status = 'priced'
                and (priced_at at time zone 'America/New_York')::date between ${from}::date and ${to}::date) as deals`.execute(db);
    const r = rows[0]!;
    return { volume: Number(r.volume ?? 0), bonds: Number(r.bonds), deals: Number(r.deals) };
  };
  // 29 February has no twin in the year before: the prior span then ends on 28 February.
  const priorTo = priorEnd.endsWith('-02-29') ? `${year - 1}-02-28` : priorEnd;
  const current = await span(`${year}-01-01`, today);
  const prior = await span(`${year - 1}-01-01`, priorTo);
  return { year, ...current, priorVolume: prior.volume, priorBonds: prior.bonds, priorDeals: prior.deals };
}
