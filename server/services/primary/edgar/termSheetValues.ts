/**
 * Reading a term sheet's numbers and dates: amounts, percentages, dates, Treasury prices in 32nds,
 * spreads and the redemption terms. Each returns null when the text does not state the thing and
 * never throws. Patterns have no nested or unbounded-then-backtracking quantifiers, and values
 * reach them capped at 10,000 characters, so garbage cannot make them slow.
 */
import { addMonths, formatDate, fromYmd, daysInMonth } from '@analytics/index';

/**
 * A number written in decimal digits, divided exactly: "3.950" with shift 2 is 3950 / 100000,
 * the double nearest 0.0395 — not 3.95 / 100 = 0.039500000000000007.
 */
export function decimalOf(digits: string, shift = 0): number {
  const [whole = '', fraction = ''] = digits.split('.');
  return Number(whole + fraction) / 10 ** (fraction.length + shift);
}

/** "$1,250,000,000", "US$750 million", "$1.25 billion", or a bare "1,250,000,000": dollars. */
export function parseUsdAmount(text: string): number | null {
  const m = /\$\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s*(billion|million|bn|mm)\b)?/i.exec(text);
  if (m !== null) {
    const unit = m[3]?.toLowerCase();
    const scale = unit === 'billion' || unit === 'bn' ? 1e9 : unit === 'million' || unit === 'mm' ? 1e6 : 1;
    return Math.round(Number(m[1]!.replace(/,/g, '') + (m[2] ?? '')) * scale);
  }
  const bare = /(?<![\d.])(\d{1,3}(?:,\d{3}){2,})(?![\d,])/.exec(text);
  return bare === null ? null : Number(bare[1]!.replace(/,/g, ''));
}

const PERCENT = /(?<![\d.])(\d{1,3}(?:\.\d+)?)\s*(?:%|per\s?cent\b)/i;

/** The first percentage, as written in percent: "99.873% of the principal amount" → 99.873. */
export function parsePercent(text: string): number | null {
  const m = PERCENT.exec(text);
  return m === null ? null : decimalOf(m[1]!);
}

/** The first percentage as a decimal rate: "3.950%" → 0.0395. */
export function parseRate(text: string): number | null {
  const m = PERCENT.exec(text);
  return m === null ? null : decimalOf(m[1]!, 2);
}

