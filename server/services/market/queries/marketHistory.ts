import { type Kysely, type RawBuilder, sql } from 'kysely';
import type {
  MarketDetailResponse,
  MarketMetric,
  MarketMovesResponse,
  MarketWeighting,
  TermStructureChangeResponse,
} from '../../../../common/api/market';
import { TENOR_BUCKET_IDS, type TenorBucket } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { ServiceRefusal } from '../../refusal';
import { RANGE_REFUSAL } from '../../../../common/api/dates';
import { queryRefusal } from '../../../../common/api/shared';
import { addDays, eodDateOnOrBefore, isoDay, marketAsOf, n, yearsBetween } from './common';
import { bondTableSnapshot, fromSnapshot, type Snapshot } from './bondTableSnapshot';
import { hasBit, matchesOf } from './bondTableMasks';
import type { BondFilters } from './bondList';
import { lastRatingChangeJoin, round, segmentCondition, segmentConditionOn, tenorBucketCaseFrom, WeightedMean } from './segments';
import { marketSummary } from './marketSummary';
import { deepFreeze } from '../../caches/deepFreeze';
import { tenorBucketOf } from '../../../../common/market';
import { marketClock } from './marketClock';
import { defineCache } from '../../caches/registry';

/**
 * A close's value of each metric, as the summary shows it today: the yield is the yield to worst
 * (kept in the lineage's `m`; the column holds the yield to maturity), the spread the G-spread.
 */
const EOD_VALUE: Record<Exclude<MarketMetric, 'volume'>, ReturnType<typeof sql.raw>> = {
  yield: sql.raw(`coalesce((ep.inputs->'m'->>1)::numeric, ep.yield)`),
  spread: sql.raw('ep.g_spread_bp'),
  price: sql.raw('ep.clean_price'),
};

/**
 * Daily series of one summary cell: for each end-of-day date, the amount-weighted average of
 * the metric over the segment's bonds whose remaining maturity ON THAT DAY falls in the tenor
 * bucket (volume: the day's summed volume). The plain average on every day instead when a bond
 * of the series has no amount outstanding (FINRA's public data has none: weighted by size, such
 * a bond counted for nothing and a series of them had no points) or the summary averages
 * equally; a series of sized bonds ending on such a summary's cell (a market day whose market
 * has an unsized bond elsewhere) is then equal too, so its last point compares with the others. Default range: one year to the market day, whose
 * point is the summary's cell as it stands now — so the series ends at the value the summary
 * shows, the day's close not being struck yet.
 */
