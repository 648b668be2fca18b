/** Pure pieces of the bond comparison: the rows shown, how a term is printed, ids from the URL. */
import { type CompareResponse } from '@common/api/adminBonds';
import { formatDate, formatNumber, formatPrice, formatSize, formatSpreadLevel, formatYield, formatMarketTime } from '@common/format';

export type Bond = CompareResponse['bonds'][number];

const show = (v: unknown): string =>
  v === null || v === undefined
    ? '—'
    : Array.isArray(v)
      ? v.map((c: { date: string; price: number }) => `${c.date}@${c.price}`).join('; ') || '—'
      : String(v);

/** The rows of the comparison: a label, the term it is (highlighted when it differs), and how a bond shows it. */
export const ROWS: Array<{ label: string; term?: string; value: (b: Bond) => string }> = [
  { label: 'CUSIP', term: 'cusip', value: (b) => b.cusip },
  { label: 'ISIN', value: (b) => b.isin },
  { label: 'Issuer', term: 'issuerId', value: (b) => `${b.issuer.ticker} — ${b.issuer.name}` },
  { label: 'Description', term: 'description', value: (b) => b.description },
  { label: 'Coupon type', term: 'couponType', value: (b) => b.couponType },
  { label: 'Coupon', term: 'coupon', value: (b) => formatYield(b.coupon) },
  { label: 'Frequency', term: 'frequency', value: (b) => show(b.frequency) },
  { label: 'Day count', term: 'dayCount', value: (b) => b.dayCount },
  { label: 'Issue date', term: 'issueDate', value: (b) => b.issueDate },
  { label: 'First coupon', term: 'firstCouponDate', value: (b) => show(b.firstCouponDate) },
  { label: 'Maturity', term: 'maturityDate', value: (b) => b.maturityDate },
  { label: 'Calls', term: 'callSchedule', value: (b) => show(b.callSchedule) },
  { label: 'Amount issued', term: 'amountIssued', value: (b) => formatSize(b.amountIssued) },
  { label: 'Outstanding', term: 'amountOutstanding', value: (b) => formatSize(b.amountOutstanding) },
  { label: 'Seniority', term: 'seniority', value: (b) => b.seniority },
  { label: 'S&P / Moody’s', term: 'ratingSp', value: (b) => `${show(b.ratingSp)} / ${show(b.ratingMoody)}` },
  { label: 'Floater', term: 'floaterIndex', value: (b) => (b.floaterIndex ? `${b.floaterIndex} + ${show(b.quotedMarginBp)} bp` : '—') },
  { label: 'Benchmark', term: 'isBenchmark', value: (b) => (b.isBenchmark ? 'yes' : 'no') },
  { label: 'Source', value: (b) => b.source },
  { label: 'Added', value: (b) => formatDate(b.createdAt) },
  { label: 'Price', value: (b) => formatPrice(b.market?.price) },
  { label: 'Yield to worst', value: (b) => formatYield(b.market?.yieldToWorst) },
  { label: 'G-spread', value: (b) => formatSpreadLevel(b.market?.gSpread) },
  { label: 'Trades', value: (b) => formatNumber(b.tradeCount, 0) },
  {
    label: 'Last trade',
    value: (b) =>
      b.trades[0]
        ? `${formatMarketTime(b.trades[0].executionTime)} · ${formatPrice(b.trades[0].price)} · ${formatSize(b.trades[0].quantity)}`
        : '—',
  },
];

export function parseIds(text: string | null | undefined): number[] {
  return [...new Set((text ?? '').split(',').map(Number))].filter((n) => Number.isInteger(n) && n > 0);
}

/** The terms whose row is highlighted: the server's differences, folded onto the rows that show them. */
export function highlightedTerms(differences: string[]): Set<string> {
  const differs = new Set<string>(differences);
  // Ratings are shown together; either differing marks the row.
  if (differs.has('ratingMoody')) differs.add('ratingSp');
  if (differs.has('quotedMarginBp')) differs.add('floaterIndex');
  return differs;
}
