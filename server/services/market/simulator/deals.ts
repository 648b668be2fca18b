/**
 * New-issue deals: each week a few issuers come to market; a deal walks announced → initial price
 * talk → guidance → launched → priced, tightening from IPT to a final spread that still pays a
 * new-issue concession over the issuer's curve, and each priced tranche becomes a bond.
 */
import { interpolateCurve, type Curve } from '@analytics/index';
import { type DealStatus, LAST_IG_NOTCH } from '../../../../common/market';
import { bondDescription, isinFromCusip } from '../codesAndRatings';
import { addYears, bondCusip, callSchedule, pickSeniority, type SimBond } from './bonds';
import { addDays, businessDayOnOrBefore, newYorkTime, nextBusinessDay } from '../../../../common/calendar';
import { issuerNotchOn, issuerSpreadNotchOn, type SimIssuer } from './issuers';
import { spreadBp, type SpreadFactors } from './model';
import type { Rng } from './random';

export const BOOKRUNNERS = [
  'BofA Securities',
  'Barclays',
  'BNP Paribas',
  'Citigroup',
  'Deutsche Bank',
  'Goldman Sachs',
  'HSBC',
  'J.P. Morgan',
  'Mizuho',
  'Morgan Stanley',
  'MUFG',
  'RBC Capital Markets',
  'SMBC Nikko',
  'TD Securities',
  'US Bancorp',
  'Wells Fargo Securities',
];
export const USES_OF_PROCEEDS = [
  'General corporate purposes',
  'Refinancing of existing debt',
  'Acquisition financing',
  'Repayment of commercial paper',
  'Share repurchases',
  'Capital expenditures',
  'Tender offer for outstanding notes',
];

export interface SimTranche {
  tenor: number;
  size: number;
  coupon: number;
  ipt: number;
  guidance: number;
  launch: number;
  priced: number;
  concession: number;
  orderBook: number;
  /** Index of the bond the tranche became. */
  bond: number;
}

export interface SimDeal {
  index: number;
  issuer: number;
  pricingDate: string;
  status: DealStatus;
  announcedAt: Date;
  pricedAt: Date | null;
  bookrunners: string[];
  useOfProceeds: string;
  tranches: SimTranche[];
  history: { status: DealStatus; at: Date; details: Record<string, unknown> }[];
}

const IG_DEAL_TENORS = [2, 3, 5, 7, 10, 20, 30];
const IG_DEAL_WEIGHTS = [8, 12, 22, 14, 22, 4, 12];
const HY_DEAL_TENORS = [5, 7, 8];

/** IG deals of 1–5 tranches: ~1.9 on average. */
const IG_TRANCHE_WEIGHTS = [45, 30, 15, 7, 3];
/** Tranches per deal across IG and HY deals, on average (sizes the weekly deal count). */
const TRANCHES_PER_DEAL = 1.8;

/**
 * A tranche’s size: IG $300MM–2.5bn around ~$600MM, HY $200MM–1.5bn around ~$450MM, bigger for
 * big borrowers, rounded to $50MM, so an average IG deal is ~$1.2bn (US IG new issues average
 * about $1–1.5bn a deal).
 */
export function pickTrancheSize(rng: Rng, issuer: SimIssuer, hy: boolean): number {
  const raw = rng.logNormal((hy ? 420 : 520) * Math.pow(issuer.scale, 0.25), 0.45);
  const mm = Math.min(hy ? 1500 : 2500, Math.max(hy ? 200 : 300, Math.round(raw / 50) * 50));
  return mm * 1_000_000;
}

/** Market context on the pricing day. */
export interface PricingDay {
  date: string;
  curve: Curve;
  spreads: SpreadFactors;
}

/**
 * Prices one deal for `issuer` on `day`: its tranches (new bonds appended to `bonds`) and the
 * timeline with spreads at each step.
 */
