import { type InferResult, type Kysely, type RawBuilder, sql } from 'kysely';
import type { BondRow } from '../../../../common/api/bond';
import type { BondTableColumn } from '../../../../common/enums';
import type { Database } from '../../../db/schema';
import { isoDay, isoTime, moodyRank, n, spRank, yearsBetween } from './common';

/**
 * The bond-table row source: bonds ⋈ issuers (⋈ parent issuer) ⟕ bond_market_state, with the
 * explicit whitelist mapping every §3 column to the SQL expression it sorts by. Shared by the
 * bond list, CSV, issuer, summary and moves queries.
 */

/** Text sorts in code-point order on every engine and locale (what JS `<` does too). */
function text(column: string): RawBuilder<unknown> {
  return sql`${sql.ref(column)} collate "C"`;
}

/** Sort expression of each column. Ratings sort by scale rank; tenor sorts by maturity date. */
export const SORT_EXPRESSIONS: Record<BondTableColumn, () => RawBuilder<unknown>> = {
  amountIssued: () => sql.ref('b.amount_issued'),
  bondIdentifier: () => text('b.cusip'),
  changeConfidence: () => sql.ref('s.change_confidence'),
  changeGSpread: () => sql.ref('s.change_g_spread'),
  changePrice: () => sql.ref('s.change_price'),
  changeTSpread: () => sql.ref('s.change_t_spread'),
  changeYTC: () => sql.ref('s.change_ytc'),
  changeYTM: () => sql.ref('s.change_ytm'),
  changeYTW: () => sql.ref('s.change_ytw'),
  confidence: () => sql.ref('s.confidence'),
  corpStruct: () => text('i.corporate_structure'),
  countryOfRisk: () => text('i.country_of_risk'),
  // Floaters show their current coupon (fixing at the last reset + margin, from pricing).
  coupon: () => sql`coalesce(s.current_coupon, b.coupon)`,
  currentYield: () => sql.ref('s.current_yield'),
  description: () => sql`coalesce(bo.display_name, b.description) collate "C"`,
  discountMargin: () => sql.ref('s.discount_margin'),
  displayName: () => sql`coalesce(io.display_name, i.display_name) collate "C"`,
  duration: () => sql.ref('s.duration'),
  durationToWorst: () => sql.ref('s.duration_to_worst'),
  dv01: () => sql.ref('s.dv01'),
  dv01ToWorst: () => sql.ref('s.dv01_to_worst'),
  convexityToWorst: () => sql.ref('s.convexity_to_worst'),
  entityName: () => text('i.name'),
  gSpread: () => sql.ref('s.g_spread'),
  isBenchmark: () => sql.ref('b.is_benchmark'),
  issueDate: () => sql.ref('b.issue_date'),
  issuer: () => sql`coalesce(po.display_name, p.display_name, io.display_name, i.display_name) collate "C"`,
  maturityDate: () => sql.ref('b.maturity_date'),
  moneyMarketYield360: () => sql.ref('s.money_market_yield_360'),
  nextCallDate: () => sql.ref('s.next_call_date'),
  price: () => sql.ref('s.price'),
  ratingMoody: () => moodyRank('b.rating_moody'),
  ratingSP: () => spRank('b.rating_sp'),
  seniority: () => text('b.seniority'),
  source: () => text('b.source'),
  startConfidence: () => sql.ref('s.start_confidence'),
  tSpread: () => sql.ref('s.t_spread'),
  tenor: () => sql.ref('b.maturity_date'),
  ticker: () => text('i.ticker'),
  treasury: () => text('s.treasury'),
  volume: () => sql`coalesce(s.volume, 0)`,
  volumePercentChange: () => sql.ref('s.volume_percent_change'),
  yieldToCall: () => sql.ref('s.yield_to_call'),
  yieldToMaturity: () => sql.ref('s.yield_to_maturity'),
  yieldToWorst: () => sql.ref('s.yield_to_worst'),
};

/**
 * The joined row source; `s` is a LEFT join so never-priced bonds still list (nulls last). The
 * admins' display-name overrides (`io` issuer, `po` parent issuer, `bo` bond) win over the
 * reference names wherever a row presents or sorts by them.
 */
export function bondRowSource(db: Kysely<Database>) {
  return db
    .selectFrom('bonds as b')
    .innerJoin('issuers as i', 'i.id', 'b.issuer_id')
    .leftJoin('issuers as p', 'p.id', 'i.parent_issuer_id')
    .leftJoin('bond_market_state as s', 's.bond_id', 'b.id')
    .leftJoin('display_name_overrides as io', (j) => j.onRef('io.subject_id', '=', 'i.id').on('io.subject_type', '=', 'issuer'))
    .leftJoin('display_name_overrides as po', (j) => j.onRef('po.subject_id', '=', 'p.id').on('po.subject_type', '=', 'issuer'))
    .leftJoin('display_name_overrides as bo', (j) => j.onRef('bo.subject_id', '=', 'b.id').on('bo.subject_type', '=', 'bond'));
}

