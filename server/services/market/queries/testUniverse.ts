import { type Kysely, sql } from 'kysely';
import { SP_RATINGS, MOODY_RATINGS } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { addDays } from './common';
import { resetAllCaches } from '../../caches/registry';
import { mulberry32 } from '@common/random';

/**
 * A small deterministic market for the API tests, written straight into the tables (the API
 * only reads them). Includes what the tests need to bite: nulls in analytics columns, ties in
 * text columns, callable and bullet bonds, a matured bond, a parent issuer, IG and HY, two
 * sectors with industries, EOD history, trades with capped sizes and treasury curves.
 */
export interface TestUniverse {
  asOfDay: string;
  days: string[];
  bondIds: number[];
  issuerIds: number[];
  maturedBondId: number;
}

const rng = mulberry32;

/** Inserts the universe; `asOfDay` is the market day of bond_market_state. */
export async function insertTestUniverse(
  db: Kysely<Database>,
  opts: { bonds?: number; historyDays?: number; seed?: number; asOfDay?: string } = {},
): Promise<TestUniverse> {
  const nBonds = opts.bonds ?? 60;
  const historyDays = opts.historyDays ?? 10;
  const asOfDay = opts.asOfDay ?? '2026-11-20';
  const r = rng(opts.seed ?? 7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

  const sectorRows = await db
    .insertInto('sectors')
    .values([
      { code: 'FIN', name: 'Financials', parent_id: null },
      { code: 'IND', name: 'Industrials', parent_id: null },
    ])
    .returning(['id', 'code'])
    .execute();
  const sectorId = Object.fromEntries(sectorRows.map((s) => [s.code, s.id]));
  const industries = await db
    .insertInto('sectors')
    .values([
      { code: 'BANK', name: 'Banks', parent_id: sectorId.FIN! },
      { code: 'INSU', name: 'Insurance', parent_id: sectorId.FIN! },
      { code: 'AERO', name: 'Aerospace', parent_id: sectorId.IND! },
      { code: 'MACH', name: 'Machinery', parent_id: sectorId.IND! },
    ])
    .returning(['id', 'code'])
    .execute();

  const issuerIds: number[] = [];
  const tickers = ['ACME', 'BETA', 'CORA', 'DELT', 'ECHO', 'FOXT', 'GAMA', 'HOTL', 'INDI', 'JULI'];
  for (const [k, ticker] of tickers.entries()) {
    const [row] = await db
      .insertInto('issuers')
      .values({
        // One name with a comma and quotes, to prove CSV quoting.
        name: k === 1 ? `${ticker} Holdings, Inc. "B"` : `${ticker} Holdings Inc`,
        display_name: `${ticker[0]}${ticker.slice(1).toLowerCase()} Co`,
        ticker,
        sector_id: industries[k % industries.length]!.id,
        country_of_risk: k % 3 === 0 ? 'GB' : 'US',
        corporate_structure: k % 2 === 0 ? 'OpCo' : 'HoldCo',
        parent_issuer_id: k === 9 ? issuerIds[0]! : null,
        sec_cik: k % 2 === 0 ? String(100000 + k) : null,
      })
      .returning('id')
      .execute();
    issuerIds.push(row!.id);
  }

  const bondIds: number[] = [];
  const seniorities = ['Senior Unsecured', 'Senior Secured', 'Subordinated'];
  for (let k = 0; k < nBonds; k++) {
    const issuer = k % issuerIds.length;
    const years = 1 + Math.floor(r() * 30);
    const issue = addDays(asOfDay, -Math.floor(r() * 900) - 30);
    const maturity = k === 0 ? addDays(asOfDay, -5) : addDays(asOfDay, Math.floor(years * 365.25 * r()) + 20);
    const coupon = Math.round((0.02 + r() * 0.06) * 8000) / 8000;
    const notch = Math.floor(r() * 19);
    const callable = k % 4 === 0;
    const cusip = `${tickers[issuer]!.slice(0, 4)}${String(k).padStart(4, '0')}${k % 10}`.slice(0, 9);
    const [row] = await db
      .insertInto('bonds')
      .values({
        cusip,
        isin: `US${cusip}${k % 10}`,
        issuer_id: issuerIds[issuer]!,
        description: `${tickers[issuer]} ${(coupon * 100).toFixed(3).replace(/0$/, '')} ${maturity.slice(5, 7)}/${maturity.slice(8)}/${maturity.slice(2, 4)}`,
        coupon_type: k % 15 === 7 ? 'floating' : 'fixed',
        coupon: k % 15 === 7 ? 0 : coupon,
        frequency: k % 15 === 7 ? 4 : 2,
        day_count: k % 15 === 7 ? 'ACT/360' : '30/360',
        issue_date: issue,
        maturity_date: maturity > issue ? maturity : addDays(issue, 400),
        amount_issued: 250_000_000 + Math.floor(r() * 8) * 250_000_000,
        amount_outstanding: 250_000_000 + Math.floor(r() * 8) * 250_000_000,
        seniority: pick(seniorities),
        call_schedule: JSON.stringify(callable ? [{ date: addDays(asOfDay, 200), price: 100 }] : []),
        floater_index: k % 15 === 7 ? 'SOFR' : null,
        quoted_margin: k % 15 === 7 ? 0.012 : null,
        rating_sp: k % 11 === 5 ? null : SP_RATINGS[notch]!,
        rating_moody: k % 13 === 6 ? null : MOODY_RATINGS[notch]!,
        is_benchmark: k % 6 === 0,
        tenor_at_issue: years,
        end_of_month: false,
        currency: 'USD',
        // Three sources, so the Source column sorts on more than ties.
        source: (['simulator', 'finra-public', 'import'] as const)[k % 3]!,
      })
      .returning('id')
      .execute();
    bondIds.push(row!.id);
    await db
      .insertInto('bond_ratings')
      .values([
        { bond_id: row!.id, agency: 'sp', rating: SP_RATINGS[Math.min(notch + 1, 18)]!, effective_date: issue },
        { bond_id: row!.id, agency: 'sp', rating: SP_RATINGS[notch]!, effective_date: addDays(issue, 20) },
      ])
      .execute();
  }

  const days: string[] = [];
  for (let d = historyDays - 1; d >= 0; d--) days.push(addDays(asOfDay, -d));
  const tenors: [string, number][] = [
    ['3M', 0.25],
    ['2Y', 2],
    ['5Y', 5],
    ['10Y', 10],
    ['30Y', 30],
  ];
  await db
    .insertInto('treasury_curve_points')
    .values(
      days.flatMap((day, di) =>
        tenors.map(([tenor, years]) => ({ curve_date: day, tenor, years, yield: 0.038 + years * 0.0004 + di * 0.0001 })),
      ),
    )
    .execute();

  const prices: {
    bond_id: number;
    price_date: string;
    kind: 'eod';
    as_of: string;
    clean_price: number;
    yield: number;
    g_spread_bp: number;
    confidence: number;
    inputs: string;
  }[] = [];
  const stats: { bond_id: number; trade_date: string; volume: number; trade_count: number; high: number; low: number; vwap: number }[] = [];
  const trades: Record<string, unknown>[] = [];
  for (const [k, id] of bondIds.entries()) {
    let price = 90 + r() * 20;
    for (const day of days) {
      price += (r() - 0.5) * 0.6;
      prices.push({
        bond_id: id,
        price_date: day,
        kind: 'eod',
        as_of: `${day}T21:00:00Z`,
        clean_price: Math.round(price * 1e4) / 1e4,
        yield: 0.04 + r() * 0.04,
        g_spread_bp: 50 + r() * 400,
        confidence: 40 + Math.floor(r() * 60),
        inputs: JSON.stringify({ method: 'fixture', trades: [] }),
      });
      if ((k + days.indexOf(day)) % 3 === 0) {
        const qty = [50_000, 1_000_000, 7_000_000][(k + day.length) % 3]!;
        const capped = qty > 5_000_000;
        stats.push({ bond_id: id, trade_date: day, volume: qty, trade_count: 1, high: price, low: price, vwap: price });
        trades.push({
          bond_id: id,
          execution_time: `${day}T15:${String(k % 60).padStart(2, '0')}:00Z`,
          quantity: qty,
          reported_quantity: capped ? 5_000_000 : qty,
          quantity_capped: capped,
          price: Math.round(price * 1e4) / 1e4,
          yield: 0.05,
          side: pick(['customer_buy', 'customer_sell', 'inter_dealer'] as const),
          reporting_party_type: 'dealer',
          ats: false,
        });
      }
    }
    const nulls = k % 9 === 4; // a few never-computed analytics to prove NULLS LAST
    await db
      .insertInto('bond_market_state')
      .values({
        bond_id: id,
        as_of: `${asOfDay}T21:00:00Z`,
        price: Math.round(price * 1e4) / 1e4,
        change_price: Math.round((r() - 0.5) * 2e4) / 1e4,
        yield_to_maturity: nulls ? null : 0.04 + r() * 0.05,
        change_ytm: nulls ? null : (r() - 0.5) * 0.001,
        yield_to_call: k % 4 === 0 ? 0.04 + r() * 0.05 : null,
        change_ytc: k % 4 === 0 ? (r() - 0.5) * 0.001 : null,
        yield_to_worst: 0.04 + r() * 0.05,
        change_ytw: (r() - 0.5) * 0.001,
        next_call_date: k % 4 === 0 ? addDays(asOfDay, 200) : null,
        g_spread: nulls ? null : Math.round((40 + r() * 500) * 1000) / 1000,
        change_g_spread: Math.round((r() - 0.5) * 10000) / 1000,
        t_spread: Math.round((40 + r() * 500) * 1000) / 1000,
        change_t_spread: Math.round((r() - 0.5) * 10000) / 1000,
        treasury: pick(['2Y', '5Y', '10Y', '30Y']),
        discount_margin: k % 15 === 7 ? 120 : null,
        duration: Math.round(r() * 15 * 1e5) / 1e5,
        dv01: Math.round(r() * 0.15 * 1e7) / 1e7,
        current_yield: 0.03 + r() * 0.05,
        money_market_yield_360: nulls ? null : 0.03 + r() * 0.05,
        confidence: 30 + Math.floor(r() * 70),
        start_confidence: 30 + Math.floor(r() * 70),
        change_confidence: Math.floor((r() - 0.5) * 20),
        volume: k % 5 === 0 ? 0 : Math.floor(r() * 50) * 100_000,
        volume_percent_change: nulls ? null : Math.round((r() - 0.5) * 200000) / 1000,
      })
      .execute();
  }
  await db.insertInto('evaluated_prices').values(prices).execute();
  await db.insertInto('daily_bond_stats').values(stats).execute();
  if (trades.length)
    await db
      .insertInto('trades')
      .values(trades as never)
      .execute();
  await sql`analyze`.execute(db);
  resetAllCaches();
  return { asOfDay, days, bondIds, issuerIds, maturedBondId: bondIds[0]! };
}
