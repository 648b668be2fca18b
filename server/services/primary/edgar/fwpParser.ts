/**
 * Parser for the final pricing term sheets issuers file on SEC EDGAR as Free Writing
 * Prospectuses (Rule 433), in HTML or plain text. Pure: text in, a typed reading with its problems
 * out; no database, no network, never throws, linear in the input.
 *
 * Steps: the document becomes lines and tables (documentBlocks.ts); labelled values are grouped
 * into the common fields and the tranches of either layout (termSheetLayout.ts); values are read
 * (termSheetValues.ts, termSheetNames.ts); the numbers are checked against each other
 * (termSheetChecks.ts). docs/primary-markets.md, "Parsing FWP term sheets", has the vocabulary,
 * layouts, checks and statuses.
 */
import { htmlToBlocks, looksLikeHtml, textToBlocks } from './documentBlocks';
import { checkDates, checkIdentifiers, checkPriceAgainstYield, checkSpread, checkTradeBeforeSettlement } from './termSheetChecks';
import { assembleSheet, REOPENING_CUE, type RawSheet, type RawTranche, type RawValue } from './termSheetLayout';
import type { CommonField, TrancheField } from './termSheetLabels';
import { findIdentifiers, parseBookrunners, parseIssuer, parseRatings, type Ratings } from './termSheetNames';
import { checkSheetCurrency, checkTranchesRead, reopeningOf } from './termSheetScope';
import {
  addWeekdays,
  parseAccruedInterestFrom,
  parseBenchmarkPriceYield,
  parseDate,
  parseFirstPaymentDate,
  parseMakeWholeBp,
  parseParCallDate,
  parsePriceOfPar,
  parseRate,
  parseSettlementLag,
  parseSpreadBp,
  parseTreasuryPrice,
  parseUsdAmount,
} from './termSheetValues';

export type TermSheetRatings = Ratings;

export interface TermSheetTranche {
  /** The tranche's heading, e.g. "3.950% Notes due 2031", when it has one. */
  title: string | null;
  /** USD. */
  principalAmount: number | null;
  /** ISO dates (yyyy-mm-dd) throughout. */
  maturityDate: string | null;
  /** Decimal: 0.0395 for 3.950%. */
  coupon: number | null;
  /** Percent of par: 99.873. */
  priceToPublic: number | null;
  /** Decimal. */
  yieldToMaturity: number | null;
  /** As written: "UST 4.125% due November 15, 2035". */
  benchmarkTreasury: string | null;
  /** Decimal price, 32nds converted: "99-16+" is 99.515625. */
  benchmarkPrice: number | null;
  /** Decimal. */
  benchmarkYield: number | null;
  spreadBp: number | null;
  /** As written: "May 15 and November 15, commencing May 15, 2027". */
  interestPaymentDates: string | null;
  firstPaymentDate: string | null;
  /** Spread over Treasuries of the make-whole call; null when none is stated. */
  makeWholeBp: number | null;
  parCallDate: string | null;
  cusip: string | null;
  isin: string | null;
  /**
   * Present when the tranche reopens (taps) an existing bond rather than issuing a new one:
   * `accruedFrom` is the date interest is paid "plus accrued interest from", the existing bond's
   * issue or last coupon date, when stated.
   */
  reopening?: { accruedFrom: string | null };
}

export interface TermSheetProblem {
  /** A path into the result: `issuer`, `settlementDate`, `tranches[1].maturityDate`, or `document`. */
  field: string;
  message: string;
}

/**
 * `rejected`: not a pricing term sheet (no tranche, no issuer, empty or unreadable);
 * `needs review`: a required field is missing or unreadable, or the numbers disagree;
 * `parsed`: every required field present and consistent.
 */
export type TermSheetStatus = 'parsed' | 'needs review' | 'rejected';

