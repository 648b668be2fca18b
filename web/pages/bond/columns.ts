/**
 * The §3 bond-table columns as the screens show them: header, unit (every header tooltip names
 * it), how the one formatter shows the value, width, and the feature flag that gates the column.
 */
import { BOND_TABLE_COLUMNS, type BondTableColumn } from '@common/enums';
import type { FeatureName } from '@common/features';
import { formatDay, formatNumber, formatValue, MISSING, type ValueKind } from '@common/format';
import { DEFAULT_BOND_TABLE_COLUMNS } from '@common/api/bondTables';

export interface BondColumnMeta {
  header: string;
  /** Tooltip: what the number is and its unit. */
  help: string;
  /** Formatter kind; 'text' shows the value as is. */
  kind: ValueKind | 'text' | 'bool' | 'dv01' | 'years' | 'confidence';
  width: number;
  /**
   * Colour by sign (changes): 'price' colours up green / down red; 'rate' colours the other way
   * (a yield or spread rising means the price is falling), so a row reads one colour.
   */
  signed?: 'price' | 'rate';
  /** Only with this feature flag. */
  flag?: FeatureName;
  /** Numbers align right and sort descending first. */
  numeric: boolean;
}

const m = (
  header: string,
  kind: BondColumnMeta['kind'],
  help: string,
  width = 90,
  extra: Partial<BondColumnMeta> = {},
): BondColumnMeta => ({
  header,
  kind,
  help,
  width,
  numeric: !['text', 'bool', 'day', 'date'].includes(kind),
  ...extra,
});

export const BOND_COLUMNS: Record<BondTableColumn, BondColumnMeta> = {
  description: m('Description', 'text', 'Ticker, coupon (%) and maturity', 170),
  bondIdentifier: m('CUSIP', 'text', 'CUSIP identifier', 100),
  ticker: m('Ticker', 'text', 'Issuer ticker', 70),
  issuer: m('Issuer', 'text', 'Issuer group (parent issuer)', 160),
  entityName: m('Entity', 'text', 'Legal issuing entity', 200),
  displayName: m('Name', 'text', "Issuing entity's short name", 150),
  ratingSP: m('S&P', 'text', 'S&P long-term rating', 64, { flag: 's_and_p_ratings' }),
  ratingMoody: m("Moody's", 'text', "Moody's long-term rating", 72),
  seniority: m('Seniority', 'text', 'Rank in the capital structure', 130),
  corpStruct: m('Corp struct', 'text', 'Corporate structure of the issuer (OpCo / HoldCo)', 90),
  countryOfRisk: m('Country', 'text', 'Country of risk', 70),
  coupon: m('Coupon', 'yield', 'Annual coupon rate, % (floaters: the quoted margin is in the terms)', 76),
  issueDate: m('Issued', 'day', 'Issue date', 100),
  maturityDate: m('Maturity', 'day', 'Maturity date', 100),
  nextCallDate: m('Next call', 'day', 'Next call date', 100),
  tenor: m('Tenor', 'years', 'Remaining years to maturity (years)', 70),
  isBenchmark: m('Bmk', 'bool', 'Benchmark bond of its issuer', 56),
  treasury: m('Treasury', 'text', 'Benchmark Treasury point the T-spread is measured against', 80),
  amountIssued: m('Amt issued', 'size', 'Amount issued, USD par (MM = millions, K = thousands)', 90),
  price: m('Price', 'price', 'Evaluated clean price, per 100 face', 84),
  changePrice: m('Δ Price', 'price', 'Price change vs previous close, points per 100 face', 80, { signed: 'price' }),
  yieldToMaturity: m('YTM', 'yield', 'Yield to maturity, %', 78),
  changeYTM: m('Δ YTM', 'yieldChange', 'Yield-to-maturity change vs previous close, bp', 86, { signed: 'rate' }),
  yieldToCall: m('YTC', 'yield', 'Yield to next call, %', 78),
  changeYTC: m('Δ YTC', 'yieldChange', 'Yield-to-call change vs previous close, bp', 86, { signed: 'rate' }),
  yieldToWorst: m('YTW', 'yield', 'Yield to worst, %', 78),
  changeYTW: m('Δ YTW', 'yieldChange', 'Yield-to-worst change vs previous close, bp', 86, { signed: 'rate' }),
  currentYield: m('Cur yld', 'yield', 'Current yield: annual coupon / clean price, %', 78),
  moneyMarketYield360: m('MMY 360', 'yield', 'Money-market yield on a 360-day basis, %', 82),
  gSpread: m('G-Sprd', 'spread', 'G-spread: yield over the interpolated Treasury curve, bp', 96),
  changeGSpread: m('Δ G-Sprd', 'spread', 'G-spread change vs previous close, bp', 90, { signed: 'rate' }),
  tSpread: m('T-Sprd', 'spread', 'T-spread: yield over the benchmark Treasury, bp', 96),
  changeTSpread: m('Δ T-Sprd', 'spread', 'T-spread change vs previous close, bp', 90, { signed: 'rate' }),
  discountMargin: m('DM', 'spread', 'Discount margin of a floater over its index, bp', 80, { flag: 'bond_table_discount_margin' }),
  duration: m('Dur', 'years', 'Modified duration, years', 64),
  dv01: m('DV01', 'dv01', 'Price change for a 1 bp yield move, per 100 face', 70),
  volume: m('Volume', 'size', "Today's traded par volume, USD (MM = millions, K = thousands)", 84),
  volumePercentChange: m('Vol Δ%', 'percent', "Today's volume vs the 20-day average, %", 78, { signed: 'price' }),
  confidence: m('Conf', 'confidence', 'Confidence in the evaluated price, 0–100', 60),
  changeConfidence: m('Δ Conf', 'confidence', 'Confidence change vs previous close, points (0–100 scale)', 66, { signed: 'price' }),
  startConfidence: m('Start conf', 'confidence', 'Confidence at the previous close, 0–100', 76),
};

