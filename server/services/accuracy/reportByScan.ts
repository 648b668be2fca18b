/**
 * The accuracy tables computed directly from trade_accuracy: one packed read of the range's
 * compared trades in (trade day, trade id) order, grouped and sorted here. What the read model
 * (modelReport.ts) answers without reading or sorting per request; kept as the definition its
 * test compares it with, and for the command line, which owns its database.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { ACCURACY_THRESHOLDS, BLOCK_SIZE_ROW, type AccuracyPredictor } from '../../../common/accuracy';
import type { AccuracyReport, AccuracyRow } from '../../../common/api/accuracy';
import type { RatingClass } from '../../../common/market';
import { fetchPacked, packFields } from '../pricing/packed';
import { ACCURACY_RECORD_FIELDS, COMPARED_TRADES, DIMENSIONS, type GroupFamily } from './readModel';
import type { AccuracyQuery } from './report';
import { sortedRows, spearman, statsOf } from './reportFigures';

/** Errors of one group of trades, per predictor, and the thresholds of each trade's class. */
class Group {
  readonly errors: Record<AccuracyPredictor, number[]> = { model: [], lastTrade: [], previousClose: [] };
  readonly tight: number[] = [];
  readonly wide: number[] = [];
  constructor(
    readonly ratingClass: RatingClass | null,
    readonly key: string,
  ) {}

  add(errors: readonly number[], tight: number, wide: number): void {
    this.errors.model.push(errors[0]!);
    this.errors.lastTrade.push(errors[1]!);
    this.errors.previousClose.push(errors[2]!);
    this.tight.push(tight);
    this.wide.push(wide);
  }

  row(): AccuracyRow {
    const stats = (p: AccuracyPredictor) => statsOf(this.errors[p], this.tight, this.wide);
    return {
      ratingClass: this.ratingClass,
      key: this.key,
      trades: this.tight.length,
      model: stats('model'),
      lastTrade: stats('lastTrade'),
      previousClose: stats('previousClose'),
    };
  }
}

export async function accuracyReportByScan(db: Kysely<Database>, query: AccuracyQuery = {}): Promise<AccuracyReport> {
  const range = [];
  if (query.from) range.push(sql`a.trade_day >= ${query.from}::date`);
  if (query.to) range.push(sql`a.trade_day <= ${query.to}::date`);
  const inRange = range.length > 0 ? sql.join(range, sql` and `) : sql`true`;
  const [records, coverage] = await Promise.all([
    fetchPacked(db, sql`select ${packFields(ACCURACY_RECORD_FIELDS)} ${COMPARED_TRADES} and ${inRange} order by a.trade_day, a.trade_id`),
    sql<{ trades: string; first_day: string | null; last_day: string | null; evaluated_at: Date | null }>`
      select count(*) as trades, to_char(min(trade_day), 'YYYY-MM-DD') as first_day,
        to_char(max(trade_day), 'YYYY-MM-DD') as last_day, max(evaluated_at) as evaluated_at
      from trade_accuracy a where ${inRange}`.execute(db),
  ]);

  const overall = new Map<string, Group>();
  const byDimension = new Map<GroupFamily, Map<string, Group>>(DIMENSIONS.map((d) => [d.field, new Map()]));
  const groupIn = (map: Map<string, Group>, ratingClass: RatingClass | null, key: string) => {
    const id = `${ratingClass ?? ''}|${key}`;
    let g = map.get(id);
    if (!g) map.set(id, (g = new Group(ratingClass, key)));
    return g;
  };
  const confidence: Record<'all' | RatingClass, [number[], number[]]> = { all: [[], []], IG: [[], []], HY: [[], []] };
  for (const f of records) {
    const ratingClass: RatingClass = f[0] === 'HY' ? 'HY' : 'IG';
    const [tight, wide] = ACCURACY_THRESHOLDS[ratingClass];
    const errors = [Number(f[9]), Number(f[10]), Number(f[11])];
    groupIn(overall, null, 'All').add(errors, tight, wide);
    groupIn(overall, ratingClass, ratingClass).add(errors, tight, wide);
    for (const d of DIMENSIONS) groupIn(byDimension.get(d.field)!, ratingClass, f[d.index] || 'none').add(errors, tight, wide);
    if (f[4] === '1') groupIn(byDimension.get('bySize')!, ratingClass, BLOCK_SIZE_ROW).add(errors, tight, wide);
    for (const k of ['all', ratingClass] as const) {
      confidence[k][0].push(Number(f[8]));
      confidence[k][1].push(Math.abs(errors[0]!));
    }
  }

  const sorted = (groups: Map<string, Group>) => sortedRows([...groups.values()].map((g) => g.row()));
  const cover = coverage.rows[0];
  return {
    evaluatedAt: cover?.evaluated_at ? new Date(cover.evaluated_at).toISOString() : null,
    from: cover?.first_day ?? null,
    to: cover?.last_day ?? null,
    evaluatedTrades: Number(cover?.trades ?? 0),
    comparedTrades: records.length,
    thresholds: { IG: [...ACCURACY_THRESHOLDS.IG], HY: [...ACCURACY_THRESHOLDS.HY] },
    overall: sorted(overall),
    byRating: sorted(byDimension.get('byRating')!),
    byTenor: sorted(byDimension.get('byTenor')!),
    bySize: sorted(byDimension.get('bySize')!),
    byLiquidity: sorted(byDimension.get('byLiquidity')!),
    byConfidence: sorted(byDimension.get('byConfidence')!),
    byWeek: sorted(byDimension.get('byWeek')!),
    spearman: {
      all: spearman(...confidence.all),
      IG: spearman(...confidence.IG),
      HY: spearman(...confidence.HY),
    },
  };
}