export interface TermSheetParse {
  status: TermSheetStatus;
  /** How the tranches were laid out; null when no tranche was found. */
  layout: 'table' | 'blocks' | null;
  issuer: string | null;
  tradeDate: string | null;
  settlementDate: string | null;
  bookrunners: string[];
  ratings: TermSheetRatings;
  tranches: TermSheetTranche[];
  /** ISO code of the currency, present only when the sheet is not in US dollars (it is then rejected). */
  currency?: string;
  problems: TermSheetProblem[];
}

/** Term sheets are tens of kilobytes; anything past this is not one, and is not worth the time to read. */
export const MAX_TERM_SHEET_CHARS = 10 * 1024 * 1024;

/** Reads a term sheet; `contentType` is detected when not given. Never throws. */
export function parseTermSheet(source: string, contentType?: 'html' | 'text'): TermSheetParse {
  if (typeof source !== 'string' || source.trim() === '')
    return rejected([{ field: 'document', message: 'empty: there is nothing to read' }]);
  if (source.length > MAX_TERM_SHEET_CHARS)
    return rejected([{ field: 'document', message: `${source.length} characters, more than a term sheet's ${MAX_TERM_SHEET_CHARS}` }]);
  try {
    const html = contentType === undefined ? looksLikeHtml(source) : contentType === 'html';
    return readSheet(assembleSheet(html ? htmlToBlocks(source) : textToBlocks(source)));
  } catch (error) {
    // A bug here must not take down an import of many filings: the sheet is rejected, saying why.
    return rejected([{ field: 'document', message: `could not be read: ${error instanceof Error ? error.message : String(error)}` }]);
  }
}

function rejected(problems: TermSheetProblem[]): TermSheetParse {
  const empty = { layout: null, issuer: null, tradeDate: null, settlementDate: null, bookrunners: [], ratings: {}, tranches: [] };
  return { status: 'rejected', ...empty, problems };
}

const REQUIRED_COMMON: Readonly<Partial<Record<CommonField, string>>> = {
  issuer: 'issuer',
  tradeDate: 'trade date',
  settlementDate: 'settlement date',
};

const clip = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function readSheet(sheet: RawSheet): TermSheetParse {
  const problems: TermSheetProblem[] = [];
  // "Original Issue Date" is the settlement date of a new issue; a reopening states both.
  const raw: RawSheet =
    sheet.common.settlementDate === undefined && sheet.common.originalIssueDate !== undefined
      ? { ...sheet, common: { ...sheet.common, settlementDate: sheet.common.originalIssueDate, originalIssueDate: undefined } }
      : sheet;
  const common = <T>(field: CommonField, what: string, read: (v: RawValue) => T | null) => readCommon(raw, field, what, read, problems);
  const issuer = common('issuer', 'an issuer', (v) => parseIssuer(v.text));
  const tradeDate = common('tradeDate', 'a date', (v) => parseDate(v.text));
  // "T+3" with no date: counted from the trade date in weekdays, and flagged, for holidays are not known here.
  const settlementOf = (text: string) => {
    const lag = parseSettlementLag(text);
    return parseDate(text) ?? (lag !== null && tradeDate !== null ? addWeekdays(tradeDate, lag) : null);
  };
  const settlementDate = common('settlementDate', 'a date', (v) => settlementOf(v.text));
  const settlementStated = raw.common.settlementDate?.[0]?.text ?? '';
  if (settlementDate !== null && parseDate(settlementStated) === null)
    problems.push({
      field: 'settlementDate',
      message: `stated only as ${clip(oneLine(settlementStated))}: ${settlementDate} counted in weekdays from the trade date, holidays not known`,
    });
  checkTradeBeforeSettlement(tradeDate, settlementDate, problems);
  const bookrunners = [...new Set((raw.common.bookrunners ?? []).flatMap((v) => parseBookrunners(v.text)))];
  const ratings = (raw.common.ratings ?? []).reduce<Ratings>((all, v) => ({ ...parseRatings(v.text, v.label), ...all }), {});

  const originalIssueDate = raw.common.originalIssueDate?.map((v) => parseDate(v.text)).find((d) => d !== null) ?? null;
  const tranches = raw.tranches.map((t, i) => readTranche(t, i, problems));
  reopeningOf(raw, tranches, { settlementDate, originalIssueDate, cue: REOPENING_CUE }, problems);
  checkTranchesRead(raw, tranches, problems);
  const currency = checkSheetCurrency(raw, problems);
  tranches.forEach((t, i) => {
    checkPriceAgainstYield(t, i, settlementDate, problems);
    checkSpread(t, i, problems);
    checkDates(t, i, settlementDate, problems);
    checkIdentifiers(t, i, problems);
  });

  const result = {
    layout: tranches.length === 0 ? null : raw.layout,
    issuer,
    tradeDate,
    settlementDate,
    bookrunners,
    ratings,
    tranches,
    ...(currency === null ? {} : { currency }),
  };
  // Without a tranche or an issuer this is not a pricing term sheet: rejected, the reasons first.
  const reasons: TermSheetProblem[] = [];
  const readable = (t: TermSheetTranche) => REQUIRED_TRANCHE_NAMES.some((name) => t[name] !== null);
  if (!tranches.some(readable))
    reasons.push({
      field: 'tranches',
      message: 'no tranche found: no principal amount, maturity, coupon, price to public or yield to maturity can be read',
    });
  if (issuer === null && raw.common.issuer === undefined) reasons.push({ field: 'issuer', message: 'no issuer stated' });
  // Not in US dollars: refused, the currency's reason first (a euro amount must never pass for dollars).
  const currencyReasons = problems.filter((p) => p.field === 'currency');
  if (currencyReasons.length > 0)
    return { status: 'rejected', ...result, problems: [...reasons, ...currencyReasons, ...problems.filter((p) => p.field !== 'currency')] };
  if (reasons.length > 0 || issuer === null) return { status: 'rejected', ...result, problems: [...reasons, ...problems] };
  return { status: problems.length > 0 ? 'needs review' : 'parsed', ...result, problems };
}

