import { type Kysely, sql } from 'kysely';
import type { MarketMetric, MarketSummaryResponse, SummaryCell, MarketWeighting } from '../../../../common/api/market';
import { ratingBucketOf, ratingClassOf, TENOR_BUCKET_IDS, type TenorBucket } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { isoDay, tenorBounds } from './common';
import { bondTableSnapshot, fromSnapshot, type Snapshot } from './bondTableSnapshot';
import { type MarketVersion, perMarketVersion } from './marketVersion';
import { defaultSegments, round, segmentLabel, WeightedMean } from './segments';
import { defineCache } from '../../caches/registry';
import { deepFreeze } from '../../caches/deepFreeze';

interface SectorInfo {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
}

/** All sectors, with lookups: the taxonomy is small (tens of rows). */
export async function loadSectors(db: Kysely<Database>) {
  const rows = await db.selectFrom('sectors').select(['id', 'code', 'name', 'parent_id']).orderBy('code').execute();
  const list: SectorInfo[] = rows.map((r) => ({ id: r.id, code: r.code, name: r.name, parentId: r.parent_id }));
  const byId = new Map(list.map((s) => [s.id, s]));
  /** Codes a bond of this (industry) sector id belongs to: its own and its parent's. */
  const codesOf = (sectorId: number): string[] => {
    const s = byId.get(sectorId);
    if (!s) return [];
    const parent = s.parentId === null ? undefined : byId.get(s.parentId);
    return parent ? [s.code, parent.code] : [s.code];
  };
  return { list, byId, codesOf, top: list.filter((s) => s.parentId === null) };
}

/** Whether a bond with this composite rating and these sector codes is in the segment. */
export function inSegment(segment: string, rating: string | null, codes: string[]): boolean {
  if (segment === 'all') return true;
  if (segment === 'IG' || segment === 'HY') return ratingClassOf(rating) === segment;
  if (segment.startsWith('rating:')) return ratingBucketOf(rating) === segment.slice(7);
  return codes.includes(segment.slice(7));
}

/** Level and change fields of each averaged metric in a bond-table row. */
const METRIC_FIELDS = {
  yield: ['yieldToWorst', 'changeYTW'],
  spread: ['gSpread', 'changeGSpread'],
  price: ['price', 'changePrice'],
} as const;

/** The latest trading day with stats strictly before `day` (the previous session). */
async function previousTradeDay(db: Kysely<Database>, day: string): Promise<string | null> {
  const r = await sql<{
    d: string | Date | null;
  }>`select max(trade_date) as d from daily_bond_stats where trade_date < ${day}::date`.execute(db);
  return isoDay(r.rows[0]?.d ?? null);
}

/** Past sessions' volumes do not change: kept per database and day (a few recent days). */
const previousVolumeCache = defineCache<object, Map<string, Map<number, number>>>({
  name: 'market.previousVolumes',
  home: 'server/services/market/queries/marketSummary.ts',
  per: 'database',
  key: 'past trade day',
  lifetime: 'until invalidated',
  invalidatedBy: ["nothing: a past session's volumes are final (the oldest day goes past the bound)"],
  bound: 5,
});
async function volumesOn(db: Kysely<Database>, day: string): Promise<Map<number, number>> {
  const cache = previousVolumeCache.of(db, () => new Map());
  const hit = cache.get(day);
  if (hit) return hit;
  const rows = await db.selectFrom('daily_bond_stats').select(['bond_id', 'volume']).where('trade_date', '=', day).execute();
  const out = new Map(rows.map((r) => [r.bond_id, Number(r.volume)]));
  if (cache.size > 4) cache.delete(cache.keys().next().value!);
  cache.set(day, out);
  return out;
}

/** Tenor bucket of a maturity seen from the market day (same bounds as the tenor filter). */
export function bucketer(day: string): (maturity: string) => TenorBucket {
  const bounds = TENOR_BUCKET_IDS.map((id) => ({ id, upTo: tenorBounds(day, id).upTo }));
  return (maturity) => bounds.find((b) => b.upTo === null || maturity <= b.upTo)!.id;
}

