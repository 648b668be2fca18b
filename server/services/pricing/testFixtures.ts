/**
 * Fixture builders for market-data tests and benchmarks (reusable by any part): sectors,
 * issuers, bonds (bullet, callable, FRN, zero), treasury curves and trades, inserted with bulk
 * statements. `seedSyntheticMarket` builds a whole deterministic universe of any size for
 * benchmarks without depending on the simulator.
 */
import { createBond, parseDate } from '@analytics/index';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { TradeSide } from '../../db/tables/market';
import { halfSpreadPoints, isHighYield, priorSpreadBp, ratingBucket, curveTenorIndex } from './conventions';
import { addDays, businessDaysBetween } from '../../../common/calendar';
import { curveBook, indexFixings, type CurveBook } from './curves';
import { priceFromSpread, settlementDay } from './measures';
import { loadTerms, type BondEntry } from './terms';
import { mulberry32 } from '@common/random';
import type { BondDayCount, CouponType } from '../../../common/market';
import { rowVersionStamp } from '../../db/rowVersion';

/** A today-like treasury par curve (decimals). */
export const BASE_CURVE: { tenor: string; years: number; yield: number }[] = [
  { tenor: '1M', years: 1 / 12, yield: 0.043 },
  { tenor: '3M', years: 0.25, yield: 0.0425 },
  { tenor: '6M', years: 0.5, yield: 0.0415 },
  { tenor: '1Y', years: 1, yield: 0.04 },
  { tenor: '2Y', years: 2, yield: 0.0385 },
  { tenor: '3Y', years: 3, yield: 0.038 },
  { tenor: '5Y', years: 5, yield: 0.0385 },
  { tenor: '7Y', years: 7, yield: 0.0395 },
  { tenor: '10Y', years: 10, yield: 0.041 },
  { tenor: '20Y', years: 20, yield: 0.045 },
  { tenor: '30Y', years: 30, yield: 0.046 },
];