export async function marketDetail(
  db: Kysely<Database>,
  q: { metric: MarketMetric; tenor?: TenorBucket | undefined; segment: string; from?: string | undefined; to?: string | undefined },
): Promise<MarketDetailResponse> {
  const to = q.to ?? (await marketAsOf(db)).day;
  const from = q.from ?? addDays(to, -365);
  // Each day's segment by the ratings in force that day (point in time), not today's.
  const segmentOn = (day: RawBuilder<unknown>) => segmentConditionOn(q.segment, day);
  const today = await marketAsOf(db);
  // The range reaches the market day: its point is the summary's cell now (todayCell).
  const now = to >= today.day ? await todayCell(db, q) : null;
  let rows: { d: string | Date; v: string | null; bonds: string }[];
  let weighting: MarketWeighting | null = null;
  if (q.metric === 'volume') {
    const tenor = q.tenor
      ? sql<boolean>`${tenorBucketCaseFrom(sql.ref('b.maturity_date'), sql.ref('d.trade_date'))} = ${q.tenor}`
      : sql<boolean>`true`;
    rows = (
      await sql<{ d: string | Date; v: string | null; bonds: string }>`
        select d.trade_date as d, sum(d.volume) as v, count(*) as bonds
        from daily_bond_stats d join bonds b on b.id = d.bond_id join issuers i on i.id = b.issuer_id ${lastRatingChangeJoin}
        where d.trade_date between ${from}::date and ${to}::date and ${segmentOn(sql.ref('d.trade_date'))} and ${tenor}
        group by 1 order by 1`.execute(db)
    ).rows;
  } else {
    const col = EOD_VALUE[q.metric];
    const tenor = q.tenor
      ? sql<boolean>`${tenorBucketCaseFrom(sql.ref('b.maturity_date'), sql.ref('ep.price_date'))} = ${q.tenor}`
      : sql<boolean>`true`;
    // Both averages in one pass; the series keeps one for all its days.
    const daily = (
      await sql<{ d: string | Date; by_size: string | null; equal: string | null; bonds: string; unsized: string }>`
        select ep.price_date as d,
          sum(b.amount_outstanding * ${col}) / nullif(sum(b.amount_outstanding) filter (where ${col} is not null), 0) as by_size,
          avg(${col}) as equal,
          count(${col}) as bonds,
          count(${col}) filter (where not b.amount_outstanding > 0) as unsized
        from evaluated_prices ep join bonds b on b.id = ep.bond_id join issuers i on i.id = b.issuer_id ${lastRatingChangeJoin}
        where ep.kind = 'eod' and ep.price_date between ${from}::date and ${to}::date
          and b.maturity_date > ep.price_date and ${segmentOn(sql.ref('ep.price_date'))} and ${tenor}
        group by 1 order by 1`.execute(db)
    ).rows;
    // Equal when a bond of the series has no size, or when the point it ends on (the summary's) is equal.
    const unsized = daily.some((r) => Number(r.unsized) > 0) || now?.weighting === 'equal';
    weighting = unsized ? 'equal' : 'amountOutstanding';
    rows = daily.map((r) => ({ d: r.d, v: unsized ? r.equal : r.by_size, bonds: r.bonds }));
  }
  const points = rows
    .filter((r) => r.v !== null)
    .map((r) => ({ date: isoDay(r.d)!, value: round(Number(r.v))!, bondCount: Number(r.bonds) }));
  if (now) {
    if (points.at(-1)?.date === today.day) points.pop();
    points.push({ date: today.day, value: now.value, bondCount: now.bondCount });
  }
  return { metric: q.metric, tenor: q.tenor ?? null, segment: q.segment, points, weighting };
}

/** The summary's cell for this metric, segment and tenor, now. */
async function todayCell(
  db: Kysely<Database>,
  q: { metric: MarketMetric; tenor?: TenorBucket | undefined; segment: string },
): Promise<{ value: number; bondCount: number; weighting: MarketWeighting } | null> {
  const summary = await marketSummary(db, { metric: q.metric, segments: [q.segment] });
  const row = summary.rows.find((r) => r.segment === q.segment);
  const cell = q.tenor ? row?.cells.find((c) => c.tenor === q.tenor) : row?.total;
  return cell && cell.value !== null && cell.bondCount > 0
    ? { value: cell.value, bondCount: cell.bondCount, weighting: summary.weighting }
    : null;
}

/**
 * Each bond's latest end-of-day value on or before two dates (one index probe per bond and
 * date on evaluated_prices(bond_id, price_date, kind)).
 */
function eodAt(column: string, day: string) {
  return sql`(select ${sql.ref(column)} from evaluated_prices e
    where e.bond_id = b.id and e.kind = 'eod' and e.price_date <= ${day}::date
    order by e.price_date desc limit 1)`;
}

/**
 * An issuer's or sector's curve on two dates: per bond the metric on each date, bucketed by
 * remaining tenor at `to`; buckets average the bonds with both values (weighted by amount
 * outstanding, or equally when one of them has none: `weighting`), so a bucket's change is
 * exactly to − from.
 */
