import { AnalyticsInputError, cashflows, createBond, frnCashflows, parseDate, settle, settleFrn, formatDate } from '@analytics/index';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { BondsTable } from '../../../db/tables/market';
import { ServiceRefusal } from '../../refusal';
import { type EvaluatedPriceRow, explainEvaluatedPrice, floaterPeriod, indexFixingOn } from '../../pricing/index';
import { bondFromTerms, floaterRates, pricingSettlementDay } from '../../../../common/pricingConventions';
import type { BondDetailResponse, CashflowsResponse } from '../../../../common/api/bond';
import type { Database } from '../../../db/schema';
import { preparedStatement } from '../../../db/prepared';
import { reusableQuery } from '../../../db/reusableQuery';
import { isoDay, isoTime, marketAsOf, n } from './common';
import { presentBondRow, selectBondRows } from './bondRows';
import { bondSegment, disseminationCap } from '../codesAndRatings';

/**
 * Everything the detail shows but the trades its price explanation names, in one statement: the bond-table row
 * (terms, issuer, market state) joined with the issuer's industry and sector, plus the ratings
 * history, the latest evaluated price and the Treasury curve the analytics were priced on as JSON
 * sub-selects. Eight statements before; on PGlite each one queues on its one backend and
 * waits for the event loop between them. The JSON columns take names the bond-table row does not
 * use, since that row is presented as it is.
 */
function selectDetail(db: Kysely<Database>, id: number, day: string) {
  // Prepared (db/prepared.ts): planning this statement took five times as long as running it.
  return selectBondRows(db)
    .modifyFront(preparedStatement)
    .innerJoin('sectors as ind', 'ind.id', 'i.sector_id')
    .leftJoin('sectors as sec', 'sec.id', 'ind.parent_id')
    .select([
      'b.isin',
      'b.coupon_type',
      'b.frequency',
      'b.day_count',
      'b.end_of_month',
      'b.first_coupon_date',
      'b.floater_index',
      'b.quoted_margin',
      'b.tenor_at_issue',
      'b.currency',
      'b.source',
      'b.not_priced_reason',
      'b.call_schedule',
      'b.make_whole_spread_bp',
      'b.make_whole_until',
      's.bond_id as state_bond_id',
      'ind.id as ind_id',
      'ind.code as ind_code',
      'ind.name as ind_name',
      'sec.id as sec_id',
      'sec.code as sec_code',
      'sec.name as sec_name',
      sql<RatingJson[]>`coalesce((
        select json_agg(json_build_object('agency', r.agency, 'rating', r.rating, 'effectiveDate', to_char(r.effective_date, 'YYYY-MM-DD'))
                        order by r.effective_date desc, r.id desc)
        from bond_ratings r where r.bond_id = b.id), '[]'::json)`.as('rating_history'),
      // The price the lineage shows and explains: the latest on or before the market day, end of
      // day if struck (what explainPrice picks).
      sql<EvaluatedPriceRow | null>`(
        select row_to_json(e) from (
          select bond_id, to_char(price_date, 'YYYY-MM-DD') as price_date, kind, as_of, clean_price, yield, g_spread_bp, confidence, inputs
          from evaluated_prices where bond_id = b.id and price_date <= ${day}::date order by price_date desc, as_of desc limit 1) e)`.as(
        'latest_evaluated_price',
      ),
      // The Treasury curve the analytics were priced on: the version the row notes (the live
      // market rewrites today's curve every tick, and not every bond is repriced every tick); for
      // rows written before versions were kept, chosen as the pricing does (services/pricing:
      // curves.on(isoDay(asOf))): the latest curve dated on or before the as-of's UTC day.
      sql<CurveJson | null>`coalesce(
        (select json_build_object('pricingDay', to_char((s.as_of at time zone 'UTC')::date, 'YYYY-MM-DD'),
                                  'date', to_char(v.curve_date, 'YYYY-MM-DD'), 'points', v.points)
         from treasury_curve_versions v where v.id = s.curve_version_id),
        (select json_build_object('pricingDay', to_char((s.as_of at time zone 'UTC')::date, 'YYYY-MM-DD'),
                                  'date', to_char(min(p.curve_date), 'YYYY-MM-DD'),
                                  'points', json_agg(json_build_object('tenor', p.tenor, 'years', p.years::float8, 'yield', p.yield::float8) order by p.years))
         from treasury_curve_points p
         where p.curve_date = (select max(c.curve_date) from treasury_curve_points c where c.curve_date <= (s.as_of at time zone 'UTC')::date)
         having count(*) > 0))`.as('pricing_curve'),
    ])
    .where('b.id', '=', id);
}

/** selectDetail built once per database (db/reusableQuery.ts); the placeholders are no bond id or market day. */
const detailQuery = reusableQuery(selectDetail, [-2_147_000_001, '1900-01-02'] as const);