/** A common field's value: the first readable statement; a second that disagrees is a problem. */
function readCommon<T>(
  raw: RawSheet,
  field: CommonField,
  what: string,
  read: (v: RawValue) => T | null,
  problems: TermSheetProblem[],
): T | null {
  const stated = raw.common[field] ?? [];
  const values = stated.map(read);
  const first = values.find((v) => v !== null) ?? null;
  const required = REQUIRED_COMMON[field];
  if (stated.length === 0) {
    // A missing issuer is a reason to reject, reported as such.
    if (required !== undefined && field !== 'issuer') problems.push({ field, message: `missing: no ${required} stated` });
  } else if (first === null) problems.push({ field, message: `could not read ${what} from ${clip(stated[0]!.text)}` });
  else {
    const other = values.find((v) => v !== null && v !== first);
    if (other !== undefined) problems.push({ field, message: `stated twice and differently: ${String(first)} and ${String(other)}` });
  }
  return first;
}

const REQUIRED_TRANCHE_NAMES = ['principalAmount', 'maturityDate', 'coupon', 'priceToPublic', 'yieldToMaturity'] as const;

const REQUIRED_TRANCHE: Readonly<Partial<Record<TrancheField, string>>> = {
  principalAmount: 'principal amount',
  maturityDate: 'maturity date',
  coupon: 'coupon',
  priceToPublic: 'price to public',
  yieldToMaturity: 'yield to maturity',
};

