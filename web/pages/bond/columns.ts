/**
 * The §3 bond-table columns as the screens show them: header, unit (every header tooltip names
 * it), how the one formatter shows the value, width, and the feature flag that gates the column.
 */
import { BOND_TABLE_COLUMNS, type BondTableColumn } from '@common/enums';
import type { FeatureName } from '@common/features';
import { formatDay, formatNumber, formatValue, MISSING, type ValueKind } from '@common/format';
import { DEFAULT_BOND_TABLE_COLUMNS } from '@common/api/bondTables';
import { GLOSSARY, glossaryTooltip } from '@common/glossary';
import { sourceShortLabel } from '@common/market';

export interface BondColumnMeta {
  header: string;
  /** Tooltip: what the number is and its unit. */
  help: string;
  /** Formatter kind; 'text' shows the value as is. */
  kind: ValueKind | 'text' | 'source' | 'bool' | 'dv01' | 'years' | 'confidence';
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
  numeric: !['text', 'source', 'bool', 'day', 'date'].includes(kind),
  ...extra,
});

export const BOND_COLUMNS: Record<BondTableColumn, BondColumnMeta> = {
  description: m('Description', 'text', GLOSSARY.description.short, 170),
  bondIdentifier: m('CUSIP', 'text', GLOSSARY.bondIdentifier.short, 100),
  ticker: m('Ticker', 'text', GLOSSARY.ticker.short, 70),
  issuer: m('Issuer', 'text', GLOSSARY.issuer.short, 160),
  entityName: m('Entity', 'text', GLOSSARY.entityName.short, 200),
  displayName: m('Name', 'text', GLOSSARY.displayName.short, 150),
  ratingSP: m('S&P', 'text', GLOSSARY.ratingSP.short, 64, { flag: 's_and_p_ratings' }),
  ratingMoody: m("Moody's", 'text', GLOSSARY.ratingMoody.short, 72),
  seniority: m('Seniority', 'text', GLOSSARY.seniority.short, 130),
  corpStruct: m('Corp struct', 'text', GLOSSARY.corpStruct.short, 90),
  countryOfRisk: m('Country', 'text', GLOSSARY.countryOfRisk.short, 70),
  coupon: m('Coupon', 'yield', GLOSSARY.coupon.short, 76),
  issueDate: m('Issued', 'day', GLOSSARY.issueDate.short, 100),
  maturityDate: m('Maturity', 'day', GLOSSARY.maturityDate.short, 100),
  nextCallDate: m('Next call', 'day', GLOSSARY.nextCallDate.short, 100),
  tenor: m('Tenor', 'years', GLOSSARY.tenor.short, 70),
  isBenchmark: m('Bmk', 'bool', GLOSSARY.isBenchmark.short, 56),
  treasury: m('Treasury', 'text', GLOSSARY.treasury.short, 80),
  amountIssued: m('Amt issued', 'size', GLOSSARY.amountIssued.short, 90),
  price: m('Price', 'price', GLOSSARY.price.short, 84),
  changePrice: m('Δ Price', 'price', GLOSSARY.changePrice.short, 80, { signed: 'price' }),
  yieldToMaturity: m('YTM', 'yield', GLOSSARY.yieldToMaturity.short, 78),
  changeYTM: m('Δ YTM', 'yieldChange', GLOSSARY.changeYTM.short, 86, { signed: 'rate' }),
  yieldToCall: m('YTC', 'yield', GLOSSARY.yieldToCall.short, 78),
  changeYTC: m('Δ YTC', 'yieldChange', GLOSSARY.changeYTC.short, 86, { signed: 'rate' }),
  yieldToWorst: m('YTW', 'yield', GLOSSARY.yieldToWorst.short, 78),
  changeYTW: m('Δ YTW', 'yieldChange', GLOSSARY.changeYTW.short, 86, { signed: 'rate' }),
  currentYield: m('Cur yld', 'yield', GLOSSARY.currentYield.short, 78),
  moneyMarketYield360: m('MMY 360', 'yield', GLOSSARY.moneyMarketYield360.short, 82),
  gSpread: m('G-Sprd', 'spread', GLOSSARY.gSpread.short, 96),
  changeGSpread: m('Δ G-Sprd', 'spread', GLOSSARY.changeGSpread.short, 90, { signed: 'rate' }),
  tSpread: m('T-Sprd', 'spread', GLOSSARY.tSpread.short, 96),
  changeTSpread: m('Δ T-Sprd', 'spread', GLOSSARY.changeTSpread.short, 90, { signed: 'rate' }),
  discountMargin: m('DM', 'spread', GLOSSARY.discountMargin.short, 80, { flag: 'bond_table_discount_margin' }),
  duration: m('Dur (mat)', 'years', GLOSSARY.duration.short, 74),
  durationToWorst: m('Dur (wst)', 'years', GLOSSARY.durationToWorst.short, 74),
  dv01: m('DV01 (mat)', 'dv01', GLOSSARY.dv01.short, 80),
  dv01ToWorst: m('DV01 (wst)', 'dv01', GLOSSARY.dv01ToWorst.short, 80),
  // Years squared, shown like the durations: two decimals.
  convexityToWorst: m('Cvx (wst)', 'years', GLOSSARY.convexityToWorst.short, 80),
  volume: m('Volume', 'size', GLOSSARY.volume.short, 84),
  volumePercentChange: m('Vol Δ%', 'percent', GLOSSARY.volumePercentChange.short, 78, { signed: 'price' }),
  confidence: m('Conf', 'confidence', GLOSSARY.confidence.short, 60),
  changeConfidence: m('Δ Conf', 'confidence', GLOSSARY.changeConfidence.short, 66, { signed: 'price' }),
  startConfidence: m('Start conf', 'confidence', GLOSSARY.startConfidence.short, 76),
  // The source's short name; the tooltip and the bond page give the full one.
  source: m('Source', 'source', GLOSSARY.source.short, 100),
};

/** Formats a column value for display (grid cells, CSV preview) through common/format. */
export function formatBondCell(column: BondTableColumn, value: unknown): string {
  const meta = BOND_COLUMNS[column];
  if (value === null || value === undefined) return MISSING;
  switch (meta.kind) {
    case 'text':
      return String(value);
    case 'source':
      return sourceShortLabel(String(value));
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

/**
 * A column's tooltip: with the `tooltips` feature the glossary's definition, unit and formula in
 * words (common/glossary.ts); without it the one line naming the unit.
 */
export function columnTooltip(column: BondTableColumn, glossary: boolean): string {
  const meta = BOND_COLUMNS[column];
  return `${meta.header}: ${glossary ? glossaryTooltip(GLOSSARY[column]) : meta.help}`;
}