type RatingJson = BondDetailResponse['ratings']['history'][number];
type CurveJson = NonNullable<BondDetailResponse['analyticsCurve']>;

/** A bond's terms, issuer, ratings history, call schedule, today's analytics and price lineage; null if unknown. */
export async function bondDetail(db: Kysely<Database>, id: number): Promise<BondDetailResponse | null> {
  const { day } = await marketAsOf(db);
  const bond = (await detailQuery(db, id, day)).rows[0];
  if (!bond) return null;
  const price = bond.latest_evaluated_price;
  const explanation = price ? await explainEvaluatedPrice(db, price).catch(() => null) : null;
  // The explanation lists the trades used; show them as disseminated (capped), like /trades.
  const cap = disseminationCap(bondSegment(bond.rating_sp, bond.rating_moody));
  const capTrades = <T extends { quantity: number }>(ts: T[]) =>
    ts.map((t) => ({ ...t, quantity: Math.min(t.quantity, cap), quantityCapped: t.quantity > cap }));
  const explained = explanation
    ? { ...explanation, trades: capTrades(explanation.trades), rejected: capTrades(explanation.rejected) }
    : undefined;
  const priced = bond.state_bond_id !== null;
  // Today's analytics settle T+1 after the day they were priced for (the market day before pricing).
  const pricingDay = (priced ? bond.pricing_curve?.pricingDay : null) ?? day;
  const settlementDate = formatDate(pricingSettlementDay(parseDate(isoDay(bond.issue_date)!), parseDate(pricingDay)));
  const floater = bond.coupon_type === 'floating' ? await currentFloaterPeriod(db, bond, settlementDate) : null;
  return {
    id: bond.id,
    cusip: bond.cusip.trim(),
    isin: bond.isin.trim(),
    description: bond.description,
    terms: {
      couponType: bond.coupon_type,
      coupon: Number(bond.coupon),
      frequency: bond.frequency,
      dayCount: bond.day_count,
      endOfMonth: bond.end_of_month,
      issueDate: isoDay(bond.issue_date)!,
      firstCouponDate: isoDay(bond.first_coupon_date),
      maturityDate: isoDay(bond.maturity_date)!,
      amountIssued: Number(bond.amount_issued),
      amountOutstanding: Number(bond.amount_outstanding),
      seniority: bond.seniority,
      floaterIndex: bond.floater_index,
      quotedMargin: n(bond.quoted_margin),
      isBenchmark: bond.is_benchmark,
      tenorAtIssue: bond.tenor_at_issue,
      currency: bond.currency.trim(),
      source: bond.source,
      notPricedReason: bond.not_priced_reason,
    },
    settlementDate,
    floater,
    issuer: {
      id: bond.issuer_id,
      name: bond.entity_name,
      displayName: bond.display_name,
      ticker: bond.ticker,
      countryOfRisk: bond.country_of_risk.trim(),
      corporateStructure: bond.corporate_structure,
      industry: { id: bond.ind_id, code: bond.ind_code, name: bond.ind_name },
      sector: bond.sec_id === null ? null : { id: bond.sec_id, code: bond.sec_code!, name: bond.sec_name! },
    },
    ratings: { sp: bond.rating_sp, moody: bond.rating_moody, history: bond.rating_history },
    callSchedule: (bond.call_schedule ?? []).map((c) => ({ date: isoDay(c.date)!, price: Number(c.price) })),
    makeWhole:
      bond.make_whole_spread_bp === null
        ? null
        : { spreadBp: Number(bond.make_whole_spread_bp), until: isoDay(bond.make_whole_until) ?? isoDay(bond.maturity_date)! },
    analytics: priced ? presentBondRow(bond, day) : null,
    analyticsCurve: priced ? bond.pricing_curve : null,
    lineage: price
      ? {
          priceDate: price.price_date,
          kind: price.kind,
          asOf: isoTime(price.as_of)!,
          price: Number(price.clean_price),
          yield: n(price.yield),
          gSpread: n(price.g_spread_bp),
          confidence: price.confidence,
          inputs: (price.inputs ?? {}) as Record<string, unknown>,
          ...(explained ? { explanation: explained } : {}),
        }
      : null,
  };
}

/**
 * A floater's coupon period holding `settlementDate`: the last and next resets, the index fixed at
 * the last reset and the coupon it pays (null when the terms cannot be priced).
 */
