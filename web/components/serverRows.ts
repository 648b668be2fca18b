/**
 * DataTable's server-paged mode in the app's words: the table asks a screen for a block of rows
 * (start, end and the sort) as a person scrolls, so a list of tens of thousands of rows is never
 * loaded whole. The grid's own datasource types stay here, inside web/components.
 */
import type { ColumnState, GridApi, IDatasource, IGetRowsParams } from 'ag-grid-community';

/** One sort of a table, the primary first. */
export interface SortKey {
  /** The column's id (`Column.id`, else its field). */
  column: string;
  descending: boolean;
}

export interface RowBlock<Row> {
  rows: Row[];
  /** How many rows the whole list has (the scroll bar's length). */
  total: number;
}

export interface ServerRows<Row> {
  /**
   * Rows `start` to `end` (exclusive) in the table's current sort. A rejected promise leaves the
   * block to be asked again when scrolled to. A new `fetch` starts the table over at the top.
   */
  fetch: (request: { start: number; end: number; sort: SortKey[] }) => Promise<RowBlock<Row>>;
  /** Rows per request. */
  blockSize: number;
}

/** The grid's sorted columns, in sort order. */
export function sortOfState(state: readonly ColumnState[]): SortKey[] {
  return state
    .filter((c) => c.sort === 'asc' || c.sort === 'desc')
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((c) => ({ column: c.colId, descending: c.sort === 'desc' }));
}

export function datasourceOf<Row>(fetch: ServerRows<Row>['fetch']): IDatasource {
  return {
    rowCount: undefined,
    getRows: (params: IGetRowsParams) => {
      const sort = params.sortModel.map((s) => ({ column: s.colId, descending: s.sort === 'desc' }));
      fetch({ start: params.startRow, end: params.endRow, sort }).then(
        (block) => params.successCallback(block.rows, block.total),
        () => params.failCallback(),
      );
    },
  };
}

/** What a screen may do to the rows on screen (the live refresh of a server-paged list). */
export interface DataTableHandle<Row> {
  /** The rows on screen (`end` inclusive), or null before the first rows or after the table closed. */
  shownRange: () => { first: number; last: number } | null;
  /** The table's current sort. */
  sort: () => SortKey[];
  /**
   * Puts newer versions of rows on screen (matched by `rowId`): a row whose `compare` fields
   * changed is replaced and those cells flash. Rows not on screen are skipped.
   */
  refreshRows: (rows: readonly Row[], compare: readonly (keyof Row & string)[]) => void;
}

export function handleOf<Row>(grid: () => GridApi<Row> | null, rowId: ((row: Row) => string) | undefined): DataTableHandle<Row> {
  const live = () => {
    const api = grid();
    return api && !api.isDestroyed() ? api : null;
  };
  return {
    shownRange: () => {
      const api = live();
      if (!api) return null;
      const first = api.getFirstDisplayedRowIndex();
      const last = api.getLastDisplayedRowIndex();
      return first < 0 || last < first ? null : { first, last };
    },
    sort: () => {
      const api = live();
      return api ? sortOfState(api.getColumnState()) : [];
    },
    refreshRows: (rows, compare) => {
      const api = live();
      if (!api || !rowId) return;
      for (const row of rows) {
        const node = api.getRowNode(rowId(row));
        const shown = node?.data;
        if (!node || shown === undefined || shown === null) continue;
        const changed = compare.filter((k) => shown[k] !== row[k]);
        if (changed.length === 0) continue;
        node.updateData(row);
        api.flashCells({ rowNodes: [node], columns: changed });
      }
    },
  };
}