export function priceDeal(rng: Rng, dealIndex: number, issuer: SimIssuer, day: PricingDay, bonds: SimBond[], nextIssue: number[]): SimDeal {
  const notch = issuerNotchOn(issuer, day.date);
  const hy = notch > LAST_IG_NOTCH;
  const trancheCount = hy ? (rng.chance(0.85) ? 1 : 2) : 1 + rng.weighted(IG_TRANCHE_WEIGHTS);
  const tenorSet = new Set<number>();
  while (tenorSet.size < trancheCount) tenorSet.add(hy ? rng.pick(HY_DEAL_TENORS) : IG_DEAL_TENORS[rng.weighted(IG_DEAL_WEIGHTS)]!);
  const tenors = [...tenorSet].sort((a, b) => a - b);
  // Strong books tighten more and pay less concession.
  const coverage = hy ? rng.uniform(1.5, 3.8) : rng.uniform(2.2, 5);
  // Settles the next business day; days after the 28th roll on so coupon dates stay regular.
  let issueDate = nextBusinessDay(day.date);
  while (Number(issueDate.slice(8)) > 28) issueDate = nextBusinessDay(issueDate);
  const tranches: SimTranche[] = [];
  const newBonds: SimBond[] = [];
  for (const tenor of tenors) {
    const { seniority, offset } = pickSeniority(rng, issuer, notch);
    const cusip = bondCusip(issuer.cusipBase, nextIssue[issuer.index]!++);
    // Priced off where the issuer trades, which leads a coming rating change. The concession is
    // over the issuer's curve at the tenor and rank, as a syndicate desk measures it: the new
    // bond's own static noise (bondNoise) is where it trades once free to trade, which no one
    // pricing the deal can know, so it is not part of the fair value the deal is priced over.
    const spreadNotch = Math.max(0, Math.min(18, issuerSpreadNotchOn(issuer, day.date) + offset));
    const fair = spreadBp(
      {
        notch: spreadNotch,
        sector: issuer.sector,
        industry: issuer.industry || undefined,
        seniority,
        issuerKey: String(issuer.index),
        noise: 1,
      },
      tenor,
      day.spreads,
    );
    const concession = hy ? clamp(rng.normal() * 8 + 30 - 4 * coverage, 5, 50) : clamp(rng.normal() * 3 + 9 - 1.5 * coverage, -2, 15);
    const priced = Math.round(fair + concession);
    const iptGap = hy ? 25 + 5 * rng.int(0, 5) : 20 + 5 * rng.int(0, 3);
    const ipt = Math.round((priced + iptGap) / 5) * 5;
    // Guidance is talked in 2.5bp steps at or above where the deal finally lands.
    const guidance = Math.ceil((priced + rng.int(0, 2) * 2.5) / 2.5) * 2.5;
    const yieldPct = (interpolateCurve(day.curve, tenor) + priced / 1e4) * 100;
    const step = hy ? 0.125 : 0.05;
    const couponPct = Math.floor(yieldPct / step) * step;
    const coupon = Math.round(couponPct * 1e5) / 1e7;
    const size = pickTrancheSize(rng, issuer, hy);
    const maturity = addYears(issueDate, tenor);
    const bond: SimBond = {
      index: bonds.length + newBonds.length,
      issuer: issuer.index,
      cusip,
      isin: isinFromCusip(cusip),
      description: bondDescription(issuer.ticker, 'fixed', coupon, maturity),
      couponType: 'fixed',
      coupon,
      frequency: 2,
      dayCount: '30/360',
      issueDate,
      maturityDate: maturity,
      amountIssued: size,
      amountOutstanding: size,
      seniority,
      callSchedule: callSchedule(rng, hy, 'fixed', coupon, issueDate, maturity, tenor),
      floaterIndex: null,
      quotedMargin: null,
      notchOffset: offset,
      isBenchmark: !hy && size >= 1_000_000_000,
      tenorAtIssue: tenor,
      deal: dealIndex,
    };
    newBonds.push(bond);
    tranches.push({
      tenor,
      size,
      coupon,
      ipt,
      guidance,
      launch: priced,
      priced,
      concession: Math.round(concession * 10) / 10,
      orderBook: Math.round((size * coverage * rng.uniform(0.85, 1.15)) / 1e8) * 1e8,
      bond: bond.index,
    });
  }
  bonds.push(...newBonds);
  // Timeline: IG deals go from announcement to pricing in one day; HY deals after a roadshow.
  const announceDay = hy ? businessDaysBefore(day.date, rng.int(2, 4)) : day.date;
  const times: [DealStatus, string, number][] = [
    ['announced', announceDay, hy ? rng.uniform(8, 10) : rng.uniform(7.75, 8.5)],
    ['initial_price_talk', day.date, rng.uniform(8.6, 9.4)],
    ['guidance', day.date, rng.uniform(10.5, 11.75)],
    ['launched', day.date, rng.uniform(12.5, 13.75)],
    ['priced', day.date, rng.uniform(15, 16.5)],
  ];
  const totalBook = tranches.reduce((s, t) => s + t.orderBook, 0);
  const history = times.map(([status, date, hours], step) => ({
    status,
    at: newYorkTime(date, hours),
    details: stepDetails(status, tranches, totalBook * Math.min(1, 0.25 + 0.25 * step)),
  }));
  return {
    index: dealIndex,
    issuer: issuer.index,
    pricingDate: day.date,
    status: 'priced',
    announcedAt: history[0]!.at,
    pricedAt: history[4]!.at,
    bookrunners: rng.shuffle(BOOKRUNNERS).slice(0, hy ? rng.int(2, 4) : rng.int(3, 6)),
    useOfProceeds: rng.pick(USES_OF_PROCEEDS),
    tranches,
    history,
  };
}