async function currentFloaterPeriod(
  db: Kysely<Database>,
  b: Pick<
    Selectable<BondsTable>,
    'coupon_type' | 'coupon' | 'frequency' | 'day_count' | 'end_of_month' | 'first_coupon_date' | 'quoted_margin'
  > & {
    issue_date: string | Date;
    maturity_date: string | Date;
  },
  settlementDate: string,
): Promise<BondDetailResponse['floater']> {
  let bond;
  try {
    bond = bondFromTerms({
      couponType: b.coupon_type,
      coupon: Number(b.coupon),
      frequency: b.frequency,
      dayCount: b.day_count,
      endOfMonth: b.end_of_month,
      issueDate: isoDay(b.issue_date)!,
      maturityDate: isoDay(b.maturity_date)!,
      firstCouponDate: isoDay(b.first_coupon_date),
    });
  } catch {
    return null;
  }
  const settleDay = parseDate(settlementDate);
  if (settleDay >= bond.terms.maturityDate) return null;
  const period = await floaterPeriod(db, bond, settleDay);
  const margin = n(b.quoted_margin) ?? 0;
  return { ...period, currentCoupon: period.indexFixing === null ? null : period.indexFixing + margin };
}

/** True when the bond exists (routes answer 404 otherwise). */
export async function bondExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('bonds').modifyFront(preparedStatement).select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * Future cash flows per 100 face from the analytics engine, settling on the bond's analytics'
 * settlement: T+1 after the day they were priced for (the market day before the bond is priced;
 * common/pricingConventions `pricingSettlementDay`), so the page's flows match its analytics.
 * Floaters are projected at the latest 3-month Treasury yield as the index level (a stand-in
 * until an index curve is stored). Null when the bond is unknown.
 */
export async function bondCashflows(db: Kysely<Database>, id: number): Promise<CashflowsResponse | null> {
  const b = await db.selectFrom('bonds').selectAll().where('id', '=', id).executeTakeFirst();
  if (!b) return null;
  // The day the bond's analytics were priced for (as the detail's `settlementDate`), else the market day.
  const state = await sql<{ d: string }>`
    select to_char((as_of at time zone 'UTC')::date, 'YYYY-MM-DD') as d from bond_market_state where bond_id = ${id}`.execute(db);
  const day = state.rows[0]?.d ?? (await marketAsOf(db)).day;
  const maturity = isoDay(b.maturity_date)!;
  const issue = isoDay(b.issue_date)!;
  // T+1 on the calendar, never before issue: the settlement the evaluated analytics use.
  const settlement = formatDate(pricingSettlementDay(parseDate(issue), parseDate(day)));
  if (settlement >= maturity) return { bondId: id, settlementDate: settlement, cashflows: [], assumedIndexRate: null };
  const floating = b.coupon_type === 'floating';
  try {
    return await projectCashflows(db, b, id, day, settlement, maturity, issue, floating);
  } catch (err) {
    // Terms the engine rejects (e.g. an off-grid first coupon from an import) are a data problem
    // of this bond, not a server failure: say what is wrong.
    if (err instanceof AnalyticsInputError)
      throw new ServiceRefusal('unprocessable', `Cash flows unavailable for bond ${id}: ${err.message}`);
    throw err;
  }
}

async function projectCashflows(
  db: Kysely<Database>,
  b: Selectable<BondsTable>,
  id: number,
  day: string,
  settlement: string,
  maturity: string,
  issue: string,
  floating: boolean,
): Promise<CashflowsResponse> {
  const bond = createBond({
    issueDate: parseDate(issue),
    maturityDate: parseDate(maturity),
    firstCouponDate: b.first_coupon_date ? parseDate(isoDay(b.first_coupon_date)) : null,
    coupon: floating ? 0 : Number(b.coupon),
    frequency: b.frequency as 1 | 2 | 4,
    dayCount: b.day_count,
    endOfMonth: b.end_of_month,
    redemption: 100,
    zero: b.coupon_type === 'zero',
  });
  const settleDay = parseDate(settlement);
  let flows;
  let indexRate: number | null = null;
  if (floating) {
    // Today's index as the pricing service assumes it (the 3-month point of the market day's curve).
    indexRate = (await indexFixingOn(db, day)) ?? 0;
    // The current period pays the index fixed at its last reset; only later periods are projected.
    const period = await floaterPeriod(db, bond, settleDay);
    flows = frnCashflows(settleFrn(bond, settleDay, floaterRates(indexRate, period.indexFixing, n(b.quoted_margin) ?? 0)));
  } else {
    flows = cashflows(settle(bond, settleDay));
  }
  const last = flows.length - 1;
  return {
    bondId: id,
    settlementDate: settlement,
    assumedIndexRate: indexRate,
    cashflows: flows.map((f, k) => {
      const principal = k === last ? 100 : 0;
      const total = Math.round(f.amount * 1e8) / 1e8;
      return { date: formatDate(f.date), coupon: Math.round((total - principal) * 1e8) / 1e8, principal, total };
    }),
  };
}