/** Codes (own and parent's) each industry id belongs to, from the snapshot's taxonomy. */
export function sectorCodes(snapshot: Snapshot): (sectorId: number) => string[] {
  const byId = new Map(snapshot.sectors.map((x) => [x.id, x]));
  const memo = new Map<number, string[]>();
  return (id) => {
    let codes = memo.get(id);
    if (!codes) {
      const own = byId.get(id);
      const parent = own?.parentId != null ? byId.get(own.parentId) : undefined;
      memo.set(id, (codes = [own?.code, parent?.code].filter((c): c is string => Boolean(c))));
    }
    return codes;
  };
}

/**
 * The Treasury curve and the previous session, read once per market version (the version moves
 * with any curve write and any reprice) instead of on every request: under the API benchmark's
 * load the summary cost ~3 ms of server CPU a request, most of it these reads and serialising a
 * new answer object each time.
 */
const treasuries = defineCache<MarketVersion, Map<string, Promise<MarketSummaryResponse['treasury']>>>({
  name: 'market.summaryTreasury',
  home: 'server/services/market/queries/marketSummary.ts',
  per: 'market version',
  key: 'market day',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['a new market version (any Treasury curve write, any reprice)'],
});
const previousDays = defineCache<MarketVersion, Map<string, Promise<string | null>>>({
  name: 'market.previousTradeDay',
  home: 'server/services/market/queries/marketSummary.ts',
  per: 'market version',
  key: 'market day',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['a new market version (a trade printed or imported, a reprice)'],
});
const summaryAnswers = defineCache<object, WeakMap<object, MarketSummaryResponse>>({
  name: 'market.summaryAnswers',
  home: 'server/services/market/queries/marketSummary.ts',
  per: 'summary grid',
  key: 'Treasury curve object (an answer is rebuilt when its as-of moved)',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['a new grid (new snapshot records) or a new Treasury curve (new market version)'],
});

/**
 * Segment × tenor grid of today's level and daily change, from the bond-table snapshot (no
 * database scan): levels and changes are averages over the bonds that have the value, weighted
 * by amount outstanding when every priced bond has one, else equally ({@link summaryWeighting});
 * volume is summed, its change against the previous session's volume.
 */
export async function marketSummary(
  db: Kysely<Database>,
  q: { metric: MarketMetric; segments?: string[] | undefined },
): Promise<MarketSummaryResponse> {
  const snapshot = await bondTableSnapshot(db);
  const { day, asOf, version } = snapshot;
  const prevDay = q.metric === 'volume' ? await perMarketVersion(previousDays, version, day, () => previousTradeDay(db, day)) : null;
  const prevVolumes = prevDay ? await volumesOn(db, prevDay) : new Map<number, number>();
  const treasury = await perMarketVersion(treasuries, version, day, () => treasuryToday(db, day));
  const grid = fromSnapshot(snapshot, `summary|${q.metric}|${q.segments?.join(',') ?? ''}|${prevDay}`, () =>
    summaryGrid(snapshot, q, prevDay, prevVolumes),
  );
  // The same grid with the same curve is the same answer: one object, frozen and serialised once
  // (plugins/answerReuse.ts keeps its text) until the market or the curve moves.
  const answers = summaryAnswers.of(grid, () => new WeakMap());
  let answer = answers.get(treasury);
  if (!answer || answer.asOf !== asOf)
    answers.set(treasury, (answer = deepFreeze({ metric: q.metric, asOf, tenors: [...TENOR_BUCKET_IDS], ...grid, treasury })));
  return answer;
}

