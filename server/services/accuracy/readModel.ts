/**
 * The accuracy tables' read model (issue 33): every compared trade of trade_accuracy held once in
 * memory, in (trade day, trade id) order, grouped as the report groups them, with each group's
 * errors and confidences kept sorted. Any `from`..`to` is then a contiguous slice of each group,
 * found by binary search: sums are one pass over the slice and percentiles and ranks a filtered
 * walk of the sorted orders — no sort and no database read per request. The figures are the same
 * arithmetic, in the same order, as the direct computation (report.ts, `accuracyReportByScan`),
 * so the answers are identical; a test compares them.
 *
 * The model follows the backtest job: new trades (ids above the newest loaded) are appended and
 * merged into the sorted orders; anything else (ids committed late, a trade cancelled, corrected,
 * flagged or unflagged since, which changes the inactive trades' signature) reloads it, in chunks between which the
 * event loop runs.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { ACCURACY_THRESHOLDS, BLOCK_SIZE_MIN, BLOCK_SIZE_ROW } from '../../../common/accuracy';
import { dayNumber, ModelGroup, type ModelTrade } from './modelGroup';
import type { RatingClass } from '../../../common/market';
import { fetchPacked, packFields } from '../pricing/packed';

/** Rows read per statement while loading: each chunk is a short block of parsing. */
const LOAD_CHUNK = 20_000;

/** The packed fields, shared with the direct computation so both read the same values. */
export const ACCURACY_RECORD_FIELDS = [
  'a.rating_class',
  'a.rating_bucket',
  'a.tenor_bucket',
  'a.size_bucket',
  `case when t.quantity >= ${BLOCK_SIZE_MIN} then 1 else 0 end`,
  'a.liquidity_bucket',
  'a.confidence_band',
  "to_char(date_trunc('week', a.trade_day), 'YYYY-MM-DD')",
  'a.confidence',
  'a.model_error',
  'a.last_trade_error',
  'a.previous_close_error',
];
const RECORD_FIELDS = ['a.trade_id', "to_char(a.trade_day, 'YYYY-MM-DD')", ...ACCURACY_RECORD_FIELDS];
/** Evaluated trades scored: active, not flagged as a bad or off-market print, with all three predictions. */
export const COMPARED_TRADES = sql`from trade_accuracy a join trades t on t.id = a.trade_id and t.status = 'active' and t.flag is null
  where a.model_error is not null and a.last_trade_error is not null and a.previous_close_error is not null`;

/** The report fields grouped by a dimension, and the field of the packed record that holds its key. */
export const DIMENSIONS = [
  { field: 'byRating', index: 1 },
  { field: 'byTenor', index: 2 },
  { field: 'bySize', index: 3 },
  { field: 'byLiquidity', index: 5 },
  { field: 'byConfidence', index: 6 },
  { field: 'byWeek', index: 7 },
] as const;
export type GroupFamily = 'overall' | (typeof DIMENSIONS)[number]['field'];

/** One compared trade, and the groups it belongs to (family|class|key). */
interface Trade extends ModelTrade {
  id: number;
  groups: string[];
}

/** What the model was loaded from: trade_accuracy's count and newest id, and the inactive (cancelled or flagged) trades' signature. */
export interface ModelVersion {
  evaluated: number;
  newestId: number;
  inactive: string;
}

/** Every evaluated trade of a day (compared or not): the report's coverage lines. */
export interface DayCoverage {
  trades: number;
  /** Newest evaluated_at, ms. */
  evaluatedAt: number;
}

export class AccuracyModel {
  readonly groups = new Map<string, ModelGroup>();
  /** Evaluated trades per day (text), compared or not. */
  readonly days = new Map<string, DayCoverage>();
  private last: { day: number; id: number } | null = null;
  /** Replaced (never mutated) at each update: answers are kept per version object. */
  constructor(public version: ModelVersion) {}

  addCoverage(rows: readonly { day: string; trades: number; evaluatedAt: number }[]): void {
    for (const r of rows) {
      const d = this.days.get(r.day);
      if (d) this.days.set(r.day, { trades: d.trades + r.trades, evaluatedAt: Math.max(d.evaluatedAt, r.evaluatedAt) });
      else this.days.set(r.day, { trades: r.trades, evaluatedAt: r.evaluatedAt });
    }
  }

  /** Appends trades read in id order; false when one falls before the newest (day, id) held. */
  append(records: readonly string[][]): boolean {
    const trades = records.map(toTrade).sort((a, b) => a.day - b.day || a.id - b.id);
    const first = trades[0];
    if (first && this.last && (first.day < this.last.day || (first.day === this.last.day && first.id < this.last.id))) return false;
    for (const t of trades) {
      for (const id of t.groups) {
        let g = this.groups.get(id);
        if (!g) {
          const [family, cls, key] = id.split('|') as [GroupFamily, string, string];
          this.groups.set(id, (g = new ModelGroup(family, cls === '' ? null : (cls as RatingClass), key)));
        }
        g.push(t);
      }
      this.last = { day: t.day, id: t.id };
    }
    return true;
  }
}

