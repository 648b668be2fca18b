/**
 * The contract's JSON input object (`BondInput`) and its validation into typed terms. Every
 * rejection is an {@link AnalyticsInputError} whose one-line message starts with the field name.
 */
import { requireFinite, parseFrequency, type BondTerms } from './bond';
import type { Call } from './callable';
import type { CurvePoint } from './curve';
import { describe, parseDate, type DayNumber } from './dates';
import { parseDayCount } from './daycount';
import { AnalyticsInputError } from './errors';
import type { FrnRates } from './frn';

/** Instrument kinds of the contract. */
export type Instrument = 'fixed' | 'zero' | 'callable' | 'frn';

/** One bond request exactly as in the analytics contract (camelCase keys, 'YYYY-MM-DD' dates). */
export interface BondInput {
  id?: string;
  instrument: Instrument;
  issueDate: string;
  maturityDate: string;
  settlementDate: string;
  firstCouponDate?: string | null;
  /** Annual rate as a decimal; 0 for zeros, null for FRNs. */
  coupon: number | null;
  frequency: 1 | 2 | 4;
  dayCount: '30/360' | 'ACT/ACT' | 'ACT/360';
  endOfMonth: boolean;
  redemption: number;
  callSchedule?: { date: string; price: number }[];
  cleanPrice: number | null;
  yield?: number | null;
  treasuryCurve?: CurvePoint[] | null;
  indexRate?: number;
  quotedMargin?: number;
  currentIndexFixing?: number;
  discountMargin?: number | null;
}

/** A validated request: typed terms plus what to compute. */
export interface ParsedInput {
  instrument: Instrument;
  terms: BondTerms;
  settlementDate: DayNumber;
  cleanPrice: number | null;
  /** Yield for fixed/zero/callable, discount margin for FRNs, when given instead of a price. */
  rate: number | null;
  calls: Call[];
  frn: FrnRates | null;
  curve: CurvePoint[] | null;
}

const INSTRUMENTS: readonly string[] = ['fixed', 'zero', 'callable', 'frn'];

/** Every input key the contract defines; anything else is a caller's mistake (a typo such as "coupn"). */
const KNOWN_FIELDS = new Set([
  'id',
  'instrument',
  'issueDate',
  'maturityDate',
  'settlementDate',
  'firstCouponDate',
  'coupon',
  'frequency',
  'dayCount',
  'endOfMonth',
  'redemption',
  'callSchedule',
  'cleanPrice',
  'yield',
  'treasuryCurve',
  'indexRate',
  'quotedMargin',
  'currentIndexFixing',
  'discountMargin',
]);

/**
 * Largest price accepted or produced, per 100 face. Prices this far beyond par only arise from
 * typos or absurd yields, and bounding them keeps every derived number (DV01, convexity) finite.
 */
export const MAX_PRICE = 1e6;

/** Smallest clean price accepted or produced (per 100 face); keeps current yield finite. */
export const MIN_PRICE = 1e-6;

const isNil = (v: unknown): v is null | undefined => v === null || v === undefined;

function optionalNumber(value: unknown, field: string): number | null {
  return isNil(value) ? null : requireFinite(value, field);
}