/** Columns selected for a bond-table row (raw, converted by {@link presentBondRow}). */
const BOND_ROW_SELECTION = [
  'b.id',
  'b.amount_issued',
  'b.amount_outstanding',
  'b.cusip',
  'b.coupon',
  'b.is_benchmark',
  'b.issue_date',
  'b.maturity_date',
  'b.rating_moody',
  'b.rating_sp',
  'b.seniority',
  'b.source',
  'b.issuer_id',
  'i.corporate_structure',
  'i.country_of_risk',
  'i.name as entity_name',
  'i.ticker',
  's.current_coupon',
  's.change_confidence',
  's.change_g_spread',
  's.change_price',
  's.change_t_spread',
  's.change_ytc',
  's.change_ytm',
  's.change_ytw',
  's.confidence',
  's.current_yield',
  's.discount_margin',
  's.duration',
  's.duration_to_worst',
  's.dv01',
  's.dv01_to_worst',
  's.convexity_to_worst',
  's.g_spread',
  's.money_market_yield_360',
  's.next_call_date',
  's.price',
  's.start_confidence',
  's.t_spread',
  's.treasury',
  's.volume',
  's.volume_percent_change',
  's.yield_to_call',
  's.yield_to_maturity',
  's.yield_to_worst',
] as const;

/**
 * The bond-table row query: {@link bondRowSource} with every column {@link presentBondRow} needs.
 * Callers add their where/order/limit, or more columns with another `.select`.
 */
export function selectBondRows(db: Kysely<Database>) {
  return bondRowSource(db).select([
    ...BOND_ROW_SELECTION,
    sql<string>`coalesce(bo.display_name, b.description)`.as('description'),
    sql<string>`coalesce(io.display_name, i.display_name)`.as('display_name'),
    sql<string | null>`coalesce(po.display_name, p.display_name)`.as('parent_display_name'),
  ]);
}

/**
 * One row of {@link selectBondRows}, typed by Kysely from the schema (numeric columns are strings,
 * the left-joined parent issuer and market state columns nullable). A query that selects more
 * columns gives a subtype, so its rows are RawBondRows too.
 */
export type RawBondRow = InferResult<ReturnType<typeof selectBondRows>>[number];

/** Presents one joined row as the §3 bond-table row (camelCase, numbers, ISO dates). */
export function presentBondRow(r: RawBondRow, asOfDay: string): BondRow {
  const maturityDate = isoDay(r.maturity_date)!;
  return {
    id: r.id,
    amountIssued: n(r.amount_issued) ?? 0,
    bondIdentifier: String(r.cusip).trim(),
    changeConfidence: n(r.change_confidence),
    changeGSpread: n(r.change_g_spread),
    changePrice: n(r.change_price),
    changeTSpread: n(r.change_t_spread),
    changeYTC: n(r.change_ytc),
    changeYTM: n(r.change_ytm),
    changeYTW: n(r.change_ytw),
    confidence: n(r.confidence),
    corpStruct: String(r.corporate_structure),
    countryOfRisk: String(r.country_of_risk).trim(),
    coupon: n(r.current_coupon) ?? n(r.coupon) ?? 0,
    currentYield: n(r.current_yield),
    description: String(r.description),
    discountMargin: n(r.discount_margin),
    displayName: String(r.display_name),
    duration: n(r.duration),
    durationToWorst: n(r.duration_to_worst),
    dv01: n(r.dv01),
    dv01ToWorst: n(r.dv01_to_worst),
    convexityToWorst: n(r.convexity_to_worst),
    entityName: String(r.entity_name),
    gSpread: n(r.g_spread),
    isBenchmark: Boolean(r.is_benchmark),
    issueDate: isoDay(r.issue_date)!,
    issuer: String(r.parent_display_name ?? r.display_name),
    maturityDate,
    moneyMarketYield360: n(r.money_market_yield_360),
    nextCallDate: isoDay(r.next_call_date),
    price: n(r.price),
    ratingMoody: r.rating_moody,
    ratingSP: r.rating_sp,
    seniority: String(r.seniority),
    source: String(r.source),
    startConfidence: n(r.start_confidence),
    tSpread: n(r.t_spread),
    tenor: yearsBetween(asOfDay, maturityDate),
    ticker: String(r.ticker),
    treasury: r.treasury,
    volume: n(r.volume) ?? 0,
    volumePercentChange: n(r.volume_percent_change),
    yieldToCall: n(r.yield_to_call),
    yieldToMaturity: n(r.yield_to_maturity),
    yieldToWorst: n(r.yield_to_worst),
  };
}

/** Keeps `id` and the chosen columns of a row. */
export function pickColumns(row: BondRow, columns: readonly BondTableColumn[] | undefined): Partial<BondRow> & { id: number } {
  if (!columns) return row;
  const out: Partial<BondRow> & { id: number } = { id: row.id };
  for (const c of columns) (out as Record<string, unknown>)[c] = row[c];
  return out;
}

export { isoTime };
