/**
 * The tranche columns the new-issue calendar and the deal page both show — tenor, size, the
 * spread at each stage, book, coupon, re-offer yield and price, concession — defined once so the
 * two read the same. Each page picks its own from TRANCHE_COLUMNS.
 */
import type { Tranche } from '@common/api/primary';
import type { Column, ColumnKind } from '../../components/DataTable';

const figure = <T extends Tranche>(
  field: keyof Tranche & string,
  header: string,
  width: number,
  kind: ColumnKind,
  more: Partial<Column<T>> = {},
): Column<T> => ({ field: field as Column<T>['field'], header, width, kind, ...more });

/** Tranche columns by name, for any row type that carries a tranche's fields. */
export function trancheColumns<T extends Tranche>() {
  return {
    tenor: figure<T>('tenorYears', 'Tenor', 75, 'tenor'),
    size: figure<T>('size', 'Size', 90, 'size'),
    ipt: figure<T>('iptSpreadBp', 'IPT', 85, 'spreadLevel'),
    guidance: figure<T>('guidanceSpreadBp', 'Guidance', 95, 'spreadLevel'),
    launch: figure<T>('launchSpreadBp', 'Launch', 90, 'spreadLevel'),
    priced: figure<T>('pricedSpreadBp', 'Priced', 90, 'spreadLevel'),
    tightening: figure<T>('tighteningBp', 'Tightening', 100, 'spreadLevel', { headerTooltip: 'IPT minus the latest spread, bp' }),
    book: figure<T>('orderBook', 'Book', 90, 'size'),
    cover: figure<T>('cover', 'Cover', 75, 'multiple'),
    coupon: figure<T>('coupon', 'Coupon', 85, 'yield'),
    reofferYield: figure<T>('reofferYield', 'Re-offer yld', 100, 'yield'),
    reofferPrice: figure<T>('reofferPrice', 'Re-offer px', 100, 'price'),
    fairValue: figure<T>('fairValueBp', 'Fair value', 100, 'spreadLevel', { tooltip: (row) => row.fairValueMethod ?? undefined }),
    concession: figure<T>('concessionBp', 'NIC', 85, 'spreadLevel', {
      headerTooltip: 'New-issue concession: priced (or latest) spread minus fair value on the issuer curve at the close before pricing',
    }),
  };
}
