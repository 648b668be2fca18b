/**
 * A term sheet's reading as a deal needs it: what is missing or inconsistent, for a reading just
 * parsed or corrected by an admin (the same checks the parser makes, fwpParser.ts), and the key an
 * issuer name is matched to a known issuer by.
 */
import type { TermSheetReading } from '../../../../common/api/edgar';
import { checkDates, checkIdentifiers, checkPriceAgainstYield, checkSpread, checkTradeBeforeSettlement } from './termSheetChecks';
import type { TermSheetParse, TermSheetProblem } from './fwpParser';
import { isNonUsBenchmark } from './termSheetValues';

const REQUIRED_TRANCHE = ['principalAmount', 'maturityDate', 'coupon', 'priceToPublic', 'yieldToMaturity'] as const;

/** The reading part of a parse (what an admin may correct). */
export function readingOf(parse: TermSheetParse): TermSheetReading {
  const { issuer, tradeDate, settlementDate, bookrunners, ratings, tranches, currency } = parse;
  return { issuer, tradeDate, settlementDate, bookrunners, ratings, tranches, ...(currency === undefined ? {} : { currency }) };
}

/** Every problem that keeps a reading from becoming a deal; none means it can. */
export function problemsOf(reading: TermSheetReading): TermSheetProblem[] {
  const problems: TermSheetProblem[] = [];
  if (!reading.issuer) problems.push({ field: 'issuer', message: 'missing: no issuer stated' });
  if (!reading.tradeDate) problems.push({ field: 'tradeDate', message: 'missing: no trade date stated' });
  if (!reading.settlementDate) problems.push({ field: 'settlementDate', message: 'missing: no settlement date stated' });
  // Bondwise holds US-dollar bonds priced over Treasuries: a correction cannot make a euro deal one.
  if (reading.currency !== undefined && reading.currency !== 'USD')
    problems.push({
      field: 'currency',
      message: `the notes are in ${reading.currency}, not US dollars: only US-dollar deals can be imported`,
    });
  checkTradeBeforeSettlement(reading.tradeDate, reading.settlementDate, problems);
  reading.tranches.forEach((t, i) => {
    for (const field of REQUIRED_TRANCHE)
      if (t[field] === null) problems.push({ field: `tranches[${i}].${field}`, message: 'missing: required for the deal' });
    checkPriceAgainstYield(t, i, reading.settlementDate, problems);
    checkSpread(t, i, problems);
    checkDates(t, i, reading.settlementDate, problems);
    checkIdentifiers(t, i, problems);
    if (t.benchmarkTreasury !== null && isNonUsBenchmark(t.benchmarkTreasury))
      problems.push({ field: `tranches[${i}].benchmarkTreasury`, message: `priced against "${t.benchmarkTreasury}", not a US Treasury` });
    if (t.reopening !== undefined && t.cusip === null && t.isin === null)
      problems.push({ field: `tranches[${i}].cusip`, message: 'a reopening needs the CUSIP or ISIN of the bond it taps' });
  });
  return problems;
}

const LEGAL_FORMS = new Set([
  'the',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'llc',
  'lp',
  'plc',
  'ltd',
  'limited',
  'sa',
  'ag',
  'nv',
]);

/** An issuer name as names are compared: no case, punctuation or legal form ("Inc.", "Corp."). */
export function issuerKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !LEGAL_FORMS.has(w))
    .join(' ');
}
