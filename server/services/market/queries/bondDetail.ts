import { AnalyticsInputError, cashflows, createBond, frnCashflows, parseDate, settle, settleFrn, formatDate } from '@analytics/index';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { BondsTable } from '../../../db/tables/market';
import { HttpError } from '../../../plugins/errors';
import { ratingClassOf } from '../../../../common/market';
import { explainPrice } from '../../pricing/index';
import type { BondDetailResponse, CashflowsResponse, PriceHistoryResponse } from '../../../../common/api/bond';
import type { Database } from '../../../db/schema';
import { addDays, isoDay, isoTime, marketAsOf, n } from './common';
import { settlementDayAfter } from '../../../../common/calendar';
import { presentBondRow, selectBondRows } from './bondRows';

/** A bond's terms, issuer, ratings history, call schedule, today's analytics and price lineage; null if unknown. */
export async function bondDetail(db: Kysely<Database>, id: number): Promise<BondDetailResponse | null> {
  const bond = await db.selectFrom('bonds').selectAll().where('id', '=', id).executeTakeFirst();
  if (!bond) return null;
  const { day } = await marketAsOf(db);
  const [issuer, ratings, stateRow, price, explanation, curve] = await Promise.all([
    db
      .selectFrom('issuers as i')
      .innerJoin('sectors as ind', 'ind.id', 'i.sector_id')
      .leftJoin('sectors as sec', 'sec.id', 'ind.parent_id')
      .select([
        'i.id',
        'i.name',
        'i.display_name',
        'i.ticker',
        'i.country_of_risk',
        'i.corporate_structure',
        'ind.id as ind_id',
        'ind.code as ind_code',
        'ind.name as ind_name',
        'sec.id as sec_id',
        'sec.code as sec_code',
        'sec.name as sec_name',
      ])
      .where('i.id', '=', bond.issuer_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bond_ratings')
      .select(['agency', 'rating', 'effective_date'])
      .where('bond_id', '=', id)
      .orderBy('effective_date', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    selectBondRows(db).where('b.id', '=', id).where('s.bond_id', 'is not', null).executeTakeFirst(),
    db.selectFrom('evaluated_prices').selectAll().where('bond_id', '=', id).orderBy('as_of', 'desc').limit(1).executeTakeFirst(),
    explainPrice(db, id, day).catch(() => null),
    analyticsCurve(db, id),
  ]);
  // The explanation lists the trades used; show them as disseminated (capped), like /trades.
  const cap = ratingClassOf(bond.rating_sp) === 'IG' ? 5_000_000 : 1_000_000;
  const capTrades = <T extends { quantity: number }>(ts: T[]) =>
    ts.map((t) => ({ ...t, quantity: Math.min(t.quantity, cap), quantityCapped: t.quantity > cap }));
  const explained = explanation
    ? { ...explanation, trades: capTrades(explanation.trades), rejected: capTrades(explanation.rejected) }
    : undefined;
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
    },
    issuer: {
      id: issuer.id,
      name: issuer.name,
      displayName: issuer.display_name,
      ticker: issuer.ticker,
      countryOfRisk: issuer.country_of_risk.trim(),
      corporateStructure: issuer.corporate_structure,
      industry: { id: issuer.ind_id, code: issuer.ind_code, name: issuer.ind_name },
      sector: issuer.sec_id === null ? null : { id: issuer.sec_id, code: issuer.sec_code!, name: issuer.sec_name! },
    },
    ratings: {
      sp: bond.rating_sp,
      moody: bond.rating_moody,
      history: ratings.map((r) => ({ agency: r.agency, rating: r.rating, effectiveDate: isoDay(r.effective_date)! })),
    },
    callSchedule: (bond.call_schedule ?? []).map((c) => ({ date: isoDay(c.date)!, price: Number(c.price) })),
    analytics: stateRow ? presentBondRow(stateRow, day) : null,
    analyticsCurve: stateRow ? curve : null,
    lineage: price
      ? {
          priceDate: isoDay(price.price_date)!,
          kind: price.kind,
          asOf: isoTime(price.as_of)!,
          price: Number(price.clean_price),
          yield: n(price.yield),
          gSpread: n(price.g_spread_bp),
          confidence: price.confidence,
          inputs: price.inputs ?? {},
          ...(explained ? { explanation: explained } : {}),
        }
      : null,
  };
}

/**
 * The Treasury curve the bond's analytics (its bond_market_state row) were priced on, chosen as
 * the pricing does (services/pricing: `curves.on(isoDay(asOf))`): the latest curve dated on or
 * before the UTC day of the row's as-of. Null when the bond has no analytics or no curve is that old.
 * Limit: only the latest version of each curve date is stored. The live market rewrites today's
 * curve every tick but reprices only the bonds it touched, so a bond last repriced earlier today
 * was priced on an earlier version of today's curve than this one; closes, imports and the first
 * tick of a day reprice every bond, after which they agree exactly.
 */
