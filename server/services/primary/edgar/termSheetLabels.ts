/**
 * The label vocabulary of pricing term sheets: which field a label such as "Coupon (Interest
 * Rate):" or "Public Offering Price" states, and how a line splits into label and value.
 * Labels are matched after normalising case, punctuation, spacing and filler words, so
 * "CUSIP/ISIN", "CUSIP / ISIN:" and "Cusip and ISIN" are one label.
 */

/** Fields stated once per tranche. `cusipIsin` and `redemption` gather every label that states part of them. */
export type TrancheField =
  | 'title'
  | 'principalAmount'
  | 'maturityDate'
  | 'coupon'
  | 'priceToPublic'
  | 'yieldToMaturity'
  | 'benchmarkTreasury'
  | 'benchmarkPriceYield'
  | 'benchmarkPrice'
  | 'benchmarkYield'
  | 'spread'
  | 'interestPaymentDates'
  | 'firstPaymentDate'
  | 'redemption'
  | 'cusipIsin';

/**
 * Fields stated once for the whole offering. `originalIssueDate` is the settlement date unless the
 * notes reopen an earlier issue; `currency` and `nonUsdPricing` (a mid-swaps level) say a sheet is
 * not a US-dollar deal.
 */
export type CommonField =
  'issuer' | 'tradeDate' | 'settlementDate' | 'originalIssueDate' | 'bookrunners' | 'ratings' | 'currency' | 'nonUsdPricing';

export type SheetField = TrancheField | CommonField;

const COMMON_FIELDS: ReadonlySet<string> = new Set<CommonField>([
  'issuer',
  'tradeDate',
  'settlementDate',
  'originalIssueDate',
  'bookrunners',
  'ratings',
  'currency',
  'nonUsdPricing',
]);

export function isCommonField(field: SheetField): field is CommonField {
  return COMMON_FIELDS.has(field);
}

/** The labels issuers and their counsel use, as written; docs/primary-markets.md lists them. */
export const LABEL_VOCABULARY: Readonly<Record<SheetField, readonly string[]>> = {
  issuer: ['Issuer', 'Company', 'Issuer Name', 'Name of Issuer', 'Obligor'],
  tradeDate: ['Trade Date', 'Pricing Date', 'Date of Pricing'],
  settlementDate: [
    'Settlement Date',
    'Settlement',
    'Expected Settlement Date',
    'Settlement Date (T+3)',
    'Closing Date',
    'Issue Date',
    'Settlement and Delivery Date',
  ],
  originalIssueDate: ['Original Issue Date', 'Original Issue Date of the Existing Notes', 'Issue Date of the Original Notes'],
  currency: ['Currency', 'Specified Currency', 'Currency of Denomination', 'Denomination Currency'],
  nonUsdPricing: [
    'Mid-Swap Yield',
    'Mid-Swaps Yield',
    'Mid-Swaps',
    'Spread to Mid-Swap Yield',
    'Spread to Mid-Swaps',
    'Re-offer Spread vs Mid-Swaps',
    'Reoffer Spread to Mid-Swaps',
  ],
  bookrunners: [
    'Joint Book-Running Managers',
    'Joint Book Runners',
    'Joint Bookrunners',
    'Book-Running Managers',
    'Bookrunners',
    'Joint Lead Book-Running Managers',
    'Joint Lead Managers and Bookrunners',
    'Active Bookrunners',
    'Passive Bookrunners',
    'Sole Book-Running Manager',
    'Sole Bookrunner',
    'Book-Running Manager',
    'Joint Lead Managers',
  ],
  ratings: [
    'Expected Ratings',
    'Ratings',
    'Anticipated Ratings',
    'Expected Security Ratings',
    "Expected Ratings (Moody's / S&P / Fitch)",
    'Expected Credit Ratings',
    'Credit Ratings',
  ],
  title: [
    'Title of Securities',
    'Title',
    'Securities',
    'Security',
    'Notes',
    'Title of Notes',
    'Designation',
    'Name of Securities',
    'Securities Offered',
    'Description of Securities',
  ],
  principalAmount: [
    'Principal Amount',
    'Aggregate Principal Amount',
    'Aggregate Principal Amount Offered',
    'Principal Amount Offered',
    'Size',
    'Issue Size',
    'Face Amount',
    'Amount',
    'Aggregate Principal Amount of Notes Offered',
    'Principal Amount of Reopened Notes',
    'Notional Amount',
  ],
  maturityDate: [
    'Maturity',
    'Maturity Date',
    'Stated Maturity',
    'Stated Maturity Date',
    'Final Maturity',
    'Final Maturity Date',
    'Date of Maturity',
    'Maturity Date of Notes',
  ],
  coupon: [
    'Coupon',
    'Coupon (Interest Rate)',
    'Interest Rate',
    'Coupon Rate',
    'Interest Rate per Annum',
    'Interest',
    'Annual Interest Rate',
  ],
  priceToPublic: [
    'Price to Public',
    'Public Offering Price',
    'Initial Price to Public',
    'Initial Public Offering Price',
    'Issue Price',
    'Offering Price',
    'Re-offer Price',
    'Reoffer Price',
    'Issue Price on the Reopened Notes',
    'Price to Public on the Reopened Notes',
  ],
  yieldToMaturity: [
    'Yield to Maturity',
    'Re-offer Yield',
    'Reoffer Yield',
    'Re-offer Yield to Maturity',
    'Yield',
    'Yield to Investors',
    'Reoffer Yield on the Reopened Notes',
  ],
  benchmarkTreasury: [
    'Benchmark Treasury',
    'Benchmark',
    'Benchmark Security',
    'Treasury Benchmark',
    'Benchmark Treasury Security',
    'Benchmark Bund',
    'Benchmark Gilt',
    'Benchmark Government Bond',
    'Benchmark Government Security',
  ],
  benchmarkPriceYield: [
    'Benchmark Treasury Price / Yield',
    'Benchmark Treasury Price and Yield',
    'Benchmark Price / Yield',
    'Treasury Price / Yield',
  ],
  benchmarkPrice: ['Benchmark Treasury Price', 'Benchmark Price', 'Benchmark Security Price', 'Treasury Price'],
  benchmarkYield: ['Benchmark Treasury Yield', 'Benchmark Yield', 'Benchmark Security Yield', 'Treasury Yield', 'US Treasury Yield'],
  spread: [
    'Spread to Benchmark Treasury',
    'Spread to Benchmark',
    'Spread to Treasury',
    'Spread to Benchmark Treasury Security',
    'Re-offer Spread',
    'Reoffer Spread',
    'Re-offer Spread to Benchmark Treasury',
    'Spread',
    'Spread to Benchmark Treasury Yield',
    'Spread to Benchmark Security',
    'Re-offer Spread vs Benchmark',
    'Spread to Benchmark on the Reopened Notes',
    'Spread to Treasury Benchmark',
  ],
  interestPaymentDates: ['Interest Payment Dates', 'Interest Payment Date', 'Coupon Payment Dates', 'Payment Dates'],
  firstPaymentDate: ['First Interest Payment Date', 'First Coupon Date', 'First Payment Date'],
  redemption: [
    'Optional Redemption',
    'Optional Redemption Provisions',
    'Redemption',
    'Call Provisions',
    'Make-Whole Call',
    'Make-Whole Redemption',
    'Make-Whole Spread',
    'Par Call',
    'Par Call Date',
    'Make-Whole Redemption Provision',
    'Par Redemption Provision',
    'Redemption Provisions',
    'Redemption Provision',
    'Optional Redemption Provision',
    'Make-Whole Call Provision',
    'Par Call Provision',
    'Make-Whole Premium',
  ],
  cusipIsin: [
    'CUSIP / ISIN',
    'CUSIP',
    'ISIN',
    'CUSIP Number',
    'ISIN Number',
    'CUSIP / ISIN Numbers',
    'CUSIPs / ISINs',
    'CUSIP / ISIN Number',
    'CUSIP / ISIN Nos',
    'Security Codes',
    'CUSIP / Common Code / ISIN',
  ],
};

