/**
 * What the term-sheet reading form shows and how an edit becomes a new reading: the tranche
 * fields by kind, and the small conversions the inputs share. No React here.
 */
import { MAX_FWP_TRANCHES, type TermSheetReading } from '@common/api/edgar';
import type { Unit } from '../../../api/humaneError';

export type Tranche = TermSheetReading['tranches'][number];
/** The server's problems with a reading, by field path ("issuer", "tranches[0].coupon"). */
export type Problems = ReadonlyMap<string, string>;

/** Typed text as stored: blank means "not read" (null), otherwise trimmed. */
export const nullable = (text: string) => (text.trim() === '' ? null : text.trim());

/** Number fields of a tranche: [key, label, typed in %]. */
export const NUMBERS: Array<[keyof Tranche, string, boolean]> = [
  ['principalAmount', 'Principal amount (USD)', false],
  ['coupon', 'Coupon %', true],
  ['priceToPublic', 'Price to public', false],
  ['yieldToMaturity', 'Yield to maturity %', true],
  ['benchmarkPrice', 'Benchmark price', false],
  ['benchmarkYield', 'Benchmark yield %', true],
  ['spreadBp', 'Spread to benchmark, bp', false],
  ['makeWholeBp', 'Make-whole, T+ bp', false],
];
/**
 * How the correction form has each rate typed, by its path in the reading ("tranches.0.coupon"):
 * the contract's decimals typed in percent, so that their limits are said in percent.
 */
export const PERCENT_FIELDS: Record<string, Unit> = Object.fromEntries(
  Array.from({ length: MAX_FWP_TRANCHES }, (_, i) =>
    NUMBERS.filter(([, , percent]) => percent).map(([key]) => [`tranches.${i}.${key}`, 'percent' as const]),
  ).flat(),
);

/** A field of the form as the problems name it: "tranches.0.coupon" → "tranches[0].coupon". */
export const problemField = (field: string) => field.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/** A reading with nothing read: what the form holds for a filing that has none (it is not shown). */
export const NO_READING: TermSheetReading = {
  issuer: null,
  tradeDate: null,
  settlementDate: null,
  bookrunners: [],
  ratings: {},
  tranches: [],
};

export const DATES: Array<[keyof Tranche, string]> = [
  ['maturityDate', 'Maturity'],
  ['firstPaymentDate', 'First payment'],
  ['parCallDate', 'Par call'],
];
export const TEXTS: Array<[keyof Tranche, string]> = [
  ['cusip', 'CUSIP'],
  ['isin', 'ISIN'],
  ['benchmarkTreasury', 'Benchmark Treasury'],
  ['interestPaymentDates', 'Interest payment dates'],
];

export const AGENCIES = ['moodys', 'sp', 'fitch'] as const;
export type Agency = (typeof AGENCIES)[number];
export const AGENCY_LABELS: Record<Agency, string> = { moodys: "Moody's", sp: 'S&P', fitch: 'Fitch' };

/** The ratings with one agency's rating replaced; a blank rating drops the agency's key. */
export function withRating(ratings: TermSheetReading['ratings'], agency: Agency, typed: string): TermSheetReading['ratings'] {
  const { [agency]: _dropped, ...others } = ratings;
  const value = typed.trim();
  return value ? { ...others, [agency]: value } : others;
}

/** The tranches with the one at `index` replaced. */
export const replaceTranche = (tranches: Tranche[], index: number, next: Tranche): Tranche[] =>
  tranches.map((x, k) => (k === index ? next : x));
