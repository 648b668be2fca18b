/** The bond grid's columns and sort mapping, without React state: what the grid shows for a view. */
import type { BondTableColumn } from '@common/enums';
import type { BondListRow } from '@common/api/bond';
import type { Column, SortKey } from '../../components/DataTable';
import { BOND_COLUMNS, columnTooltip, formatBondCell } from './columns';
import type { BondSort, BondView } from './bondView';
import { SparklineCell } from './SparklineCell';
import { ROW_MENU_COLUMN, RowMenuCell } from './RowMenuCell';

/** Rows per request (the API allows up to 500). */
export const BLOCK_SIZE = 200;
/** Live refresh period of the visible rows. */
export const LIVE_REFRESH_MS = 5_000;

/** The table's sort model as the API's sort/sort2 (columns the API does not know are dropped). */
export function sortsFromModel(model: readonly SortKey[]): [BondSort | null, BondSort | null] {
  const sorts = model
    .filter((s) => s.column in BOND_COLUMNS)
    .map((s) => ({ column: s.column as BondTableColumn, descending: s.descending }));
  return [sorts[0] ?? null, sorts[1] ?? null];
}

/** Columns the grid fetches: the view's shown ones the user may see, in the view's order. */
export function visibleGridColumns(view: Pick<BondView, 'order' | 'visible'>, available: readonly BondTableColumn[]): BondTableColumn[] {
  return view.order.filter((c) => view.visible.includes(c) && available.includes(c));
}

/** The grid's declared columns for a view: the bond columns, the optional sparkline and the row menu. */
export function gridColumns(
  view: Pick<BondView, 'order' | 'visible' | 'primary' | 'secondary'>,
  available: readonly BondTableColumn[],
  sparklines: boolean,
  glossaryTips: boolean,
): Column<BondListRow>[] {
  // The view owns the sort: every column says whether it is sorted (null: not), so a saved view restores it.
  const sortOf = (c: BondTableColumn): Pick<Column<BondListRow>, 'sort' | 'sortIndex'> =>
    view.primary?.column === c
      ? { sort: view.primary.descending ? 'desc' : 'asc', sortIndex: 0 }
      : view.secondary?.column === c
        ? { sort: view.secondary.descending ? 'desc' : 'asc', sortIndex: 1 }
        : { sort: null, sortIndex: null };
  const declared = view.order
    .filter((c) => available.includes(c))
    .map((c): Column<BondListRow> => {
      const meta = BOND_COLUMNS[c];
      return {
        id: c,
        field: c,
        header: meta.header,
        headerTooltip: columnTooltip(c, glossaryTips),
        initialWidth: meta.width,
        hidden: !view.visible.includes(c),
        ...sortOf(c),
        firstSort: meta.numeric ? 'desc' : 'asc',
        format: (value) => formatBondCell(c, value),
        ...(meta.numeric ? { align: 'right', className: 'bw-num' } : {}),
        ...(meta.signed ? { tone: meta.signed === 'rate' ? 'yield' : 'price' } : {}),
        ...(c === 'description' ? { pinned: 'left', keepPinned: true } : {}),
      };
    });
  if (sparklines) {
    const at = Math.max(0, declared.findIndex((d) => d.id === 'description') + 1);
    declared.splice(at, 0, {
      id: 'sparkline',
      header: '30d',
      headerTooltip: '30d: clean price over the last 30 days (per 100 face)',
      sortable: false,
      initialWidth: 90,
      cell: SparklineCell,
      movable: false,
    });
  }
  declared.push({
    id: ROW_MENU_COLUMN,
    header: '',
    headerTooltip: 'Row menu: pricing, history, create alert',
    sortable: false,
    resizable: false,
    movable: false,
    pinned: 'right',
    keepPinned: true,
    width: 44,
    minWidth: 44,
    maxWidth: 44,
    cell: RowMenuCell,
    control: true,
  });
  return declared;
}

/** The view after a column drag: hidden or unavailable columns keep their places relative to each other at the end. */
export function orderAfterMove(ids: readonly string[], order: readonly BondTableColumn[]): BondTableColumn[] {
  const shown = ids.filter((id): id is BondTableColumn => id in BOND_COLUMNS);
  return [...shown, ...order.filter((c) => !shown.includes(c))];
}
