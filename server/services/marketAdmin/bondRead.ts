/**
 * A bond as the admin pages show it: every stored term, the figures it was last priced at, its
 * recent trades and (for its own page) the audit log's entries about it. Shared by the bond page
 * and the comparison.
 */
import { type Kysely, sql } from 'kysely';
import type { AdminBond, BondHistoryEntry } from '../../../common/api/adminBonds';
import { ADMIN_BOND_TRADES } from '../../../common/api/adminBonds';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';

/** The bond's timestamp to the microsecond, as text: the version an edit must name. */
export const UPDATED_AT_TEXT = sql<string>`to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface BondRow {
  id: number;
  cusip: string;
  isin: string;
  issuer_id: number;
  issuer_name: string;
  issuer_ticker: string;
  description: string;
  coupon_type: AdminBond['couponType'];
  coupon: number;
  frequency: number;
  day_count: AdminBond['dayCount'];
  end_of_month: boolean;
  issue_date: string;
  first_coupon_date: string | null;
  maturity_date: string;
  amount_issued: number;
  amount_outstanding: number;
  seniority: string;
  call_schedule: { date: string; price: number }[];
  floater_index: string | null;
  quoted_margin: number | null;
  rating_sp: string | null;
  rating_moody: string | null;
  is_benchmark: boolean;
  tenor_at_issue: number;
  currency: string;
  source: string;
  created_at: Date;
  updated_at_text: string;
  as_of: Date | null;
  price: number | null;
  yield_to_worst: number | null;
  g_spread: number | null;
  duration: number | null;
  confidence: number | null;
  curve_date: string | null;
  trade_count: number;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

async function bondRows(db: Kysely<Database>, ids: number[]): Promise<BondRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<BondRow>`
    select b.id, b.cusip, b.isin, b.issuer_id, i.name as issuer_name, i.ticker as issuer_ticker, b.description,
      b.coupon_type, b.coupon::float8 as coupon, b.frequency, b.day_count, b.end_of_month,
      to_char(b.issue_date, 'YYYY-MM-DD') as issue_date, to_char(b.first_coupon_date, 'YYYY-MM-DD') as first_coupon_date,
      to_char(b.maturity_date, 'YYYY-MM-DD') as maturity_date, b.amount_issued::float8 as amount_issued,
      b.amount_outstanding::float8 as amount_outstanding, b.seniority, b.call_schedule, b.floater_index,
      b.quoted_margin::float8 as quoted_margin, b.rating_sp, b.rating_moody, b.is_benchmark, b.tenor_at_issue,
      b.currency, b.source, b.created_at, ${UPDATED_AT_TEXT} as updated_at_text,
      s.as_of, s.price::float8 as price, s.yield_to_worst::float8 as yield_to_worst, s.g_spread::float8 as g_spread,
      s.duration::float8 as duration, s.confidence, to_char(v.curve_date, 'YYYY-MM-DD') as curve_date,
      (select count(*)::int from trades t where t.bond_id = b.id) as trade_count
    from bonds b
    join issuers i on i.id = b.issuer_id
    left join bond_market_state s on s.bond_id = b.id
    left join treasury_curve_versions v on v.id = s.curve_version_id
    where b.id = any(${ids}::int[])`.execute(db);
  return rows;
}

async function recentTrades(db: Kysely<Database>, bondId: number): Promise<AdminBond['trades']> {
  const rows = await db
    .selectFrom('trades')
    .select(['execution_time', 'quantity', 'price', 'yield', 'side', 'source'])
    .where('bond_id', '=', bondId)
    .orderBy('execution_time', 'desc')
    .orderBy('id', 'desc')
    .limit(ADMIN_BOND_TRADES)
    .execute();
  return rows.map((t) => ({
    executionTime: t.execution_time.toISOString(),
    quantity: Number(t.quantity),
    price: Number(t.price),
    yield: num(t.yield),
    side: t.side,
    source: t.source,
  }));
}

/** The audit log's entries about a bond (its edits, merges into it, its import), newest first. */
export async function bondHistory(db: Kysely<Database>, bondId: number, limit = 100): Promise<BondHistoryEntry[]> {
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select(['a.id', 'a.created_at', 'a.actor_user_id', 'u.email', 'a.action', 'a.details'])
    .where('a.target_type', '=', 'bond')
    .where('a.target_id', '=', String(bondId))
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    at: r.created_at.toISOString(),
    actor: r.actor_user_id,
    actorEmail: r.email ?? null,
    action: r.action,
    details: r.details as Record<string, unknown>,
  }));
}

function present(row: BondRow, trades: AdminBond['trades']): Omit<AdminBond, 'history'> {
  return {
    id: row.id,
    cusip: row.cusip,
    isin: row.isin,
    issuerId: row.issuer_id,
    issuer: { id: row.issuer_id, name: row.issuer_name, ticker: row.issuer_ticker },
    description: row.description,
    couponType: row.coupon_type,
    coupon: row.coupon,
    frequency: row.frequency as AdminBond['frequency'],
    dayCount: row.day_count,
    endOfMonth: row.end_of_month,
    issueDate: row.issue_date,
    firstCouponDate: row.first_coupon_date,
    maturityDate: row.maturity_date,
    amountIssued: row.amount_issued,
    amountOutstanding: row.amount_outstanding,
    seniority: row.seniority as AdminBond['seniority'],
    callSchedule: row.call_schedule,
    floaterIndex: row.floater_index,
    // Stored as a decimal; shown and edited in basis points.
    quotedMarginBp: row.quoted_margin === null ? null : Math.round(row.quoted_margin * 1e6) / 100,
    ratingSp: row.rating_sp as AdminBond['ratingSp'],
    ratingMoody: row.rating_moody as AdminBond['ratingMoody'],
    isBenchmark: row.is_benchmark,
    tenorAtIssue: row.tenor_at_issue,
    currency: row.currency,
    source: row.source,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at_text,
    market: row.as_of
      ? {
          asOf: row.as_of.toISOString(),
          price: row.price,
          yieldToWorst: row.yield_to_worst,
          gSpread: row.g_spread,
          duration: row.duration,
          confidence: row.confidence,
          curveDate: row.curve_date,
        }
      : null,
    tradeCount: row.trade_count,
    trades,
  };
}

/** Bonds by id, in the order asked; an unknown id is refused (404 naming it). */
export async function readBonds(db: Kysely<Database>, ids: number[]): Promise<Omit<AdminBond, 'history'>[]> {
  const rows = new Map((await bondRows(db, ids)).map((r) => [r.id, r]));
  const missing = ids.filter((id) => !rows.has(id));
  if (missing.length > 0)
    throw new ServiceRefusal(
      'not found',
      missing.length === 1 ? `There is no bond ${missing[0]}.` : `There are no bonds ${missing.join(', ')}.`,
    );
  return Promise.all(ids.map(async (id) => present(rows.get(id)!, await recentTrades(db, id))));
}

/** One bond with its change history. */
export async function readBond(db: Kysely<Database>, id: number): Promise<AdminBond> {
  const [bond] = await readBonds(db, [id]);
  return { ...bond!, history: await bondHistory(db, id) };
}