function toTrade(f: readonly string[]): Trade {
  // f[0] trade id, f[1] trade day, then ACCURACY_RECORD_FIELDS.
  const r = f.slice(2);
  const ratingClass: RatingClass = r[0] === 'HY' ? 'HY' : 'IG';
  const groups = ['overall||All', `overall|${ratingClass}|${ratingClass}`];
  for (const d of DIMENSIONS) groups.push(`${d.field}|${ratingClass}|${r[d.index] || 'none'}`);
  if (r[4] === '1') groups.push(`bySize|${ratingClass}|${BLOCK_SIZE_ROW}`);
  const [tight, wide] = ACCURACY_THRESHOLDS[ratingClass];
  return {
    id: Number(f[0]),
    day: dayNumber(f[1]!),
    errors: [Number(r[9]), Number(r[10]), Number(r[11])],
    tight,
    wide,
    confidence: Number(r[8]),
    groups,
  };
}

/**
 * Loads every compared trade with an id up to `upTo` into a new model, in (day, id) order, a chunk
 * per statement (keyset on day and id): the event loop runs between chunks.
 */
export async function loadAll(db: Kysely<Database>, model: AccuracyModel, upTo: number): Promise<void> {
  let after = sql`true`;
  for (;;) {
    const records = await fetchPacked(
      db,
      sql`select ${packFields(RECORD_FIELDS)} ${COMPARED_TRADES} and a.trade_id <= ${upTo} and ${after}
      order by a.trade_day, a.trade_id limit ${LOAD_CHUNK}`,
    );
    model.append(records);
    if (records.length < LOAD_CHUNK) return;
    const last = records[records.length - 1]!;
    after = sql`(a.trade_day, a.trade_id) > (${last[1]}::date, ${last[0]})`;
  }
}

/**
 * Appends the compared trades with ids in (after, upTo], all at once (a request never sees half
 * an update); false when one falls before the newest trade held, and nothing is appended.
 */
export async function appendAbove(db: Kysely<Database>, model: AccuracyModel, after: number, upTo: number): Promise<boolean> {
  const records = await fetchPacked(
    db,
    sql`select ${packFields(RECORD_FIELDS)} ${COMPARED_TRADES} and a.trade_id > ${after} and a.trade_id <= ${upTo}`,
  );
  return model.append(records);
}

/** Evaluated trades (compared or not) with ids above `after`, per day, into the model's coverage. */
export async function loadCoverageInto(db: Kysely<Database>, model: AccuracyModel, after: number, upTo: number): Promise<void> {
  const rows = await sql<{ day: string; trades: string; evaluated_at: Date | string }>`
    select to_char(trade_day, 'YYYY-MM-DD') as day, count(*) as trades, max(evaluated_at) as evaluated_at
    from trade_accuracy where trade_id > ${after} and trade_id <= ${upTo} group by trade_day`.execute(db);
  model.addCoverage(rows.rows.map((r) => ({ day: r.day, trades: Number(r.trades), evaluatedAt: new Date(r.evaluated_at).getTime() })));
}

/**
 * The version of trade_accuracy and of the trades' statuses and flags now (partial-index reads):
 * a trade cancelled, flagged or unflagged after it was evaluated changes the signature.
 */
export async function currentVersion(db: Kysely<Database>): Promise<ModelVersion> {
  const [state, inactive, flagged] = await Promise.all([
    sql<{ n: string; last: string | null }>`select count(*) as n, max(trade_id) as last from trade_accuracy`.execute(db),
    sql<{ n: string; s: string | null }>`select count(*) as n, sum(id) as s from trades where status <> 'active'`.execute(db),
    sql<{ n: string; s: string | null }>`select count(*) as n, sum(id) as s from trades where flag is not null`.execute(db),
  ]);
  return {
    evaluated: Number(state.rows[0]?.n ?? 0),
    newestId: Number(state.rows[0]?.last ?? 0),
    inactive: `${inactive.rows[0]?.n}|${inactive.rows[0]?.s}|${flagged.rows[0]?.n}|${flagged.rows[0]?.s}`,
  };
}

/** Trades of trade_accuracy with ids above `id`: whether everything new came after what the model holds. */
export async function evaluatedAbove(db: Kysely<Database>, id: number): Promise<number> {
  const r = await sql<{ n: string }>`select count(*) as n from trade_accuracy where trade_id > ${id}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
