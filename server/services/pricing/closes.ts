/**
 * What today's row is compared with: the previous close's evaluated measures and the average
 * daily volume of the previous business days. Both are immutable once the day is over, so the
 * pricing state caches them per date.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { VOLUME_AVERAGE_DAYS } from './conventions';
import { addDays, businessDaysBetween, isBusinessDay } from '../../../common/calendar';
import type { CarriedBasis } from './basis';
import type { Evaluation } from './evaluate';
import { fetchPacked, numOrNull, packFields } from './packed';

/** A bond's measures at a close (yields decimal, spreads bp). */
export interface CloseSnapshot {
  price: number;
  yieldToMaturity: number | null;
  yieldToCall: number | null;
  yieldToWorst: number | null;
  gSpread: number | null;
  tSpread: number | null;
  confidence: number;
  /** The basis filter's state at the close (absent on rows written before it existed). */
  basis?: CarriedBasis;
}

/** The latest end-of-day price date strictly before `day`, or null. */
export async function previousCloseDate(db: Kysely<Database>, day: string): Promise<string | null> {
  const { rows } = await sql<{ d: string | null }>`
    select to_char(max(price_date), 'YYYY-MM-DD') as d from evaluated_prices where kind = 'eod' and price_date < ${day}::date`.execute(db);
  return rows[0]?.d ?? null;
}

/** Every bond's close on `date`. */
export async function loadClose(db: Kysely<Database>, date: string): Promise<Map<number, CloseSnapshot>> {
  const records = await fetchPacked(
    db,
    sql`select ${packFields(['bond_id', 'clean_price', 'yield', 'g_spread_bp', 'confidence', "inputs->'m'", "inputs->'kf'", 'round(extract(epoch from as_of) * 1000)'])}
        from evaluated_prices where kind = 'eod' and price_date = ${date}::date`,
  );
  const out = new Map<number, CloseSnapshot>();
  for (const f of records) {
    let m: unknown[];
    try {
      m = f[5] ? (JSON.parse(f[5]) as unknown[]) : [];
    } catch {
      m = [];
    }
    out.set(Number(f[0]), {
      price: Number(f[1]),
      yieldToMaturity: numOrNull(f[2]),
      yieldToCall: typeof m[0] === 'number' ? m[0] : null,
      yieldToWorst: typeof m[1] === 'number' ? m[1] : numOrNull(f[2]),
      gSpread: numOrNull(f[3]),
      tSpread: typeof m[2] === 'number' ? m[2] : null,
      confidence: Number(f[4]),
      basis: basisOf(f[6], Number(f[7])),
    });
  }
  return out;
}

function basisOf(kf: string | undefined, asOfMs: number): CarriedBasis | undefined {
  if (!kf) return undefined;
  try {
    const v = JSON.parse(kf) as unknown;
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number' && Number.isFinite(asOfMs))
      return {
        basisBp: v[0],
        varBp2: v[1],
        asOfMs,
        modelBp: typeof v[2] === 'number' ? v[2] : undefined,
        modelCode: typeof v[3] === 'number' ? v[3] : undefined,
        known: typeof v[4] === 'number' ? v[4] : undefined,
      };
  } catch {
    // A malformed lineage only costs the carried basis.
  }
  return undefined;
}

/** The close snapshot of freshly computed evaluations (so a process need not re-read what it wrote). */
export function closeFromEvaluations(evaluations: readonly Evaluation[]): Map<number, CloseSnapshot> {
  const out = new Map<number, CloseSnapshot>();
  for (const e of evaluations) {
    const m = e.measures;
    out.set(e.bondId, {
      price: round6(m.price),
      yieldToMaturity: round7(m.yieldToMaturity),
      yieldToCall: m.yieldToCall === null ? null : round7(m.yieldToCall),
      yieldToWorst: round7(m.yieldToWorst),
      gSpread: Math.round(m.gSpread * 1000) / 1000,
      tSpread: Math.round(m.tSpread * 1000) / 1000,
      confidence: e.confidence,
      basis: e.basis,
    });
  }
  return out;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

/** The first of the {@link VOLUME_AVERAGE_DAYS} business days before `day`. */
export function volumeWindowStart(day: string): string {
  let d = day;
  for (let n = 0; n < VOLUME_AVERAGE_DAYS;) {
    d = addDays(d, -1);
    if (isBusinessDay(d)) n++;
  }
  return d;
}

/**
 * Average daily par volume per bond over the business days before `day`; days without trades
 * count as 0, and a history shorter than the window is averaged over the days it has.
 */
export async function loadVolumeAverages(db: Kysely<Database>, day: string): Promise<Map<number, number>> {
  const start = volumeWindowStart(day);
  const { rows } = await sql<{ d: string | null }>`select to_char(min(trade_date), 'YYYY-MM-DD') as d from daily_bond_stats`.execute(db);
  const first = rows[0]?.d ?? day;
  const days = businessDaysBetween(first > start ? first : start, addDays(day, -1)).length;
  const out = new Map<number, number>();
  if (days === 0) return out;
  const records = await fetchPacked(
    db,
    sql`select ${packFields(['bond_id', 'sum(volume)'])} from daily_bond_stats
        where trade_date >= ${start}::date and trade_date < ${day}::date group by bond_id`,
  );
  for (const f of records) out.set(Number(f[0]), Number(f[1]) / days);
  return out;
}