const FILLER_WORDS = new Set(['the', 'of', 'a', 'an', 'and', 'to', 'per']);

/** A label reduced to what distinguishes it: lower case, words only, no filler words. */
export function normalizeLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w !== '' && !FILLER_WORDS.has(w))
    .join(' ');
}

const FIELD_BY_LABEL: ReadonlyMap<string, SheetField> = new Map(
  (Object.entries(LABEL_VOCABULARY) as [SheetField, readonly string[]][]).flatMap(([field, labels]) =>
    labels.map((label) => [normalizeLabel(label), field] as const),
  ),
);

/** Labels longer than this are sentences, not labels. */
const MAX_LABEL_CHARS = 80;

/** The field a label states, or null; a parenthesised note ("Coupon (Interest Rate)") may be dropped to match. */
export function fieldOfLabel(label: string): SheetField | null {
  if (label.length > MAX_LABEL_CHARS) return null;
  return FIELD_BY_LABEL.get(normalizeLabel(label)) ?? FIELD_BY_LABEL.get(normalizeLabel(label.replace(/\([^)]*\)/g, ' '))) ?? null;
}

export interface LabelledLine {
  label: string;
  /** Null when the label is not in the vocabulary (it still ends the value before it). */
  field: SheetField | null;
  value: string;
}

/**
 * Splits "Label: value", or "Label   value" (two spaces or more, for a known label), or a known
 * label alone on its line. A colon further in is not taken for an unknown label when the line is
 * indented: indented lines continue the value above them ("the Par Call Date: …").
 */
export function splitLabelledLine(line: string): LabelledLine | null {
  const indent = line.length - line.trimStart().length;
  const text = line.trim();
  if (text === '') return null;
  const colon = text.indexOf(':');
  if (colon > 0 && colon <= MAX_LABEL_CHARS) {
    const label = text.slice(0, colon).trim();
    const value = text.slice(colon + 1).trim();
    const field = fieldOfLabel(label);
    if (field !== null) return { label, field, value };
    if (indent <= 3 && looksLikeUnknownLabel(label)) return { label, field: null, value };
  }
  const gap = /^(\S.{0,79}?)(?: {2,})(\S.*)$/.exec(text.slice(0, 400));
  if (gap !== null) {
    const field = fieldOfLabel(gap[1]!);
    if (field !== null) return { label: gap[1]!, field, value: (gap[2]! + text.slice(400)).trim() };
  }
  if (text.length > MAX_LABEL_CHARS + 10) return null; // also keeps the anchored pattern below off long lines
  // An indented word without a colon ("maturity)") continues the value above; a label alone is at the margin or ends in a colon.
  if (indent > 3 && !/:[*\s]*$/.test(text)) return null;
  const whole = text.replace(/[:*\s]+$/, '');
  const field = fieldOfLabel(whole);
  return field !== null ? { label: whole, field, value: '' } : null;
}

/** "Day Count Convention", "Co-Managers": a few words starting with a capital, no digits or sentence punctuation. */
function looksLikeUnknownLabel(label: string): boolean {
  if (!/^[A-Z]/.test(label) || /[0-9.,;"]/.test(label)) return false;
  return label.split(/\s+/).length <= 6;
}