function readTranche(raw: RawTranche, i: number, problems: TermSheetProblem[]): TermSheetTranche {
  const fields = raw.fields;
  /** Reads one field, reporting it missing (when required) or unreadable under `name`. */
  const read = <T>(field: TrancheField, name: string, what: string, parse: (text: string) => T | null): T | null => {
    const value = fields[field];
    if (value === undefined) {
      const required = REQUIRED_TRANCHE[field];
      if (required !== undefined)
        problems.push({ field: `tranches[${i}].${name}`, message: `missing: no ${required} stated for this tranche` });
      return null;
    }
    const parsed = parse(value.text);
    if (parsed === null) problems.push({ field: `tranches[${i}].${name}`, message: `could not read ${what} from ${clip(value.text)}` });
    return parsed;
  };
  const maturityDate = read('maturityDate', 'maturityDate', 'a date', parseDate);
  const combined = fields.benchmarkPriceYield === undefined ? null : parseBenchmarkPriceYield(fields.benchmarkPriceYield.text);
  if (combined !== null && (combined.price === null || combined.yield === null))
    problems.push({
      field: `tranches[${i}].${combined.price === null ? 'benchmarkPrice' : 'benchmarkYield'}`,
      message: `could not read the benchmark's price and yield from ${clip(fields.benchmarkPriceYield!.text)}`,
    });
  // A floating-rate tranche's "coupon" is a margin over an index: read as a fixed coupon it would be a silent error.
  const floating = FLOATING.exec(`${raw.title ?? ''}\n${fields.coupon?.text ?? ''}`);
  if (floating !== null)
    problems.push({
      field: `tranches[${i}].coupon`,
      message: `a floating-rate tranche (${clip(floating[0])}): only fixed-rate tranches are read, enter it by hand`,
    });
  const redemption = fields.redemption?.text ?? '';
  const payments = fields.interestPaymentDates?.text ?? null;
  const identifiers = findIdentifiers(fields.cusipIsin?.text ?? '');
  if (fields.cusipIsin !== undefined && identifiers.cusips.length + identifiers.isins.length === 0)
    problems.push({ field: `tranches[${i}].cusip`, message: `could not find a CUSIP or ISIN in ${clip(fields.cusipIsin.text)}` });
  return {
    title: raw.title,
    principalAmount: read('principalAmount', 'principalAmount', 'a dollar amount', parseUsdAmount),
    maturityDate,
    coupon: floating === null ? read('coupon', 'coupon', 'a rate', parseRate) : null,
    priceToPublic: read('priceToPublic', 'priceToPublic', 'a price', parsePriceOfPar),
    yieldToMaturity: read('yieldToMaturity', 'yieldToMaturity', 'a yield', parseRate),
    benchmarkTreasury: fields.benchmarkTreasury === undefined ? null : oneLine(fields.benchmarkTreasury.text),
    benchmarkPrice: combined?.price ?? read('benchmarkPrice', 'benchmarkPrice', 'a Treasury price', parseTreasuryPrice),
    benchmarkYield: combined?.yield ?? read('benchmarkYield', 'benchmarkYield', 'a yield', parseRate),
    spreadBp: read('spread', 'spreadBp', 'a spread in basis points', parseSpreadBp),
    interestPaymentDates: payments === null ? null : oneLine(payments),
    firstPaymentDate:
      fields.firstPaymentDate !== undefined
        ? read('firstPaymentDate', 'firstPaymentDate', 'a date', parseDate)
        : payments === null
          ? null
          : parseFirstPaymentDate(payments),
    makeWholeBp: parseMakeWholeBp(redemption),
    parCallDate: parseParCallDate(redemption, maturityDate),
    cusip: identifiers.cusips[0] ?? null,
    isin: identifiers.isins[0] ?? null,
    ...reopeningStated(raw),
  };
}

const FLOATING = /floating[\s-]rate|\bFRNs?\b|\bSOFR\b|\bLIBOR\b|\bEURIBOR\b|\bSONIA\b|\bbase\s+rate\b/i;

/** A tranche that says itself it reopens an issue: by its title, or by interest accrued from a date (checked against settlement later). */
function reopeningStated(raw: RawTranche): Pick<TermSheetTranche, 'reopening'> {
  const accruedFrom = parseAccruedInterestFrom(raw.fields.priceToPublic?.text ?? '');
  const titled = REOPENING_CUE.test(`${raw.title ?? ''}\n${raw.fields.title?.text ?? ''}`);
  return titled || accruedFrom !== null ? { reopening: { accruedFrom } } : {};
}
