/**
 * Bond generation: the outstanding universe before the history window (coupons set by the rate
 * regime of their issue year), with fixed/zero/FRN mix, call schedules, sizes and seniorities.
 */
import { addMonths, formatDate, parseDate } from '@analytics/index';
import { LAST_IG_NOTCH, type CouponType } from '../../../../common/market';
import type { CallScheduleEntry } from '../../../db/tables/market';
import { bondDescription, cusipCheckDigit, isinFromCusip } from '../codesAndRatings';
import { addDays, businessDayOnOrBefore, yearsBetween } from '../../../../common/calendar';
import { issuerNotchOn, type SimIssuer } from './issuers';
import type { Rng } from './random';

export interface SimBond {
  index: number;
  issuer: number;
  cusip: string;
  isin: string;
  description: string;
  couponType: CouponType;
  coupon: number;
  frequency: 2 | 4;
  dayCount: '30/360' | 'ACT/360';
  issueDate: string;
  maturityDate: string;
  amountIssued: number;
  amountOutstanding: number;
  seniority: string;
  callSchedule: CallScheduleEntry[];
  floaterIndex: string | null;
  quotedMargin: number | null;
  /** Notches added to the issuer's rating for this bond's seniority. */
  notchOffset: number;
  isBenchmark: boolean;
  tenorAtIssue: number;
  /** Deal index when the bond came from a simulated new issue. */
  deal: number | null;
}

/** Rough 10Y treasury level (percent) by year, so older bonds carry the coupons of their era. */
const TEN_YEAR_BY_YEAR: Record<number, number> = {
  2005: 4.3,
  2006: 4.8,
  2007: 4.6,
  2008: 3.7,
  2009: 3.3,
  2010: 3.2,
  2011: 2.8,
  2012: 1.8,
  2013: 2.4,
  2014: 2.5,
  2015: 2.1,
  2016: 1.8,
  2017: 2.3,
  2018: 2.9,
  2019: 2.1,
  2020: 0.9,
  2021: 1.4,
  2022: 3.0,
  2023: 4.0,
  2024: 4.2,
};
/** Spread at issue by notch group (bp), coarse: the era's coupon only needs to look right. */
const ISSUE_SPREAD = [45, 55, 60, 70, 80, 95, 110, 125, 145, 170, 250, 290, 330, 380, 430, 500, 650, 800, 950];

const IG_TENORS = [2, 3, 5, 7, 10, 20, 30, 40];
const IG_TENOR_WEIGHTS = [7, 11, 20, 14, 22, 6, 16, 1];
const HY_TENORS = [5, 6, 7, 8, 10];
const HY_TENOR_WEIGHTS = [25, 10, 30, 25, 10];
const CUSIP_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The n-th 2-character issue number of an issuer (letters first, as debt issues usually are). */
export function issueNumber(n: number): string {
  const letters = CUSIP_CHARS.slice(10) + CUSIP_CHARS.slice(0, 10);
  return letters[Math.floor(n / letters.length) % letters.length]! + letters[n % letters.length]!;
}

/** CUSIP of an issuer's n-th issue. */
export function bondCusip(base: string, n: number): string {
  const b = base + issueNumber(n);
  return b + cusipCheckDigit(b);
}

/** Seniority and its rating notch offset for a new bond of an issuer. */
export function pickSeniority(rng: Rng, issuer: SimIssuer, notch: number): { seniority: string; offset: number } {
  const hy = notch > LAST_IG_NOTCH;
  const r = rng.next();
  if (hy) {
    if (r < 0.35) return { seniority: 'Senior Secured', offset: -1 };
    if (r < 0.9) return { seniority: 'Senior Unsecured', offset: 0 };
    return { seniority: 'Subordinated', offset: 2 };
  }
  if (issuer.sector === 'FINL') {
    if (r < 0.1) return { seniority: 'Subordinated', offset: 1 };
    if (r < 0.12) return { seniority: 'Junior Subordinated', offset: 3 };
  }
  if (issuer.sector === 'UTIL' && r < 0.3) return { seniority: 'Senior Secured', offset: -1 };
  return { seniority: 'Senior Unsecured', offset: 0 };
}

/** Tenor (years at issue) for an issuer of this notch. */
export function pickTenor(rng: Rng, notch: number): number {
  return notch > LAST_IG_NOTCH ? HY_TENORS[rng.weighted(HY_TENOR_WEIGHTS)]! : IG_TENORS[rng.weighted(IG_TENOR_WEIGHTS)]!;
}

/** Issue size: IG 300MM–3BN, HY 200MM–1.5BN, rounded to 50MM, larger for big borrowers. */
export function pickSize(rng: Rng, issuer: SimIssuer, notch: number): number {
  const hy = notch > LAST_IG_NOTCH;
  const raw = rng.logNormal((hy ? 450 : 750) * Math.pow(issuer.scale, 0.3), 0.5);
  const mm = Math.min(hy ? 1500 : 3000, Math.max(hy ? 200 : 300, Math.round(raw / 50) * 50));
  return mm * 1_000_000;
}

/**
 * Call schedule on coupon dates: IG fixed bonds often have a par call six months before
 * maturity (make-whole before it); HY bonds a non-call period then step-downs to par.
 */