/** The grid and most active bonds: a pure function of the snapshot, memoised with it. */
function summaryGrid(
  snapshot: Snapshot,
  q: { metric: MarketMetric; segments?: string[] | undefined },
  prevDay: string | null,
  prevVolumes: Map<number, number>,
): Pick<MarketSummaryResponse, 'rows' | 'mostActive' | 'weighting'> {
  const { day } = snapshot;
  const weighting = summaryWeighting(snapshot);
  const top = snapshot.sectors.filter((x) => x.parentId === null);
  const segments = q.segments ?? defaultSegments(top.map((x) => x.code));
  const bucketOf = bucketer(day);
  const codesOf = sectorCodes(snapshot);

  type Acc = { level: WeightedMean; change: WeightedMean; count: number; volume: number; prev: number };
  const newAcc = (): Acc => ({ level: new WeightedMean(), change: new WeightedMean(), count: 0, volume: 0, prev: 0 });
  const grid = segments.map(() => ({ cells: new Map<TenorBucket, Acc>(), total: newAcc() }));
  for (const rec of snapshot.records) {
    const row = rec.row;
    if (row.maturityDate <= day || row.price === null) continue;
    const tenor = bucketOf(row.maturityDate);
    const codes = codesOf(rec.sectorId);
    const w = weighting === 'equal' ? 1 : rec.amountOutstanding;
    segments.forEach((segment, k) => {
      if (!inSegment(segment, rec.rating, codes)) return;
      const g = grid[k]!;
      let cell = g.cells.get(tenor);
      if (!cell) g.cells.set(tenor, (cell = newAcc()));
      for (const acc of [cell, g.total]) {
        if (q.metric === 'volume') {
          acc.count++;
          acc.volume += row.volume;
          acc.prev += prevVolumes.get(row.id) ?? 0;
        } else {
          const [levelField, changeField] = METRIC_FIELDS[q.metric];
          const v = row[levelField];
          if (v !== null) acc.count++;
          acc.level.add(v, w);
          acc.change.add(row[changeField], w);
        }
      }
    });
  }
  const present = (acc: Acc): Omit<SummaryCell, 'tenor'> =>
    q.metric === 'volume'
      ? { value: acc.volume, change: prevDay ? acc.volume - acc.prev : null, bondCount: acc.count }
      : { value: round(acc.level.value), change: round(acc.change.value), bondCount: acc.count };
  const sectorNames = new Map(snapshot.sectors.map((x) => [x.code, x.name]));
  const rows = segments.map((segment, k) => ({
    segment,
    label: segmentLabel(segment, sectorNames),
    cells: TENOR_BUCKET_IDS.map((tenor) => {
      const cell = grid[k]!.cells.get(tenor);
      return cell ? { tenor, ...present(cell) } : { tenor, value: q.metric === 'volume' ? 0 : null, change: null, bondCount: 0 };
    }),
    total: present(grid[k]!.total),
  }));
  const mostActive = snapshot.records
    .filter((r) => r.row.maturityDate > day && r.row.volume > 0)
    .sort((a, b) => b.row.volume - a.row.volume || a.row.id - b.row.id)
    .slice(0, 10)
    // Copies: the answer is frozen, the snapshot's rows are not the answer's to freeze.
    .map((r) => ({ ...r.row }));
  return { rows, mostActive, weighting };
}

/**
 * By amount outstanding only when every priced bond has one: a bond of unknown size (0: FINRA's
 * public data has none) would otherwise drop out of every average, and a market of such bonds
 * would average to nothing. One rule for the whole grid, so its cells compare.
 */
export function summaryWeighting(snapshot: Snapshot): MarketWeighting {
  const { day } = snapshot;
  const unsized = snapshot.records.some((r) => r.row.maturityDate > day && r.row.price !== null && !(r.amountOutstanding > 0));
  return unsized ? 'equal' : 'amountOutstanding';
}

/** Treasury par curve on the latest curve date and the one before, with changes (one statement). */
async function treasuryToday(db: Kysely<Database>, day: string): Promise<MarketSummaryResponse['treasury']> {
  const points = await db
    .selectFrom('treasury_curve_points')
    .select(['curve_date', 'tenor', 'years', 'yield'])
    .where('curve_date', 'in', (eb) =>
      eb
        .selectFrom('treasury_curve_points')
        .select('curve_date')
        .distinct()
        .where('curve_date', '<=', day)
        .orderBy('curve_date', 'desc')
        .limit(2),
    )
    .orderBy('years')
    .execute();
  const [today, previous] = [...new Set(points.map((p) => isoDay(p.curve_date)!))].sort().reverse();
  if (!today) return { date: null, previousDate: null, points: [] };
  const prev = new Map(points.filter((p) => isoDay(p.curve_date) === previous).map((p) => [p.tenor, Number(p.yield)]));
  return {
    date: today,
    previousDate: previous ?? null,
    points: points
      .filter((p) => isoDay(p.curve_date) === today)
      .map((p) => {
        const y = Number(p.yield);
        const py = prev.get(p.tenor) ?? null;
        return { tenor: p.tenor, years: Number(p.years), yield: y, previousYield: py, change: py === null ? null : round(y - py, 7) };
      }),
  };
}