/** Formats a column value for display (grid cells, CSV preview) through common/format. */
export function formatBondCell(column: BondTableColumn, value: unknown): string {
  const meta = BOND_COLUMNS[column];
  if (value === null || value === undefined) return MISSING;
  switch (meta.kind) {
    case 'text':
      return String(value);
    case 'bool':
      return value ? 'Yes' : '';
    case 'dv01':
      return formatNumber(value as number, 4);
    case 'years':
      return formatNumber(value as number, 2);
    case 'confidence': {
      const n = value as number;
      return `${meta.signed && n > 0 ? '+' : ''}${formatNumber(n, 0)}`;
    }
    case 'day':
      return formatDay(value as string);
    default:
      return formatValue(meta.kind, value as number);
  }
}

/** Columns the table shows when the user has chosen none (the desk's everyday view). */
export const DEFAULT_VISIBLE_COLUMNS: readonly BondTableColumn[] = DEFAULT_BOND_TABLE_COLUMNS;

/** Every column in the chooser's order: the default view first, then the rest as in §3. */
export const CANONICAL_ORDER: readonly BondTableColumn[] = [
  ...DEFAULT_VISIBLE_COLUMNS,
  ...(Object.keys(BOND_COLUMNS) as BondTableColumn[]).filter((c) => !DEFAULT_VISIBLE_COLUMNS.includes(c)),
];

/** Columns usable with the given flag check (S&P and DM are flag-gated). */
export function availableColumns(flagOn: (flag: FeatureName) => boolean): BondTableColumn[] {
  return CANONICAL_ORDER.filter((c) => !BOND_COLUMNS[c].flag || flagOn(BOND_COLUMNS[c].flag!));
}

/** A full order of all columns: the given order's known columns first, then any missing ones. */
export function completeOrder(order: readonly string[] | undefined): BondTableColumn[] {
  const known = (order ?? []).filter((c): c is BondTableColumn => (BOND_TABLE_COLUMNS as readonly string[]).includes(c));
  const seen = new Set(known);
  return [...new Set(known), ...CANONICAL_ORDER.filter((c) => !seen.has(c))];
}