export function callSchedule(
  rng: Rng,
  hy: boolean,
  couponType: string,
  coupon: number,
  issueDate: string,
  maturity: string,
  tenor: number,
): CallScheduleEntry[] {
  if (couponType !== 'fixed' || tenor < 5) return [];
  const mat = parseDate(maturity);
  if (!hy) {
    if (!rng.chance(0.6)) return [];
    return [{ date: formatDate(addMonths(mat, -6)), price: 100 }];
  }
  if (!rng.chance(0.8)) return [];
  const nonCall = tenor <= 6 ? 2 : tenor <= 8 ? 3 : 5;
  const firstCall = addMonths(parseDate(issueDate), 12 * nonCall);
  const entries: CallScheduleEntry[] = [];
  // Walk the coupon grid back from maturity, keeping dates from the first call on.
  for (let k = Math.round(tenor * 2) - 1; k >= 1; k--) {
    const d = addMonths(mat, -6 * k);
    if (d < firstCall) continue;
    const yearsAfter = Math.floor((d - firstCall) / 365.25);
    const premium = yearsAfter === 0 ? (coupon * 100) / 2 : yearsAfter === 1 ? (coupon * 100) / 4 : 0;
    entries.push({ date: formatDate(d), price: Math.round((100 + premium) * 1000) / 1000 });
  }
  return entries;
}

/** Adds years to an ISO date keeping month and day (issue days are ≤ 28, so always valid). */
export function addYears(iso: string, years: number): string {
  return `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;
}

/**
 * The bonds outstanding before the window opens: every issuer gets at least one, the rest go to
 * issuers by borrowing scale. Each matures at least a month after `windowEnd`.
 */
export function generateExistingBonds(
  rng: Rng,
  issuers: SimIssuer[],
  count: number,
  windowStart: string,
  windowEnd: string,
  nextIssue: number[],
): SimBond[] {
  const weights = issuers.map((i) => i.scale);
  const bonds: SimBond[] = [];
  const windowYears = yearsBetween(windowStart, windowEnd);
  for (let n = 0; n < count; n++) {
    const issuer = issuers[n < issuers.length ? n : rng.weighted(weights)]!;
    const notch = issuerNotchOn(issuer, windowStart);
    const hy = notch > LAST_IG_NOTCH;
    let couponType: SimBond['couponType'] = 'fixed';
    const frnShare = issuer.sector === 'FINL' && !hy ? 0.14 : hy ? 0 : 0.02;
    const r = rng.next();
    if (r < frnShare) couponType = 'floating';
    else if (r < frnShare + 0.012) couponType = 'zero';
    const tenor = couponType === 'floating' ? rng.pick([2, 3, 3, 5]) : pickTenor(rng, notch);
    // Age at window start: anything that leaves at least a month to run after the window.
    const maxAge = Math.max(0.05, tenor - windowYears - 0.1);
    const age = rng.uniform(0.02, Math.min(maxAge, 18));
    let issue = addDays(windowStart, -Math.round(age * 365.25));
    if (Number(issue.slice(8)) > 28) issue = `${issue.slice(0, 8)}28`;
    issue = businessDayOnOrBefore(issue);
    const maturity = addYears(issue, tenor);
    const year = Number(issue.slice(0, 4));
    const tsy = TEN_YEAR_BY_YEAR[Math.max(2005, Math.min(2024, year))] ?? 4.2;
    const spread = ISSUE_SPREAD[Math.min(18, notch)]! * (0.8 + 0.4 * rng.next());
    const slope = 0.35 * Math.log(tenor / 10);
    const raw = Math.max(0.4, tsy + slope + spread / 100 + 0.15 * rng.normal());
    const step = hy ? 0.125 : 0.05;
    const couponPct = couponType === 'fixed' ? Math.round(raw / step) * step : 0;
    const { seniority, offset } = pickSeniority(rng, issuer, notch);
    const amount = pickSize(rng, issuer, notch);
    const cusip = bondCusip(issuer.cusipBase, nextIssue[issuer.index]!++);
    const coupon = Math.round(couponPct * 1e5) / 1e7;
    bonds.push({
      index: bonds.length,
      issuer: issuer.index,
      cusip,
      isin: isinFromCusip(cusip),
      description: bondDescription(issuer.ticker, couponType, coupon, maturity),
      couponType,
      coupon,
      frequency: couponType === 'floating' ? 4 : 2,
      dayCount: couponType === 'floating' ? 'ACT/360' : '30/360',
      issueDate: issue,
      maturityDate: maturity,
      amountIssued: amount,
      amountOutstanding: rng.chance(0.1) ? Math.round((amount * rng.uniform(0.7, 0.97)) / 1e6) * 1e6 : amount,
      seniority,
      callSchedule: callSchedule(rng, hy, couponType, coupon, issue, maturity, tenor),
      floaterIndex: couponType === 'floating' ? 'SOFR' : null,
      quotedMargin: couponType === 'floating' ? Math.round(rng.uniform(0.0035, 0.012) * 1e4) / 1e4 : null,
      notchOffset: offset,
      isBenchmark: !hy && couponType === 'fixed' && amount >= 1_000_000_000,
      tenorAtIssue: tenor,
      deal: null,
    });
  }
  return bonds;
}