export async function termStructureChange(
  db: Kysely<Database>,
  q: {
    issuerId?: number | undefined;
    sector?: string | undefined;
    metric: 'spread' | 'yield';
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<TermStructureChangeResponse> {
  if (q.issuerId === undefined && !q.sector) throw new ServiceRefusal('invalid', queryRefusal('issuerId', 'choose an issuer or a sector'));
  if (q.issuerId !== undefined && !(await db.selectFrom('issuers').select('id').where('id', '=', q.issuerId).executeTakeFirst())) {
    throw new ServiceRefusal('not found', `Issuer ${q.issuerId} not found`);
  }
  if (q.sector && !(await db.selectFrom('sectors').select('id').where('code', '=', q.sector).executeTakeFirst())) {
    throw new ServiceRefusal('not found', `Sector ${q.sector} not found`);
  }
  const to = q.to ?? (await marketAsOf(db)).day;
  const from = q.from ?? addDays(to, -30);
  if (from > to) throw new ServiceRefusal('invalid', queryRefusal('from', RANGE_REFUSAL.reversed(to)));
  const column = q.metric === 'spread' ? 'e.g_spread_bp' : 'e.yield';
  const scope = q.issuerId !== undefined ? sql<boolean>`b.issuer_id = ${q.issuerId}` : segmentCondition(`sector:${q.sector}`);
  const rows = await sql<{
    id: number;
    description: string;
    maturity_date: string | Date;
    amount_outstanding: string;
    v_from: string | null;
    v_to: string | null;
    d_from: string | Date | null;
    d_to: string | Date | null;
  }>`
    select b.id, b.description, b.maturity_date, b.amount_outstanding,
      ${eodAt(column, from)} as v_from, ${eodAt(column, to)} as v_to,
      ${eodAt('e.price_date', from)} as d_from, ${eodAt('e.price_date', to)} as d_to
    from bonds b join issuers i on i.id = b.issuer_id
    where ${scope} and b.maturity_date > ${to}::date and b.issue_date <= ${from}::date
    order by b.maturity_date, b.id`.execute(db);
  // One rule for every bucket, so the buckets compare: equal weights as soon as one bond that
  // counts (a value on both dates) has no amount outstanding (FINRA's public data has none:
  // weighted by size, such a bond counted for nothing and a sector of them had no curve).
  const counts = (r: (typeof rows.rows)[number]) => n(r.v_from) !== null && n(r.v_to) !== null;
  const weighting: MarketWeighting = rows.rows.some((r) => counts(r) && !(Number(r.amount_outstanding) > 0))
    ? 'equal'
    : 'amountOutstanding';
  const buckets = new Map<TenorBucket, { from: WeightedMean; to: WeightedMean; count: number }>();
  const bonds = rows.rows.map((r) => {
    const tenor = yearsBetween(to, isoDay(r.maturity_date)!);
    const vFrom = n(r.v_from);
    const vTo = n(r.v_to);
    if (vFrom !== null && vTo !== null) {
      const id = tenorBucketOf(tenor);
      let b = buckets.get(id);
      if (!b) buckets.set(id, (b = { from: new WeightedMean(), to: new WeightedMean(), count: 0 }));
      const w = weighting === 'equal' ? 1 : Number(r.amount_outstanding);
      b.from.add(vFrom, w);
      b.to.add(vTo, w);
      b.count++;
    }
    return {
      bondId: r.id,
      description: r.description,
      tenor,
      from: vFrom,
      to: vTo,
      change: vFrom !== null && vTo !== null ? round(vTo - vFrom, 7) : null,
    };
  });
  const dates = (key: 'd_from' | 'd_to') =>
    rows.rows
      .map((r) => isoDay(r[key]))
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1) ?? null;
  return {
    metric: q.metric,
    fromDate: dates('d_from'),
    toDate: dates('d_to'),
    buckets: TENOR_BUCKET_IDS.filter((t) => buckets.has(t)).map((t) => {
      const b = buckets.get(t)!;
      const f = round(b.from.value, 7);
      const tv = round(b.to.value, 7);
      return { tenor: t, from: f, to: tv, change: f !== null && tv !== null ? round(tv - f, 7) : null, bondCount: b.count };
    }),
    bonds,
    weighting,
  };
}

const MOVE_FIELDS = {
  price: { now: 'price', change: 'changePrice', eod: 'clean_price' },
  yield: { now: 'yieldToWorst', change: 'changeYTW', eod: 'yield' },
  spread: { now: 'gSpread', change: 'changeGSpread', eod: 'g_spread_bp' },
} as const;

/** Closes of past days are final: kept per database, date and metric (a few, for 10 minutes). */
const BASE_TTL_MS = 600_000;
const baseCache = defineCache<object, Map<string, { at: number; date: string | null; values: Map<number, number> }>>({
  name: 'market.closesOn',
  home: 'server/services/market/queries/marketHistory.ts',
  per: 'database',
  key: 'day and metric',
  lifetime: { ms: BASE_TTL_MS, clock: 'market clock' },
  invalidatedBy: ['a close re-priced (within the lifetime)'],
  bound: 13,
});

/** Every bond's end-of-day value on the latest close date on or before `day` (one index range). */
async function closesOn(db: Kysely<Database>, day: string, metric: keyof typeof MOVE_FIELDS) {
  const cache = baseCache.of(db, () => new Map());
  const key = `${day}|${metric}`;
  const hit = cache.get(key);
  if (hit && marketClock(db)() - hit.at < BASE_TTL_MS) return hit;
  const date = await eodDateOnOrBefore(db, day);
  const values = new Map<number, number>();
  if (date) {
    const rows = await sql<{ bond_id: number; v: string | null }>`
      select bond_id, ${sql.ref(MOVE_FIELDS[metric].eod)} as v from evaluated_prices
      where kind = 'eod' and price_date = ${date}::date`.execute(db);
    for (const r of rows.rows) if (r.v !== null) values.set(r.bond_id, Number(r.v));
  }
  const entry = { at: marketClock(db)(), date, values };
  if (cache.size > 12) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  return entry;
}

/**
 * Biggest movers, from the bond-table snapshot and its filters: 1d from today's change columns;
 * 1w/1m against the close of the latest end-of-day date on or before the market day minus 7/30
 * days. Largest absolute change first, ties by id.
 */
export async function marketMoves(
  db: Kysely<Database>,
  q: BondFilters & { metric: 'price' | 'yield' | 'spread'; period: '1d' | '1w' | '1m'; limit: number },
): Promise<MarketMovesResponse> {
  const snapshot = await bondTableSnapshot(db);
  const { day } = snapshot;
  const base = q.period === '1d' ? null : await closesOn(db, addDays(day, q.period === '1w' ? -7 : -30), q.metric);
  const key = `moves|${JSON.stringify(q)}|${base?.date}|${base?.at}`;
  // One answer for every caller until the snapshot moves: frozen, its text is reused (plugins/answerReuse.ts).
  return fromSnapshot(snapshot, key, () => deepFreeze(movesOf(snapshot, q, base)));
}

function movesOf(
  snapshot: Snapshot,
  q: BondFilters & { metric: 'price' | 'yield' | 'spread'; period: '1d' | '1w' | '1m'; limit: number },
  base: { date: string | null; values: Map<number, number> } | null,
): MarketMovesResponse {
  const fields = MOVE_FIELDS[q.metric];
  const { bits } = matchesOf(snapshot, q);
  const moves: MarketMovesResponse['moves'] = [];
  for (let k = 0; k < snapshot.records.length; k++) {
    const row = snapshot.records[k]!.row;
    const value = row[fields.now];
    if (value === null || !hasBit(bits, k)) continue;
    let previous: number | null | undefined;
    if (base) previous = base.values.get(row.id);
    else previous = row[fields.change] === null ? null : value - row[fields.change]!;
    if (previous === null || previous === undefined) continue;
    moves.push({
      bondId: row.id,
      cusip: row.bondIdentifier,
      description: row.description,
      ticker: row.ticker,
      ratingSP: row.ratingSP,
      ratingMoody: row.ratingMoody,
      tenor: row.tenor,
      value,
      previous: round(previous, 7)!,
      change: round(value - previous, 7)!,
    });
  }
  moves.sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.bondId - b.bondId);
  return { metric: q.metric, period: q.period, baseDate: base ? base.date : null, moves: moves.slice(0, q.limit) };
}
