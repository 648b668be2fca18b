/**
 * The tranche columns the new-issue calendar and the deal page both show — tenor, size, the
 * spread at each stage, book, coupon, re-offer yield and price, concession — defined once so the
 * two read the same. Each page picks its own from TRANCHE_COLUMNS.
 */
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { Tranche } from '@common/api/primary';
import { formatPrice, formatSize, formatSpreadLevel, formatYield } from '@common/format';

/** Right-aligned figures in the market font. */
export const NUM = 'ag-right-aligned-cell bw-stat';

/** A cell formatter from one of the value formatters. */
export const fmt =
  <T>(f: (v: number | null) => string) =>
  (p: ValueFormatterParams<T>) =>
    f((p.value as number | null) ?? null);

const numeric = <T>(
  field: keyof Tranche & string,
  headerName: string,
  width: number,
  f: (v: number | null) => string,
  more: ColDef<T> = {},
): ColDef<T> => ({ field, headerName, width, type: 'numericColumn', valueFormatter: fmt<T>(f), cellClass: NUM, ...more }) as ColDef<T>;

/** Tranche columns by name, for any row type that carries a tranche's fields. */
export function trancheColumns<T extends Tranche>() {
  return {
    tenor: {
      field: 'tenorYears',
      headerName: 'Tenor',
      width: 75,
      type: 'numericColumn',
      valueFormatter: (p) => `${p.value}Y`,
      cellClass: NUM,
    } as ColDef<T>,
    size: numeric<T>('size', 'Size', 90, formatSize),
    ipt: numeric<T>('iptSpreadBp', 'IPT', 85, formatSpreadLevel),
    guidance: numeric<T>('guidanceSpreadBp', 'Guidance', 95, formatSpreadLevel),
    launch: numeric<T>('launchSpreadBp', 'Launch', 90, formatSpreadLevel),
    priced: numeric<T>('pricedSpreadBp', 'Priced', 90, formatSpreadLevel),
    tightening: numeric<T>('tighteningBp', 'Tightening', 100, formatSpreadLevel, { headerTooltip: 'IPT minus the latest spread, bp' }),
    book: numeric<T>('orderBook', 'Book', 90, formatSize),
    cover: {
      field: 'cover',
      headerName: 'Cover',
      width: 75,
      type: 'numericColumn',
      valueFormatter: (p) => (p.value === null ? '—' : `${(p.value as number).toFixed(1)}x`),
      cellClass: NUM,
    } as ColDef<T>,
    coupon: numeric<T>('coupon', 'Coupon', 85, formatYield),
    reofferYield: numeric<T>('reofferYield', 'Re-offer yld', 100, formatYield),
    reofferPrice: numeric<T>('reofferPrice', 'Re-offer px', 100, formatPrice),
    fairValue: numeric<T>('fairValueBp', 'Fair value', 100, formatSpreadLevel, {
      tooltipField: 'fairValueMethod' as ColDef<T>['tooltipField'],
    }),
    concession: numeric<T>('concessionBp', 'NIC', 85, formatSpreadLevel, {
      headerTooltip: 'New-issue concession: priced (or latest) spread minus fair value on the issuer curve at the close before pricing',
    }),
  };
}