/** Inserts a sector and one industry under it; returns both ids. */
export async function createSector(
  db: Kysely<Database>,
  code = 'FIN',
  name = 'Financials',
): Promise<{ sectorId: number; industryId: number }> {
  const s = await db.insertInto('sectors').values({ code, name, parent_id: null }).returning('id').executeTakeFirstOrThrow();
  const i = await db
    .insertInto('sectors')
    .values({ code: `${code}-1`, name: `${name} industry`, parent_id: s.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { sectorId: s.id, industryId: i.id };
}

export async function createIssuer(db: Kysely<Database>, industryId: number, ticker: string): Promise<number> {
  const r = await db
    .insertInto('issuers')
    .values({
      name: `${ticker} Corp`,
      display_name: `${ticker} Corporation`,
      ticker,
      sector_id: industryId,
      country_of_risk: 'US',
      corporate_structure: 'OpCo',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export interface BondSpec {
  issuerId: number;
  couponType?: CouponType;
  coupon?: number;
  frequency?: 1 | 2 | 4;
  dayCount?: BondDayCount;
  issueDate: string;
  maturityDate: string;
  amount?: number;
  callSchedule?: { date: string; price: number }[];
  quotedMargin?: number;
  ratingSp?: string;
  seniority?: string;
}

let cusipCounter = 0;

/** A unique 9-character identifier for fixtures (not a real CUSIP check digit: tests only). */
function nextCusip(): string {
  cusipCounter += 1;
  return `Z${(process.pid % 1296).toString(36).padStart(2, '0')}${cusipCounter.toString(36).padStart(6, '0')}`.toUpperCase();
}

/** Inserts bonds with one statement; returns their ids in order. */
export async function createBonds(db: Kysely<Database>, specs: BondSpec[]): Promise<number[]> {
  if (specs.length === 0) return [];
  const rows = specs.map((b) => {
    const cusip = nextCusip();
    const couponType = b.couponType ?? 'fixed';
    const coupon = couponType === 'fixed' ? (b.coupon ?? 0.05) : 0;
    const years = Math.max(1, Math.round((parseDate(b.maturityDate) - parseDate(b.issueDate)) / 365.25));
    return {
      cusip,
      isin: `US${cusip}0`,
      issuer_id: b.issuerId,
      description: `FIX ${(coupon * 100).toFixed(3)} ${b.maturityDate}`,
      coupon_type: couponType,
      coupon,
      frequency: b.frequency ?? (couponType === 'floating' ? 4 : 2),
      day_count: b.dayCount ?? (couponType === 'floating' ? 'ACT/360' : '30/360'),
      end_of_month: false,
      issue_date: b.issueDate,
      first_coupon_date: null,
      maturity_date: b.maturityDate,
      amount_issued: b.amount ?? 1e9,
      amount_outstanding: b.amount ?? 1e9,
      seniority: b.seniority ?? 'Senior Unsecured',
      call_schedule: JSON.stringify(b.callSchedule ?? []),
      floater_index: couponType === 'floating' ? 'SOFR' : null,
      quoted_margin: couponType === 'floating' ? (b.quotedMargin ?? 0.01) : null,
      rating_sp: b.ratingSp ?? 'A',
      rating_moody: null,
      is_benchmark: false,
      tenor_at_issue: years,
      currency: 'USD',
      source: 'fixture',
    } as const;
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 2500) {
    const out = await db
      .insertInto('bonds')
      .values(rows.slice(i, i + 2500))
      .returning('id')
      .execute();
    ids.push(...out.map((r) => r.id));
  }
  return ids;
}

/** Inserts a curve for each date (BASE_CURVE shifted by `shiftBp(date)` bp). */
export async function createCurves(db: Kysely<Database>, dates: string[], shiftBp: (date: string) => number = () => 0): Promise<void> {
  const d: string[] = [];
  const t: string[] = [];
  const y: number[] = [];
  const v: number[] = [];
  for (const date of dates) {
    const shift = shiftBp(date) / 1e4;
    for (const p of BASE_CURVE) {
      d.push(date);
      t.push(p.tenor);
      y.push(p.years);
      v.push(Math.round((p.yield + shift) * 1e7) / 1e7);
    }
  }
  await sql`insert into treasury_curve_points (curve_date, tenor, years, yield)
    select * from unnest(${d}::date[], ${t}::text[], ${y}::float8[], ${v}::float8[])
    on conflict (curve_date, tenor) do update set years = excluded.years, yield = excluded.yield, updated_at = ${rowVersionStamp}`.execute(
    db,
  );
}

export interface TradeSpec {
  bondId: number;
  time: Date;
  quantity: number;
  price: number;
  side: TradeSide;
  status?: 'active' | 'cancelled' | 'corrected';
}

/** Inserts trades with one statement per 50k; returns their ids in order (unless `returnIds` is false). */
export async function createTrades(db: Kysely<Database>, trades: TradeSpec[], returnIds = true): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < trades.length; i += 50_000) {
    const part = trades.slice(i, i + 50_000);
    const { rows } = await sql<{ id: string }>`
      insert into trades (bond_id, execution_time, quantity, reported_quantity, quantity_capped, price, side, status, source)
      select u.b, u.t, u.q, least(u.q, 5000000), u.q > 5000000, u.p, u.s, u.st, 'fixture'
      from unnest(${part.map((t) => t.bondId)}::int4[], ${part.map((t) => t.time.toISOString())}::timestamptz[],
                  ${part.map((t) => t.quantity)}::float8[], ${part.map((t) => Math.round(t.price * 1e6) / 1e6)}::float8[],
                  ${part.map((t) => t.side)}::text[], ${part.map((t) => t.status ?? 'active')}::text[]) with ordinality as u(b, t, q, p, s, st, o)
      order by u.o
      ${returnIds ? sql`returning id` : sql``}`.execute(db);
    ids.push(...rows.map((r) => Number(r.id)));
  }
  return ids;
}

/** Terms of the given bonds as the pricing engine sees them (to compute fixture prices). */
export async function entriesOf(db: Kysely<Database>): Promise<Map<number, BondEntry>> {
  return new Map((await loadTerms(db, null)).map((e) => [e.id, e]));
}

/** The curve book of fixture curves (BASE_CURVE shifted), for computing prices in tests. */
export function fixtureCurves(dates: string[], shiftBp: (date: string) => number = () => 0): CurveBook {
  return curveBook(
    dates.flatMap((date) =>
      BASE_CURVE.map((p) => ({
        curve_date: date,
        tenor: p.tenor,
        years: p.years,
        yield: Math.round((p.yield + shiftBp(date) / 1e4) * 1e7) / 1e7,
      })),
    ),
  );
}

/** Clean price of a bond at a spread (bp, in its pricing space) on a day against a curve book. */
export function priceAtSpread(entry: BondEntry, spreadBp: number, day: string, curves: CurveBook): number {
  return priceFromSpread(entry, spreadBp, parseDate(day), curves.on(day)!.curve, indexFixings(curves));
}

/** Deterministic PRNG: the shared mulberry32 (common/random.ts). */
export const rng = mulberry32;

const RATINGS = ['AAA', 'AA+', 'AA', 'AA-', 'A+', 'A', 'A-', 'BBB+', 'BBB', 'BBB-', 'BB+', 'BB', 'BB-', 'B+', 'B', 'B-', 'CCC+'];
const RATING_WEIGHTS = [1, 1, 2, 3, 5, 7, 8, 10, 11, 10, 5, 5, 4, 3, 3, 2, 1];

export interface SyntheticMarketOptions {
  bonds: number;
  issuers?: number;
  /** Business days of curves and trades, ending on `endDay`. */
  days: number;
  endDay: string;
  /** Share of bonds trading on a given day. */
  tradingShare?: number;
  seed?: number;
}

/**
 * A deterministic universe for benchmarks: 11 sectors, issuers with a rating and a spread factor,
 * bonds of 2–30 years (a tenth callable, a twentieth floating), a curve per business day moving a
 * few bp a day, and trades around each bond's true spread with side and size effects.
 */
export async function seedSyntheticMarket(
  db: Kysely<Database>,
  opts: SyntheticMarketOptions,
): Promise<{ bondIds: number[]; days: string[]; trades: number }> {
  const rand = rng(opts.seed ?? 7);
  const issuerCount = opts.issuers ?? Math.max(5, Math.round(opts.bonds / 10));
  const industries: number[] = [];
  for (let s = 0; s < 11; s++) industries.push((await createSector(db, `S${s}`, `Sector ${s}`)).industryId);
  const issuerRows = Array.from({ length: issuerCount }, (_, i) => {
    let r = rand() * RATING_WEIGHTS.reduce((a, b) => a + b, 0);
    let k = 0;
    while ((r -= RATING_WEIGHTS[k]!) > 0) k++;
    return { industry: industries[i % 11]!, rating: RATINGS[k]!, factor: 0.7 + rand() * 0.7 };
  });
  const { rows: issuerIds } = await sql<{ id: number }>`
    insert into issuers (name, display_name, ticker, sector_id)
    select 'Issuer ' || g, 'Issuer ' || g, 'T' || g, s from unnest(${issuerRows.map((r) => r.industry)}::int4[]) with ordinality as u(s, g)
    returning id`.execute(db);
  const days = businessDaysBetween(addDays(opts.endDay, -Math.ceil(opts.days * 1.5) - 7), opts.endDay).slice(-opts.days);
  let level = 0;
  const shifts = new Map<string, number>();
  for (const d of days) shifts.set(d, (level += (rand() - 0.5) * 8));
  await createCurves(db, days, (d) => shifts.get(d)!);
  const curves = fixtureCurves(days, (d) => shifts.get(d)!);
  const specs: BondSpec[] = [];
  const firstDay = parseDate(days[0]!);
  for (let b = 0; b < opts.bonds; b++) {
    const issuer = Math.floor(rand() * issuerCount);
    const tenor = [2, 3, 5, 7, 10, 20, 30][Math.floor(rand() * 7)]!;
    const age = Math.floor(rand() * Math.min(tenor, 5) * 365);
    const issue = new Date((firstDay - age) * 86_400_000);
    const issueDate = issue.toISOString().slice(0, 10);
    const maturityDate = `${issue.getUTCFullYear() + tenor}${issueDate.slice(4)}`.replace('-02-29', '-02-28');
    const kind = rand();
    const callable = kind < 0.1 && tenor >= 5;
    specs.push({
      issuerId: issuerIds[issuer]!.id,
      couponType: kind > 0.95 ? 'floating' : 'fixed',
      coupon: Math.round((0.02 + rand() * 0.06) * 800) / 800,
      issueDate,
      maturityDate,
      ratingSp: issuerRows[issuer]!.rating,
      callSchedule: callable
        ? [{ date: `${issue.getUTCFullYear() + tenor - 1}${issueDate.slice(4)}`.replace('-02-29', '-02-28'), price: 100 }]
        : [],
      quotedMargin: 0.005 + rand() * 0.01,
    });
  }
  const bondIds = await createBonds(db, specs);
  const entries = await entriesOf(db);
  const issuerIndex = new Map(issuerIds.map((r, i) => [r.id, i]));
  const trades: TradeSpec[] = [];
  const share = opts.tradingShare ?? 0.25;
  for (let k = 0; k < bondIds.length; k++) {
    const entry = entries.get(bondIds[k]!)!;
    const issuer = issuerRows[issuerIndex.get(entry.issuerId)!]!;
    const hy = isHighYield(ratingBucket(issuer.rating, null));
    for (const day of days) {
      if (rand() > share) continue;
      const dayNum = parseDate(day);
      if (settlementDay(entry, dayNum) >= entry.maturityDay) continue;
      const years = (entry.maturityDay - dayNum) / 365.25;
      const trueSpread =
        entry.couponType === 'floating' ? 80 * issuer.factor : priorSpreadBp(entry.rating, curveTenorIndex(years)) * issuer.factor;
      const n = 1 + Math.floor(rand() * 4);
      for (let j = 0; j < n; j++) {
        const u = rand();
        const quantity =
          u < 0.5
            ? 5_000 + Math.floor(rand() * 95) * 1000
            : u < 0.8
              ? 100_000 * (1 + Math.floor(rand() * 9))
              : u < 0.95
                ? 1_000_000 * (1 + Math.floor(rand() * 4))
                : 5_000_000 + Math.floor(rand() * 10) * 1_000_000;
        const v = rand();
        const side: TradeSide = v < 0.4 ? 'customer_buy' : v < 0.8 ? 'customer_sell' : 'inter_dealer';
        const hs = halfSpreadPoints(quantity, hy, years);
        let price: number;
        try {
          price = priceAtSpread(entry, trueSpread + (rand() - 0.5) * 4, day, curves);
        } catch {
          continue;
        }
        price += side === 'customer_buy' ? hs : side === 'customer_sell' ? -hs : 0;
        if (!(price > 0)) continue;
        const time = new Date(Date.parse(`${day}T13:30:00Z`) + Math.floor(rand() * 7 * 3600_000));
        trades.push({ bondId: entry.id, time, quantity, price, side });
      }
    }
  }
  await createTrades(db, trades, false);
  return { bondIds, days, trades: trades.length };
}

/** A fixed 5 % 30/360 bullet, 15 Mar 2024 → 15 Mar 2034, as the pricing code holds a bond (in-memory tests). */
export function bulletEntry(overrides: Partial<BondEntry> = {}): BondEntry {
  const issueDay = parseDate('2024-03-15');
  const maturityDay = parseDate('2034-03-15');
  return {
    id: 1,
    issuerId: 1,
    sectorId: 1,
    rating: 'A',
    highYield: false,
    couponType: 'fixed',
    coupon: 0.05,
    issueDay,
    maturity: '2034-03-15',
    maturityDay,
    quotedMargin: 0,
    calls: [],
    bond: createBond({
      issueDate: issueDay,
      maturityDate: maturityDay,
      coupon: 0.05,
      frequency: 2,
      dayCount: '30/360',
      endOfMonth: false,
      redemption: 100,
    }),
    error: null,
    updatedAtMs: 1,
    ...overrides,
  };
}