/** A price in percent of par: "99.873%", or "99.873" written without the sign. */
export function parsePriceOfPar(text: string): number | null {
  const percent = parsePercent(text);
  if (percent !== null) return percent;
  const bare = /(?<![\d.])(\d{2,3}\.\d+)(?![\d.])/.exec(text);
  return bare === null ? null : decimalOf(bare[1]!);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const MONTH_DAY_YEAR = new RegExp(`\\b(${MONTH_NAME})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi');
const DAY_MONTH_YEAR = new RegExp(`\\b(\\d{1,2})\\s+(${MONTH_NAME})\\.?,?\\s+(\\d{4})\\b`, 'gi');
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g;
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

export interface FoundDate {
  iso: string;
  index: number;
  end: number;
}

function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** Every full date (with a year) in the text, in order: "November 27, 2026", "27 November 2026", "11/27/2026", "2026-11-27". */
export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  const collect = (re: RegExp, ymd: (m: RegExpExecArray) => [number, number, number]) => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const iso = isoOf(...ymd(m));
      if (iso !== null) found.push({ iso, index: m.index, end: m.index + m[0].length });
    }
  };
  collect(MONTH_DAY_YEAR, (m) => [Number(m[3]), monthOf(m[1]!), Number(m[2])]);
  collect(DAY_MONTH_YEAR, (m) => [Number(m[3]), monthOf(m[2]!), Number(m[1])]);
  collect(NUMERIC_DATE, (m) => [Number(m[3]), Number(m[1]), Number(m[2])]);
  collect(ISO_DATE, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
  return found.sort((a, b) => a.index - b.index);
}

export function parseDate(text: string): string | null {
  return findDates(text)[0]?.iso ?? null;
}

const dayNumberOf = (iso: string) => fromYmd(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));

/** `iso` moved by whole months (clamped to the month's end). */
export function addMonthsIso(iso: string, months: number): string {
  return formatDate(addMonths(dayNumberOf(iso), months));
}

/** `n` weekdays after `iso`. Holidays are not known here, which is why a date computed so is flagged. */
export function addWeekdays(iso: string, n: number): string {
  let day = dayNumberOf(iso);
  for (let left = n; left > 0;) {
    day++;
    const weekday = (((day + 4) % 7) + 7) % 7; // day 0, 1 January 1970, was a Thursday (4)
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return formatDate(day);
}

/** "T+3" in a settlement line: the number of business days after the trade. */
export function parseSettlementLag(text: string): number | null {
  const m = /\bT\s*\+\s*(\d{1,2})\b/.exec(text);
  return m === null ? null : Number(m[1]);
}

/** Fractions of a 32nd written after the 32nds: "1/4", "¼", "1⁄4" (fraction slash), "+" (a half). */
const FRACTION_OF_32ND: Readonly<Record<string, number>> = {
  '¼': 0.25,
  '½': 0.5,
  '¾': 0.75,
  '⅛': 0.125,
  '⅜': 0.375,
  '⅝': 0.625,
  '⅞': 0.875,
};

/**
 * A Treasury price: "99-16+" is 99 + 16.5/32 ('+' is half a 32nd), "99-162" is 99 + 16 2/8 32nds,
 * "99-08 1/4" and "99-08¼" are 99 + 8.25/32, "99-16" is 99.5; a decimal price ("99.515625") is
 * taken as written.
 */
export function parseTreasuryPrice(text: string): number | null {
  const m = /(?<![\d.])(\d{2,3})\s?-\s?(\d{2})(?:(\+)|([0-7])(?![\d/\u2044])|\s?([¼½¾⅛⅜⅝⅞])|\s(\d)\s?[/\u2044]\s?(\d{1,2})(?!\d))?/.exec(
    text,
  );
  if (m !== null && Number(m[2]) < 32) {
    let fraction = 0;
    if (m[3] !== undefined) fraction = 0.5;
    else if (m[4] !== undefined) fraction = Number(m[4]) / 8;
    else if (m[5] !== undefined) fraction = FRACTION_OF_32ND[m[5]]!;
    else if (m[6] !== undefined) {
      const [num, den] = [Number(m[6]), Number(m[7])];
      // Only a proper fraction of a 32nd in halves, quarters or eighths: anything else is not a price.
      if (!(num < den && (den === 2 || den === 4 || den === 8))) return null;
      fraction = num / den;
    }
    return Number(m[1]) + (Number(m[2]) + fraction) / 32;
  }
  const decimal = /(?<![\d.])(\d{2,3}\.\d+)(?![\d.]|\s*%)/.exec(text);
  return decimal === null ? null : decimalOf(decimal[1]!);
}

/** "99-16+ / 4.187%": the benchmark's price and its yield (decimal). */
export function parseBenchmarkPriceYield(text: string): { price: number | null; yield: number | null } {
  return { price: parseTreasuryPrice(text), yield: parseRate(text) };
}

const BP_NUMBER = '(\\d{1,4}(?:\\.\\d+)?)';

/**
 * "+95 basis points", "T+95 bps", "95bp", "-5 bps": basis points; a spread written only in percent
 * ("0.750%", "+0.95%") is that many hundredths of a point.
 */
export function parseSpreadBp(text: string): number | null {
  const m = new RegExp(`([+-])?\\s?${BP_NUMBER}\\s*(?:basis\\s+points?|bps?)\\b`, 'i').exec(text);
  if (m !== null) return (m[1] === '-' ? -1 : 1) * decimalOf(m[2]!);
  const t = new RegExp(`\\bT\\s*([+-])\\s*${BP_NUMBER}(?!\\s*%)`).exec(text);
  if (t !== null) return (t[1] === '-' ? -1 : 1) * decimalOf(t[2]!);
  const percent = /(?:^|[^\d.])([+-])?\s?(\d{1,2}\.\d{1,4})\s*%/.exec(text);
  return percent === null ? null : (percent[1] === '-' ? -1 : 1) * decimalOf(percent[2]!, -2);
}

/**
 * The make-whole spread: "T+15 bps", "the Treasury Rate plus 15 basis points", "Adjusted Treasury
 * Rate +20 basis points", "Treasury Yield plus 0.15%", "make-whole call … 15 bps".
 */
export function parseMakeWholeBp(text: string): number | null {
  const bpPatterns = [
    new RegExp(`treasury\\s+(?:rate|yield)\\s*(?:plus|\\+)\\s*${BP_NUMBER}\\s*(?:basis\\s+points?|bps?)`, 'i'),
    new RegExp(`\\bT\\s*\\+\\s*${BP_NUMBER}(?!\\s*%)`),
    new RegExp(`make[\\s-]?whole[^.;]{0,160}?${BP_NUMBER}\\s*(?:basis\\s+points?|bps?)`, 'i'),
  ];
  for (const re of bpPatterns) {
    const m = re.exec(text);
    if (m !== null) return decimalOf(m[1]!);
  }
  const percent = /treasury\s+(?:rate|yield)\s*(?:plus|\+)\s*(\d{1,2}\.\d{1,4})\s*%/i.exec(text);
  return percent === null ? null : decimalOf(percent[1]!, -2);
}

const MONTH_COUNTS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/**
 * The first day the notes can be called at par: the date after "on or after" (within a few
 * words), or the date next to "Par Call" / "Par Call Date"; failing those, "(three months prior to
 * maturity)" counted back from the maturity. Null when the text states no par call.
 */
export function parseParCallDate(text: string, maturityDate: string | null): string | null {
  // "at 100% of the principal amount" on or after a date is a par call too (utilities write it so).
  if (!/\bpar\b|\b100(?:\.000)?\s?%\s+of\s+the\s+(?:aggregate\s+)?principal/i.test(text)) return null;
  const lower = text.toLowerCase();
  const dates = findDates(text);
  const dateAfter = (cue: string, within: number) => {
    for (let at = lower.indexOf(cue); at >= 0; at = lower.indexOf(cue, at + 1)) {
      const d = dates.find((d) => d.index > at && d.index - (at + cue.length) <= within);
      if (d !== undefined) return d.iso;
    }
    return null;
  };
  const dateBefore = (cue: string, within: number) => {
    for (let at = lower.indexOf(cue); at >= 0; at = lower.indexOf(cue, at + 1)) {
      const d = dates.findLast((d) => d.end <= at && at - d.end <= within);
      if (d !== undefined) return d.iso;
    }
    return null;
  };
  const stated =
    dateAfter('on or after', 30) ??
    dateAfter('on and after', 30) ??
    dateAfter('par call', 40) ??
    dateAfter('par redemption', 40) ??
    dateBefore('par call date', 60);
  if (stated !== null) return stated;
  const prior =
    /\b(one|two|three|four|five|six|\d{1,2})\s*(?:\(\d{1,2}\)\s*)?months?\s+prior\s+to\s+(?:the\s+|their\s+|its\s+)?maturity/i.exec(text);
  if (prior === null || maturityDate === null) return null;
  const months = MONTH_COUNTS[prior[1]!.toLowerCase()] ?? Number(prior[1]);
  return addMonthsIso(maturityDate, -months);
}

/** The first interest payment: the full date after "commencing" / "beginning" / "first", or the first full date. */
export function parseFirstPaymentDate(text: string): string | null {
  const dates = findDates(text);
  const cue = /\b(?:commencing|beginning|starting|first)\b/i.exec(text);
  const afterCue = cue === null ? undefined : dates.find((d) => d.index > cue.index);
  return afterCue?.iso ?? dates[0]?.iso ?? null;
}

/** ISO codes of the currencies a sheet may state, found by symbol, code or name; US dollars last ("C$" holds a "$"). */
const CURRENCY_MARKERS: readonly [string, RegExp][] = [
  ['EUR', /€|\bEUR\b|\beuros?\b/i],
  ['GBP', /£|\bGBP\b|\bsterling\b|\bpounds?\b/i],
  ['JPY', /¥|\bJPY\b|\byen\b/i],
  ['CHF', /\bCHF\b|\bswiss\s+francs?\b/i],
  ['CAD', /\bC\$|\bCA?D\b|\bcanadian\s+dollars?\b/i],
  ['AUD', /\bA\$|\bAUD\b|\baustralian\s+dollars?\b/i],
  ['USD', /\$|\bUSD\b|\bU\.?S\.?\s+dollars?\b/i],
];

/** The currency a text states an amount in, or null when it names none. */
export function currencyOf(text: string): string | null {
  return CURRENCY_MARKERS.find(([, re]) => re.test(text))?.[0] ?? null;
}

/** A benchmark that is not a US Treasury: German (Bund, DBR, OBL), UK (Gilt, UKT), French (OAT), Italian, Japanese, swaps. */
const NON_US_BENCHMARK =
  /\b(?:bunds?|dbr|obl|bobl|bko|schatz|gilts?|ukt|oat|btp|jgb|bono|olo|mid-?swaps?|swap\s+rate|german|french|italian|japanese|canada|bund|bundesrepublik)\b/i;

/** True when a benchmark's description (or its label, "Benchmark Bund") names a non-US government bond or swaps. */
export function isNonUsBenchmark(text: string): boolean {
  return NON_US_BENCHMARK.test(text);
}

/** "99.500%, plus accrued interest from, and including, June 14, 2013": the date interest accrues from, or null. */
export function parseAccruedInterestFrom(text: string): string | null {
  const cue = /accrued\s+interest[^.;]{0,40}?\bfrom\b/i.exec(text);
  if (cue === null) return null;
  const after = cue.index + cue[0].length;
  return findDates(text).find((d) => d.index >= after && d.index - after <= 40)?.iso ?? null;
}

/**
 * Amounts in a principal-amount value, not counting what is said to be outstanding or in total
 * ("$300,000,000 (bringing the aggregate outstanding to $800,000,000)" is one amount).
 */
export function amountsStated(text: string): string[] {
  const own =
    text.split(
      /\b(?:outstanding|in\s+total|total|bringing|together\s+with|previously|existing|originally|after\s+giving\s+effect|re-?opening|single\s+series|issued\s+on)\b/i,
    )[0] ?? '';
  const amounts =
    own.match(
      /(?:US)?[$€£¥]\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?:US)?[$€£¥]\s?\d+(?:\.\d+)?\s*(?:billion|million|bn|mm)\b|(?<![\d.,])\d{1,3}(?:,\d{3}){2,}(?![\d,])/gi,
    ) ?? [];
  return [...new Set(amounts.map((a) => a.replace(/\s+/g, '')))];
}
