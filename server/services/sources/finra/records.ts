/**
 * FINRA records read into our terms. Values arrive as FINRA sends them: numbers as JSON numbers
 * (sometimes text), dates as YYYY-MM-DD, flags as "Y"/"N", ratings with their own dates. A record
 * missing what a bond cannot do without (CUSIP, issuer, coupon, maturity) is skipped and counted.
 */
import { isValidCusip, ratingNotch } from '../../market/codesAndRatings';
import type { FinraRecord } from './client';

export interface CorporateBond {
  finraId: number;
  cusip: string;
  issuerName: string;
  issueSymbol: string | null;
  couponRatePct: number;
  couponType: string | null;
  maturityDate: string;
  isCallable: boolean;
  nextCallDate: string | null;
  isConvertible: boolean;
  is144A: boolean;
  industryGroup: string | null;
  traceGrade: string | null;
  moodys: { rating: string; date: string | null } | null;
  sp: { rating: string; date: string | null } | null;
  lastSale: { price: number; yieldPct: number | null; date: string } | null;
}

export interface EodPrint {
  cusip: string;
  tradeDate: string;
  price: number;
  yieldPct: number | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const day = (v: unknown): string | null => {
  const t = text(v);
  return t && /^\d{4}-\d{2}-\d{2}/.test(t) && !Number.isNaN(Date.parse(t.slice(0, 10))) ? t.slice(0, 10) : null;
};
const flag = (v: unknown): boolean => text(v)?.toUpperCase() === 'Y';
const rating = (r: unknown, d: unknown) => {
  const value = text(r);
  return value && ratingNotch(value) !== null ? { rating: value, date: day(d) } : null;
};

/** A corporateAndAgencySecurities record, or null when it lacks what a bond needs. */
export function corporateBondOf(r: FinraRecord): CorporateBond | null {
  const cusip = text(r.cusip)?.toUpperCase() ?? null;
  const issuerName = text(r.issuerName);
  const coupon = num(r.couponRate);
  const maturity = day(r.maturityDate);
  const finraId = num(r.finraSecurityIdentifier);
  if (!cusip || !isValidCusip(cusip) || !issuerName || coupon === null || coupon < 0 || !maturity || finraId === null) return null;
  const price = num(r.lastSalePrice);
  const lastDay = day(r.lastTradeDate);
  return {
    finraId,
    cusip,
    issuerName,
    issueSymbol: text(r.issueSymbolIdentifier),
    couponRatePct: coupon,
    couponType: text(r.couponType)?.toUpperCase() ?? null,
    maturityDate: maturity,
    isCallable: flag(r.isCallable),
    nextCallDate: day(r.nextCallDate),
    isConvertible: flag(r.isConvertible),
    is144A: flag(r.is144A),
    industryGroup: text(r.industryGroup)?.toUpperCase() ?? null,
    traceGrade: text(r.traceGradeCode)?.toUpperCase() ?? null,
    moodys: rating(r.moodysRating, r.moodyRatingDate),
    sp: rating(r.standardAndPoorsRating, r.standardAndPoorsRatingDate),
    lastSale: price !== null && price > 0 && lastDay ? { price, yieldPct: num(r.lastSaleYield), date: lastDay } : null,
  };
}

/** An endOfDayPriceYield record, or null when it has no CUSIP, day or positive price. */
export function eodPrintOf(r: FinraRecord): EodPrint | null {
  const cusip = text(r.cusip)?.toUpperCase() ?? null;
  const tradeDate = day(r.tradeDate);
  const price = num(r.lastSalePrice);
  if (!cusip || !tradeDate || price === null || price <= 0) return null;
  return { cusip, tradeDate, price, yieldPct: num(r.lastSaleYield) };
}

export interface TreasurySecurity {
  finraId: number;
  cusip: string;
  symbol: string | null;
  description: string | null;
  subType: string | null;
  benchmarkTerm: string | null;
  couponType: string | null;
  couponRatePct: number;
  maturityDate: string;
  lastSale: { price: number; yieldPct: number | null; date: string } | null;
}

/** A treasurySecurities record, or null when it lacks a valid CUSIP, maturity or FINRA id (a bill's coupon is 0). */
export function treasurySecurityOf(r: FinraRecord): TreasurySecurity | null {
  const cusip = text(r.cusip)?.toUpperCase() ?? null;
  const maturity = day(r.maturityDate);
  const finraId = num(r.finraSecurityIdentifier);
  const coupon = num(r.couponRate) ?? 0;
  if (!cusip || !isValidCusip(cusip) || !maturity || finraId === null || coupon < 0) return null;
  const price = num(r.lastSalePrice);
  const lastDay = day(r.lastTradeDate);
  return {
    finraId,
    cusip,
    symbol: text(r.issueSymbolIdentifier),
    description: text(r.securityDescription),
    subType: text(r.productSubTypeCode)?.toUpperCase() ?? null,
    benchmarkTerm: text(r.benchmarkTermCode)?.toUpperCase() ?? null,
    couponType: text(r.couponType)?.toUpperCase() ?? null,
    couponRatePct: coupon,
    maturityDate: maturity,
    lastSale: price !== null && price > 0 && lastDay ? { price, yieldPct: num(r.lastSaleYield), date: lastDay } : null,
  };
}