/** Validates a contract input object. */
export function parseInput(raw: unknown): ParsedInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new AnalyticsInputError('input', `must be a JSON object, got ${describe(raw)}`);
  const o = raw as Record<string, unknown>;
  let unknown: string[] | null = null;
  for (const key in o) if (!KNOWN_FIELDS.has(key)) (unknown ??= []).push(key);
  if (unknown)
    throw new AnalyticsInputError(
      'input',
      `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')}`,
    );
  const instrument = o.instrument;
  if (typeof instrument !== 'string' || !INSTRUMENTS.includes(instrument)) {
    throw new AnalyticsInputError('instrument', `must be one of ${INSTRUMENTS.join(', ')}, got ${describe(instrument)}`);
  }
  const kind = instrument as Instrument;
  const issueDate = parseDate(o.issueDate, 'issueDate');
  const maturityDate = parseDate(o.maturityDate, 'maturityDate');
  const settlementDate = parseDate(o.settlementDate, 'settlementDate');
  const firstCouponDate = isNil(o.firstCouponDate) ? null : parseDate(o.firstCouponDate, 'firstCouponDate');
  if (maturityDate <= settlementDate) throw new AnalyticsInputError('maturityDate', 'must be after settlementDate');
  if (settlementDate < issueDate) throw new AnalyticsInputError('settlementDate', 'must not be before issueDate');
  const frequency = parseFrequency(o.frequency);
  const dayCount = parseDayCount(o.dayCount);
  if (kind === 'frn' ? dayCount !== 'ACT/360' && dayCount !== 'ACT/365F' : dayCount !== '30/360' && dayCount !== 'ACT/ACT') {
    throw new AnalyticsInputError(
      'dayCount',
      kind === 'frn' ? `FRNs accrue ACT/360, got ${dayCount}` : `${dayCount} is only for FRNs; use 30/360 or ACT/ACT`,
    );
  }
  if (!isNil(o.endOfMonth) && typeof o.endOfMonth !== 'boolean')
    throw new AnalyticsInputError('endOfMonth', `must be true or false, got ${describe(o.endOfMonth)}`);
  const redemption = isNil(o.redemption) ? 100 : requireFinite(o.redemption, 'redemption');

  let coupon = 0;
  if (kind === 'fixed' || kind === 'callable') {
    coupon = requireFinite(o.coupon, 'coupon');
  } else if (kind === 'zero') {
    coupon = optionalNumber(o.coupon, 'coupon') ?? 0;
    if (coupon !== 0) throw new AnalyticsInputError('coupon', `must be 0 for a zero, got ${coupon}`);
  }
  if (coupon < 0 || coupon > 1) throw new AnalyticsInputError('coupon', `must be between 0 and 1 (a decimal rate), got ${coupon}`);

  const cleanPrice = optionalNumber(o.cleanPrice, 'cleanPrice');
  const rateField = kind === 'frn' ? 'discountMargin' : 'yield';
  const rate = optionalNumber(o[rateField], rateField);
  if ((cleanPrice === null) === (rate === null)) {
    throw new AnalyticsInputError(
      'cleanPrice',
      `exactly one of cleanPrice and ${rateField} must be given (${cleanPrice === null ? 'neither' : 'both'} given)`,
    );
  }
  if (cleanPrice !== null && !(cleanPrice >= MIN_PRICE))
    throw new AnalyticsInputError('cleanPrice', `must be positive (at least ${MIN_PRICE}), got ${cleanPrice}`);
  if (cleanPrice !== null && cleanPrice > MAX_PRICE)
    throw new AnalyticsInputError('cleanPrice', `must be at most ${MAX_PRICE} per 100 face, got ${cleanPrice}`);

  let frn: FrnRates | null = null;
  if (kind === 'frn') {
    frn = {
      indexRate: requireFinite(o.indexRate, 'indexRate'),
      quotedMargin: requireFinite(o.quotedMargin, 'quotedMargin'),
      currentIndexFixing: requireFinite(o.currentIndexFixing, 'currentIndexFixing'),
    };
  }

  const calls: Call[] = [];
  if (kind === 'callable' && !isNil(o.callSchedule)) {
    if (!Array.isArray(o.callSchedule)) throw new AnalyticsInputError('callSchedule', 'must be an array of {date, price}');
    o.callSchedule.forEach((c: unknown, i: number) => {
      if (c === null || typeof c !== 'object') throw new AnalyticsInputError(`callSchedule[${i}]`, 'must be an object {date, price}');
      const entry = c as Record<string, unknown>;
      const date = parseDate(entry.date, `callSchedule[${i}].date`);
      const price = requireFinite(entry.price, `callSchedule[${i}].price`);
      if (!(price > 0)) throw new AnalyticsInputError(`callSchedule[${i}].price`, `must be positive, got ${price}`);
      if (date > maturityDate) throw new AnalyticsInputError(`callSchedule[${i}].date`, 'must not be after maturityDate');
      calls.push({ date, price });
    });
  }

  let curve: CurvePoint[] | null = null;
  if (!isNil(o.treasuryCurve)) {
    if (!Array.isArray(o.treasuryCurve))
      throw new AnalyticsInputError('treasuryCurve', 'must be an array of {tenor, years, yield} or null');
    curve = o.treasuryCurve as CurvePoint[];
  }

  return {
    instrument: kind,
    terms: {
      issueDate,
      maturityDate,
      firstCouponDate,
      coupon,
      frequency,
      dayCount,
      endOfMonth: o.endOfMonth === true,
      redemption,
      zero: kind === 'zero',
    },
    settlementDate,
    cleanPrice,
    rate,
    calls,
    frn,
    curve,
  };
}
