import { type BondDayCount, COUPON_TYPES, type CouponType, MOODY_RATINGS, SP_RATINGS } from '../../../common/market';
import type { CallScheduleEntry } from '../../db/tables/market';
import { bondDescription, isinFromCusip, isValidCusip } from '../market/codesAndRatings';
import type { ColumnIndex, ColumnSpec } from './columns';
import { RowError } from './report';
import { parseDate, parseNumber } from './values';

/**
 * The bond reference CSV template (docs/market-data.md, samples/bonds-template.csv). Header names
 * are matched case-insensitively; optional columns may be left out or left blank.
 */
export const BOND_COLUMNS = [
  { key: 'cusip', names: ['cusip'], required: true },
  { key: 'isin', names: ['isin'], required: false },
  { key: 'issuerName', names: ['issuer_name'], required: true },
  { key: 'issuerTicker', names: ['issuer_ticker', 'ticker'], required: true },
  { key: 'sectorCode', names: ['sector_code'], required: true },
  { key: 'country', names: ['country_of_risk'], required: false },
  { key: 'couponType', names: ['coupon_type'], required: true },
  { key: 'coupon', names: ['coupon_pct', 'coupon'], required: true },
  { key: 'frequency', names: ['frequency'], required: false },
  { key: 'dayCount', names: ['day_count'], required: false },
  { key: 'issueDate', names: ['issue_date'], required: true },
  { key: 'firstCouponDate', names: ['first_coupon_date'], required: false },
  { key: 'maturityDate', names: ['maturity_date'], required: true },
  { key: 'amountIssued', names: ['amount_issued'], required: true },
  { key: 'amountOutstanding', names: ['amount_outstanding'], required: false },
  { key: 'seniority', names: ['seniority'], required: true },
  { key: 'ratingSp', names: ['rating_sp'], required: false },
  { key: 'ratingMoody', names: ['rating_moody'], required: false },
  { key: 'callSchedule', names: ['call_schedule'], required: false },
  { key: 'floaterIndex', names: ['floater_index'], required: false },
  { key: 'quotedMarginBp', names: ['quoted_margin_bp'], required: false },
  { key: 'benchmark', names: ['is_benchmark', 'benchmark'], required: false },
  { key: 'description', names: ['description'], required: false },
] as const satisfies readonly ColumnSpec<string>[];

export type BondColumn = (typeof BOND_COLUMNS)[number]['key'];

export interface BondRecord {
  cusip: string;
  isin: string;
  issuerName: string;
  issuerTicker: string;
  sectorCode: string;
  country: string;
  couponType: CouponType;
  /** Decimal. */
  coupon: number;
  frequency: 1 | 2 | 4;
  dayCount: BondDayCount;
  issueDate: string;
  firstCouponDate: string | null;
  maturityDate: string;
  amountIssued: number;
  amountOutstanding: number;
  seniority: string;
  ratingSp: string | null;
  ratingMoody: string | null;
  callSchedule: CallScheduleEntry[];
  floaterIndex: string | null;
  /** Decimal (the file gives basis points). */
  quotedMargin: number | null;
  isBenchmark: boolean;
  description: string;
  tenorAtIssue: number;
  endOfMonth: boolean;
}

const ISO = ['YYYY-MM-DD'] as const;
const FREQUENCIES: Record<string, 1 | 2 | 4> = { '1': 1, '2': 2, '4': 4, annual: 1, semiannual: 2, 'semi-annual': 2, quarterly: 4 };
const DAY_COUNTS: Record<string, BondRecord['dayCount']> = {
  '30/360': '30/360',
  '30/360 US': '30/360',
  'ACT/ACT': 'ACT/ACT',
  'ACTUAL/ACTUAL': 'ACT/ACT',
  'ACT/360': 'ACT/360',
  'ACTUAL/360': 'ACT/360',
};

const v = (fields: string[], i: number): string => (i >= 0 ? (fields[i] ?? '').trim() : '');

function rating(text: string, column: string, scale: readonly string[], normalize: (s: string) => string): string | null {
  if (text === '' || /^(NR|WR|N\/A)$/i.test(text)) return null;
  const r = normalize(text);
  if (!scale.includes(r)) throw new RowError(`"${column}" is not a rating on its agency's scale: "${text}"`);
  return r;
}

/** Parses `2027-05-15@100;2028-05-15@100` into call dates and prices (per 100), in date order. */
export function parseCallSchedule(text: string, column = 'call_schedule'): CallScheduleEntry[] {
  if (text === '') return [];
  const entries = text
    .split(';')
    .filter((s) => s.trim() !== '')
    .map((part) => {
      const [date, price] = part.split('@').map((s) => s.trim());
      if (!date || !price) throw new RowError(`"${column}" entries must be DATE@PRICE separated by ";": "${text}"`);
      return { date: parseDate(date, column, ISO), price: parseNumber(price, column, { positive: true }) };
    });
  return entries.sort((a, b) => a.date.localeCompare(b.date));
}

function yearsBetween(a: string, b: string): number {
  return (Date.parse(b) - Date.parse(a)) / (365.25 * 86_400_000);
}