/** What the market saw at a status: the spread talk per tranche (by tenor) and the book. */
export function stepDetails(status: DealStatus, tranches: SimTranche[], book: number): Record<string, unknown> {
  const pick = (t: SimTranche) =>
    status === 'initial_price_talk'
      ? t.ipt
      : status === 'guidance'
        ? t.guidance
        : status === 'launched'
          ? t.launch
          : status === 'priced'
            ? t.priced
            : null;
  return {
    orderBook: status === 'announced' ? null : book,
    tranches: tranches.map((t) => ({
      tenorYears: t.tenor,
      size: t.size,
      spreadBp: pick(t),
      coupon: status === 'priced' ? t.coupon : null,
    })),
  };
}

/** The business day `n` business days before a date. */
function businessDaysBefore(iso: string, n: number): string {
  let d = iso;
  for (let i = 0; i < n; i++) d = businessDayOnOrBefore(addDays(d, -1));
  return d;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/**
 * Deals over the window: a few per week (fewer in holiday weeks), mostly early in the week,
 * IG issuers more often. Returns the deals; their bonds are appended to `bonds`.
 */
export function generateDeals(
  rng: Rng,
  issuers: SimIssuer[],
  days: PricingDay[],
  targetBonds: number,
  bonds: SimBond[],
  nextIssue: number[],
): SimDeal[] {
  const deals: SimDeal[] = [];
  const weights = issuers.map((i) => i.scale * (i.notch <= LAST_IG_NOTCH ? 1.3 : 1));
  const perWeek = targetBonds / TRANCHES_PER_DEAL / Math.max(1, days.length / 5);
  let week: PricingDay[] = [];
  const flush = () => {
    if (week.length === 0) return;
    const n = rng.poisson(perWeek * (week.length / 5) ** 2);
    for (let k = 0; k < n; k++) {
      const day = week[rng.weighted(week.map((d) => [0, 3, 3, 2, 1.5, 0.3][new Date(`${d.date}T00:00:00Z`).getUTCDay()] ?? 1))]!;
      const issuer = issuers[rng.weighted(weights)]!;
      deals.push(priceDeal(rng, deals.length, issuer, day, bonds, nextIssue));
    }
    week = [];
  };
  for (const d of days) {
    if (week.length > 0 && new Date(`${d.date}T00:00:00Z`).getUTCDay() <= new Date(`${week[week.length - 1]!.date}T00:00:00Z`).getUTCDay())
      flush();
    week.push(d);
  }
  flush();
  return deals;
}
