/**
 * Read helpers over evaluated prices: sparkline series for the bond table, and a presentable
 * explanation of one evaluated price from its stored lineage (for the bond detail API).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Lineage } from './evaluate';
import type { ModelKind } from './model';
import { fetchPacked, packFields } from './packed';

export interface SparkPoint {
  date: string;
  price: number;
}

/**
 * The last `days` end-of-day evaluated prices of each bond, oldest first. Bonds without prices
 * map to an empty list. One index-backed query (a lateral LIMIT per bond).
 */
export async function sparklineSeries(db: Kysely<Database>, bondIds: readonly number[], days: number): Promise<Map<number, SparkPoint[]>> {
  const out = new Map<number, SparkPoint[]>(bondIds.map((id) => [id, []]));
  if (bondIds.length === 0 || days <= 0) return out;
  const records = await fetchPacked(
    db,
    sql`select ${packFields(['b.id', "to_char(x.price_date, 'YYYY-MM-DD')", 'x.clean_price'])}
        from unnest(${[...new Set(bondIds)]}::int4[]) as b(id)
        cross join lateral (select price_date, clean_price from evaluated_prices e
                            where e.bond_id = b.id and e.kind = 'eod' order by e.price_date desc limit ${Math.floor(days)}) x`,
  );
  for (const f of records) out.get(Number(f[0]))!.push({ date: f[1]!, price: Number(f[2]) });
  for (const list of out.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return out;
}

export interface ExplainedTrade {
  id: string;
  executionTime: string;
  quantity: number;
  price: number;
  side: string;
  /** Spread (bp) of the trade's price, moved to mid for its side and size. */
  midSpreadBp?: number;
  /** Share of the trade-implied spread (sums to 1 over used trades). */
  weight?: number;
  spreadBp?: number | null;
  reason?: string;
}

export interface PriceExplanation {
  bondId: number;
  priceDate: string;
  kind: 'eod' | 'intraday';
  asOf: string;
  price: number;
  yield: number | null;
  gSpreadBp: number | null;
  confidence: number;
  /** 'trades' when the bond's own trades carry ≥ 95% of the weight, 'model' when none, else 'blend'. */
  method: 'trades' | 'blend' | 'model';
  summary: string;
  curveDate: string;
  pricingSpace: string;
  spreadBp: number;
  tradeWeight: number;
  tradeImplied: { spreadBp: number; dispersionBp: number; tradeCount: number } | null;
  model: { kind: ModelKind; description: string; spreadBp: number; fitBp: number };
  /** The confidence formula's parts in [0, 1] (see docs/market-data.md); null without trades (then confidence is the model's). */
  confidenceComponents: { count: number; recency: number; dispersion: number; model: number } | null;
  trades: ExplainedTrade[];
  rejected: ExplainedTrade[];
}

const SPACE_LABEL = {
  ytm: 'spread of the yield to maturity over the interpolated treasury curve',
  ytw: 'spread to worst: the lowest, over maturity and each future call, of the yield to that date over the treasury curve there',
  dm: 'discount margin over the index (3-month bill as proxy)',
} as const;

const MODEL_LABEL: Record<ModelKind, string> = {
  issuer: "issuer curve (the sector curve through the issuer's recently traded bonds)",
  sector: 'sector × rating × tenor curve fitted across the universe',
  rating: 'rating × tenor curve (little recent trading in this sector and rating)',
};

/** The stored evaluated price an explanation is made from (numbers as pg or JSON gives them). */
export interface EvaluatedPriceRow {
  bond_id: number;
  price_date: string;
  kind: 'eod' | 'intraday';
  as_of: string | Date;
  clean_price: string | number;
  yield: string | number | null;
  g_spread_bp: string | number | null;
  confidence: number;
  inputs: unknown;
}

/**
 * The lineage of a bond's evaluated price on `date` (the latest one on that day, end of day if
 * struck; or the latest before it), with the trades it used and rejected. Null when the bond has
 * no evaluated price by then.
 */
export async function explainPrice(db: Kysely<Database>, bondId: number, date: string): Promise<PriceExplanation | null> {
  const row = await db
    .selectFrom('evaluated_prices')
    .select([
      'bond_id',
      sql<string>`to_char(price_date, 'YYYY-MM-DD')`.as('price_date'),
      'kind',
      'as_of',
      'clean_price',
      'yield',
      'g_spread_bp',
      'confidence',
      'inputs',
    ])
    .where('bond_id', '=', bondId)
    .where('price_date', '<=', date)
    .orderBy('price_date', 'desc')
    .orderBy('as_of', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? explainEvaluatedPrice(db, row) : null;
}

/** The explanation of one stored evaluated price: its lineage with the trades it used and rejected (read by id). */
export async function explainEvaluatedPrice(db: Kysely<Database>, row: EvaluatedPriceRow): Promise<PriceExplanation> {
  const lineage = (typeof row.inputs === 'string' ? JSON.parse(row.inputs) : row.inputs) as Lineage;
  const used = lineage.trades ?? [];
  const rejected = lineage.rejected ?? [];
  const ids = [...used.map((t) => t[0]), ...rejected.map((t) => t[0])];
  const trades = new Map<number, { execution_time: string; quantity: number; price: number; side: string }>();
  if (ids.length > 0) {
    const records = await fetchPacked(
      db,
      sql`select ${packFields(['id', `to_char(execution_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`, 'reported_quantity', 'price', 'side'])}
          from trades where id = any(${ids}::int8[])`,
      { prepared: true },
    );
    for (const f of records) trades.set(Number(f[0]), { execution_time: f[1]!, quantity: Number(f[2]), price: Number(f[3]), side: f[4]! });
  }
  const describe = (id: number): ExplainedTrade => {
    const t = trades.get(id);
    return {
      id: String(id),
      executionTime: t?.execution_time ?? '',
      quantity: t?.quantity ?? 0,
      price: t?.price ?? 0,
      side: t?.side ?? 'unknown',
    };
  };
  const alpha = lineage.blend;
  const method = alpha >= 0.95 ? 'trades' : alpha > 0 ? 'blend' : 'model';
  const pct = Math.round(alpha * 100);
  const summary =
    method === 'model'
      ? `No usable trades in the last two weeks: priced at ${lineage.bp.toFixed(1)} bp from the ${MODEL_LABEL[lineage.model.kind]}.`
      : `${used.length} trade${used.length === 1 ? '' : 's'} (${pct}% of the weight)` +
        // History rows keep the blend but not the trades' own spread: say what is known.
        (lineage.trade ? ` at ${lineage.trade.bp.toFixed(1)} bp` : '') +
        ` blended with the ${lineage.model.kind} model at ${lineage.model.bp.toFixed(1)} bp: ${lineage.bp.toFixed(1)} bp` +
        (rejected.length > 0 ? `; ${rejected.length} trade${rejected.length === 1 ? '' : 's'} rejected.` : '.');
  return {
    bondId: row.bond_id,
    priceDate: row.price_date,
    kind: row.kind,
    asOf: new Date(row.as_of).toISOString(),
    price: Number(row.clean_price),
    yield: row.yield === null ? null : Number(row.yield),
    gSpreadBp: row.g_spread_bp === null ? null : Number(row.g_spread_bp),
    confidence: row.confidence,
    method,
    summary,
    curveDate: lineage.curve,
    pricingSpace: SPACE_LABEL[lineage.space] ?? lineage.space,
    spreadBp: lineage.bp,
    tradeWeight: alpha,
    tradeImplied: lineage.trade ? { spreadBp: lineage.trade.bp, dispersionBp: lineage.trade.disp, tradeCount: used.length } : null,
    model: { kind: lineage.model.kind, description: MODEL_LABEL[lineage.model.kind], spreadBp: lineage.model.bp, fitBp: lineage.model.fit },
    confidenceComponents: lineage.conf
      ? { count: lineage.conf[0], recency: lineage.conf[1], dispersion: lineage.conf[2], model: lineage.conf[3] }
      : null,
    trades: used.map(([id, weight, mid]) => ({ ...describe(id), midSpreadBp: mid, weight })),
    rejected: rejected.map(([id, spreadBp, reason]) => ({ ...describe(id), spreadBp, reason })),
  };
}