/** Parses and validates one template row; throws a RowError naming the column and the value. */
export function parseBondRow(fields: string[], col: ColumnIndex<BondColumn>): BondRecord {
  const cusip = v(fields, col.cusip).toUpperCase();
  if (!isValidCusip(cusip))
    throw new RowError(`"cusip" is not a valid CUSIP (9 characters ending in its check digit): "${v(fields, col.cusip)}"`);
  const isin = isinFromCusip(cusip);
  const isinText = v(fields, col.isin).toUpperCase();
  if (isinText !== '' && isinText !== isin) throw new RowError(`"isin" does not match the CUSIP (expected ${isin}): "${isinText}"`);

  const issuerName = v(fields, col.issuerName);
  if (issuerName === '') throw new RowError('"issuer_name" is required');
  const issuerTicker = v(fields, col.issuerTicker).toUpperCase();
  if (!/^[A-Z0-9.-]{1,10}$/.test(issuerTicker))
    throw new RowError(`"issuer_ticker" must be 1–10 letters or digits: "${v(fields, col.issuerTicker)}"`);
  const sectorCode = v(fields, col.sectorCode).toUpperCase();
  if (sectorCode === '') throw new RowError('"sector_code" is required');
  const country = (v(fields, col.country) || 'US').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new RowError(`"country_of_risk" must be a two-letter country code: "${v(fields, col.country)}"`);

  const couponType = v(fields, col.couponType).toLowerCase() as CouponType;
  if (!COUPON_TYPES.includes(couponType)) {
    throw new RowError(
      `"coupon_type" must be ${COUPON_TYPES.slice(0, -1).join(', ')} or ${COUPON_TYPES.at(-1)}: "${v(fields, col.couponType)}"`,
    );
  }
  const couponText = v(fields, col.coupon);
  let coupon = 0;
  if (couponType === 'fixed') {
    coupon = parseNumber(couponText, 'coupon_pct') / 100;
    if (coupon <= 0 || coupon > 0.3) throw new RowError(`"coupon_pct" must be a coupon in percent (0–30): "${couponText}"`);
  } else if (couponText !== '' && couponType === 'zero' && parseNumber(couponText, 'coupon_pct') !== 0) {
    throw new RowError(`"coupon_pct" must be 0 or blank for a zero: "${couponText}"`);
  }
  const freqText = v(fields, col.frequency).toLowerCase();
  const frequency = freqText === '' ? (couponType === 'floating' ? 4 : 2) : FREQUENCIES[freqText];
  if (!frequency) throw new RowError(`"frequency" must be 1, 2 or 4 (or annual, semiannual, quarterly): "${v(fields, col.frequency)}"`);
  const dcText = v(fields, col.dayCount).toUpperCase();
  const dayCount = dcText === '' ? (couponType === 'floating' ? 'ACT/360' : '30/360') : DAY_COUNTS[dcText];
  if (!dayCount) throw new RowError(`"day_count" must be 30/360, ACT/ACT or ACT/360: "${v(fields, col.dayCount)}"`);

  const issueDate = parseDate(v(fields, col.issueDate), 'issue_date', ISO);
  const firstText = v(fields, col.firstCouponDate);
  const firstCouponDate = firstText === '' ? null : parseDate(firstText, 'first_coupon_date', ISO);
  const maturityDate = parseDate(v(fields, col.maturityDate), 'maturity_date', ISO);
  if (maturityDate <= issueDate) throw new RowError(`"maturity_date" must be after issue_date: "${maturityDate}"`);
  if (firstCouponDate && (firstCouponDate <= issueDate || firstCouponDate > maturityDate)) {
    throw new RowError(`"first_coupon_date" must be after issue_date and not after maturity_date: "${firstCouponDate}"`);
  }
  const amountIssued = parseNumber(v(fields, col.amountIssued), 'amount_issued', { positive: true });
  const outText = v(fields, col.amountOutstanding);
  const amountOutstanding = outText === '' ? amountIssued : parseNumber(outText, 'amount_outstanding');
  if (amountOutstanding < 0 || amountOutstanding > amountIssued) {
    throw new RowError(`"amount_outstanding" must be between 0 and amount_issued: "${outText}"`);
  }
  const seniority = v(fields, col.seniority);
  if (seniority === '') throw new RowError('"seniority" is required');

  const ratingSp = rating(v(fields, col.ratingSp), 'rating_sp', SP_RATINGS, (s) => s.toUpperCase());
  const ratingMoody = rating(
    v(fields, col.ratingMoody),
    'rating_moody',
    MOODY_RATINGS,
    (s) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase(),
  );
  const callSchedule = parseCallSchedule(v(fields, col.callSchedule));
  for (const call of callSchedule) {
    if (call.date <= issueDate || call.date >= maturityDate) {
      throw new RowError(`"call_schedule" dates must fall between issue_date and maturity_date: "${call.date}"`);
    }
  }
  const floaterIndex = v(fields, col.floaterIndex).toUpperCase() || null;
  const marginText = v(fields, col.quotedMarginBp);
  const quotedMargin = marginText === '' ? null : parseNumber(marginText, 'quoted_margin_bp') / 10_000;
  if (couponType === 'floating' && (!floaterIndex || quotedMargin === null)) {
    throw new RowError('"floater_index" and "quoted_margin_bp" are required for a floating coupon');
  }
  const benchmarkText = v(fields, col.benchmark);
  const isBenchmark = /^(Y|YES|TRUE|1)$/i.test(benchmarkText);
  const couponForDescription = couponType === 'fixed' ? coupon : 0;
  const description = v(fields, col.description) || bondDescription(issuerTicker, couponType, couponForDescription, maturityDate);
  return {
    cusip,
    isin,
    issuerName,
    issuerTicker,
    sectorCode,
    country,
    couponType,
    coupon,
    frequency,
    dayCount,
    issueDate,
    firstCouponDate,
    maturityDate,
    amountIssued,
    amountOutstanding,
    seniority,
    ratingSp,
    ratingMoody,
    callSchedule,
    floaterIndex: couponType === 'floating' ? floaterIndex : null,
    quotedMargin: couponType === 'floating' ? quotedMargin : null,
    isBenchmark,
    description,
    tenorAtIssue: Math.max(1, Math.round(yearsBetween(issueDate, maturityDate))),
    // The end-of-month schedule rule is a Treasury convention; corporate templates leave it off.
    endOfMonth: false,
  };
}