async function analyticsCurve(db: Kysely<Database>, id: number): Promise<BondDetailResponse['analyticsCurve']> {
  const { rows } = await sql<{ pricing_day: string; curve_date: string; tenor: string; years: number; yield: number }>`
    with s as (select (as_of at time zone 'UTC')::date as day from bond_market_state where bond_id = ${id}),
         c as (select max(p.curve_date) as curve_date from treasury_curve_points p, s where p.curve_date <= s.day)
    select to_char(s.day, 'YYYY-MM-DD') as pricing_day, to_char(p.curve_date, 'YYYY-MM-DD') as curve_date,
           p.tenor, p.years::float8 as years, p.yield::float8 as yield
    from s cross join c join treasury_curve_points p on p.curve_date = c.curve_date
    order by p.years`.execute(db);
  const first = rows[0];
  if (!first) return null;
  return {
    pricingDay: first.pricing_day,
    date: first.curve_date,
    points: rows.map((r) => ({ tenor: r.tenor, years: Number(r.years), yield: Number(r.yield) })),
  };
}

/** True when the bond exists (routes answer 404 otherwise). */
export async function bondExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('bonds').select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * End-of-day evaluated prices with the day's volume, oldest first. Served by the
 * (bond_id, price_date, kind) index; default range one year back from the market day.
 */
export async function priceHistory(
  db: Kysely<Database>,
  id: number,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<PriceHistoryResponse> {
  const to = range.to ?? (await marketAsOf(db)).day;
  const from = range.from ?? addDays(to, -365);
  const rows = await sql<{
    price_date: string | Date;
    clean_price: string;
    yield: string | null;
    g_spread_bp: string | null;
    confidence: number;
    volume: string | null;
    trade_count: number | null;
  }>`
    select ep.price_date, ep.clean_price, ep.yield, ep.g_spread_bp, ep.confidence, d.volume, d.trade_count
    from evaluated_prices ep
    left join daily_bond_stats d on d.bond_id = ep.bond_id and d.trade_date = ep.price_date
    where ep.bond_id = ${id} and ep.kind = 'eod' and ep.price_date between ${from}::date and ${to}::date
    order by ep.price_date`.execute(db);
  return {
    bondId: id,
    points: rows.rows.map((r) => ({
      date: isoDay(r.price_date)!,
      price: Number(r.clean_price),
      yield: n(r.yield),
      gSpread: n(r.g_spread_bp),
      confidence: r.confidence,
      volume: n(r.volume) ?? 0,
      tradeCount: r.trade_count ?? 0,
    })),
  };
}

/**
 * Future cash flows per 100 face from the analytics engine, settling T+1 after the market day.
 * Floaters are projected at the latest 3-month Treasury yield as the index level (a stand-in
 * until an index curve is stored). Null when the bond is unknown.
 */
export async function bondCashflows(db: Kysely<Database>, id: number): Promise<CashflowsResponse | null> {
  const b = await db.selectFrom('bonds').selectAll().where('id', '=', id).executeTakeFirst();
  if (!b) return null;
  const { day } = await marketAsOf(db);
  const maturity = isoDay(b.maturity_date)!;
  const issue = isoDay(b.issue_date)!;
  let settlement = settlementDayAfter(day);
  if (settlement < issue) settlement = issue;
  if (settlement >= maturity) return { bondId: id, settlementDate: settlement, cashflows: [], assumedIndexRate: null };
  const floating = b.coupon_type === 'floating';
  try {
    return await projectCashflows(db, b, id, day, settlement, maturity, issue, floating);
  } catch (err) {
    // Terms the engine rejects (e.g. an off-grid first coupon from an import) are a data problem
    // of this bond, not a server failure: say what is wrong.
    if (err instanceof AnalyticsInputError) throw new HttpError(422, `Cash flows unavailable for bond ${id}: ${err.message}`);
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
    const bill = await db
      .selectFrom('treasury_curve_points')
      .select('yield')
      .where('curve_date', '<=', day)
      .orderBy('curve_date', 'desc')
      .orderBy(sql`abs(years - 0.25)`)
      .limit(1)
      .executeTakeFirst();
    indexRate = bill ? Number(bill.yield) : 0;
    flows = frnCashflows(settleFrn(bond, settleDay, { indexRate, currentIndexFixing: indexRate, quotedMargin: n(b.quoted_margin) ?? 0 }));
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
