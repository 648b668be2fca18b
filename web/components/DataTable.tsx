/**
 * THE table wrapper (AG Grid Community): screens declare columns and rows, nothing else, in the
 * app's words (`Column`, `ColumnGroup`, `ServerRows`); AG Grid's own types stay in web/components.
 * Dense, themed to follow the app's colour scheme (quartz + dark part in dark mode).
 *
 * Server-side lists (the bond table) pass `serverRows` instead of `rows`: the table asks for
 * blocks as a person scrolls and reports sorts and column moves; `handle` refreshes the rows on
 * screen, and cells whose value changed flash in the theme's flash colour.
 */
import { useMantineColorScheme } from '@mantine/core';
import {
  AllCommunityModule,
  ModuleRegistry,
  colorSchemeDark,
  colorSchemeLight,
  themeQuartz,
  type CellKeyDownEvent,
  type ColDef,
  type ColumnMovedEvent,
  type GetRowIdParams,
  type GridApi,
  type RowClickedEvent,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { headerMinWidth } from './headerWidth';
import { datasourceOf, handleOf, sortOfState, type DataTableHandle, type ServerRows, type SortKey } from './serverRows';
import { columnId, isColumnGroup, toColDef, toColGroupDef, type Column, type TableColumn } from './tableColumns';

export { formatCell, type CellProps, type Column, type ColumnGroup, type ColumnKind, type TableColumn } from './tableColumns';
export type { DataTableHandle, RowBlock, ServerRows, SortKey } from './serverRows';

ModuleRegistry.registerModules([AllCommunityModule]);

/** The grid's row and header heights (px), as the theme below sets them. */
const ROW_HEIGHT = 26;
const HEADER_HEIGHT = 28;
/** The wrapper's borders and room for a horizontal scroll bar under the rows. */
const GRID_CHROME = 20;

/**
 * A client-side table's height sized to its rows, up to `max`: a calendar with one deal must not
 * keep a tall empty panel under it. At least `minRows` rows' room, so "No rows" still shows.
 */
export function heightForRows(rowCount: number, max: number, minRows = 3): number {
  return Math.min(max, HEADER_HEIGHT + Math.max(rowCount, minRows) * ROW_HEIGHT + GRID_CHROME);
}

const base = themeQuartz.withParams({
  fontSize: 12,
  headerFontSize: 12,
  rowHeight: ROW_HEIGHT,
  headerHeight: HEADER_HEIGHT,
  spacing: 4,
  borderRadius: 2,
  wrapperBorderRadius: 2,
});
export const gridThemeDark = base.withPart(colorSchemeDark);
export const gridThemeLight = base.withPart(colorSchemeLight);

export interface DataTableProps<Row> {
  /** The rows of a client-side table (ignored with `serverRows`). */
  rows: Row[] | undefined;
  /** Columns by kind (`Column`: DataTable picks the formatter and the alignment), or groups of them. */
  columns: readonly TableColumn<Row>[];
  /** Stable row id (keeps selection and scroll on refresh; matches refreshed rows). */
  rowId?: (row: Row) => string;
  loading?: boolean;
  height?: number | string;
  /** Row height (px) when a cell needs more than a line's room. */
  rowHeight?: number;
  onRowClick?: (row: Row) => void;
  /** A class on every row (e.g. `bw-clickable`). */
  rowClassName?: string;
  testId?: string;
  /** Server-paged mode: the table fetches blocks of rows as a person scrolls. */
  serverRows?: ServerRows<Row>;
  /** At most this many sorts at once (shift-click adds one); the extra ones are dropped. */
  maxSorts?: number;
  /** A person changed the sort (header click), primary first. */
  onSortChange?: (sort: SortKey[]) => void;
  /** A person dragged a column to a new place: every column's id in the new order (hidden ones too). */
  onColumnsMoved?: (order: string[]) => void;
  /** What a screen may do to the rows on screen (live refresh). */
  handle?: Ref<DataTableHandle<Row>>;
}

/** Server-paged mode: blocks kept in memory, the rows shown while the first block loads, and how eagerly it asks. */
const SERVER_GRID = {
  maxBlocksInCache: 20,
  infiniteInitialRowCount: 50,
  maxConcurrentDatasourceRequests: 2,
  blockLoadDebounceMillis: 30,
  rowBuffer: 20,
} as const;

function fitted<Row>(c: ColDef<Row>): ColDef<Row> {
  // No column narrower than its header: a header is never cut, however the table is sized.
  return c.headerName ? { ...c, minWidth: Math.max(c.minWidth ?? 70, headerMinWidth(c.headerName, c.sortable ?? true)) } : c;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, columns, rowId, loading, height = 480, rowHeight, onRowClick, rowClassName, testId, serverRows } = props;
  const { maxSorts, onSortChange, onColumnsMoved, handle } = props;
  const { colorScheme } = useMantineColorScheme();
  const gridApi = useRef<GridApi<Row> | null>(null);
  useImperativeHandle(handle, () => handleOf(() => gridApi.current, rowId), [rowId]);
  const defaultColDef = useMemo<ColDef<Row>>(() => ({ sortable: true, resizable: true, filter: false, minWidth: 70 }), []);
  const columnDefs = useMemo(
    () =>
      columns.map((declared) => {
        if (!isColumnGroup(declared)) return fitted(toColDef(declared));
        const group = toColGroupDef(declared);
        return { ...group, children: group.children.map((c) => fitted(c as ColDef<Row>)) };
      }),
    [columns],
  );
  // Cells that are controls of their own (a row menu): a click or Enter there is not the row's.
  const controls = useMemo(
    () =>
      new Set(
        columns
          .flatMap((c): readonly Column<Row>[] => (isColumnGroup(c) ? c.columns : [c]))
          .filter((c) => c.control)
          .map((c) => columnId(c)),
      ),
    [columns],
  );
  const fetchRows = serverRows?.fetch;
  const datasource = useMemo(() => (fetchRows ? datasourceOf(fetchRows) : undefined), [fetchRows]);
  return (
    <div style={{ height }} data-testid={testId}>
      <AgGridReact<Row>
        theme={colorScheme === 'light' ? gridThemeLight : gridThemeDark}
        {...(serverRows
          ? { rowModelType: 'infinite' as const, datasource, cacheBlockSize: serverRows.blockSize, ...SERVER_GRID }
          : { rowData: rows })}
        columnDefs={columnDefs}
        defaultColDef={defaultColDef}
        loading={loading}
        {...(rowHeight !== undefined ? { rowHeight } : {})}
        {...(rowClassName ? { rowClass: rowClassName } : {})}
        getRowId={rowId ? (p: GetRowIdParams<Row>) => rowId(p.data) : undefined}
        onGridReady={(e) => {
          gridApi.current = e.api;
        }}
        // A click inside a cell's own control (a control column, or marked data-no-row-click) is that control's.
        onRowClicked={
          onRowClick
            ? (e: RowClickedEvent<Row>) => {
                const target = e.event?.target;
                if (target instanceof Element && target.closest('[data-no-row-click]')) return;
                const column = target instanceof Element ? target.closest('.ag-cell')?.getAttribute('col-id') : null;
                if (column && controls.has(column)) return;
                if (e.data) onRowClick(e.data);
              }
            : undefined
        }
        // The grid moves between cells with the arrow keys; Enter opens the focused row as a click does.
        onCellKeyDown={
          onRowClick
            ? (e: CellKeyDownEvent<Row>) => {
                if (controls.has(e.column.getColId())) return;
                if (e.data && (e.event as KeyboardEvent | null)?.key === 'Enter') onRowClick(e.data);
              }
            : undefined
        }
        onSortChanged={
          onSortChange || maxSorts !== undefined
            ? (e: SortChangedEvent<Row>) => {
                const sort = sortOfState(e.api.getColumnState());
                if (maxSorts !== undefined && sort.length > maxSorts) {
                  // Dropping the extra sorts fires this event again, with the sorts kept.
                  e.api.applyColumnState({ state: sort.slice(maxSorts).map((s) => ({ colId: s.column, sort: null })) });
                  return;
                }
                onSortChange?.(sort);
              }
            : undefined
        }
        onColumnMoved={
          onColumnsMoved
            ? (e: ColumnMovedEvent<Row>) => {
                if (e.finished) onColumnsMoved(e.api.getColumnState().map((c) => c.colId));
              }
            : undefined
        }
        animateRows={false}
        suppressCellFocus={false}
        suppressDragLeaveHidesColumns
        cellFlashDuration={700}
        cellFadeDuration={800}
        tooltipShowDelay={400}
      />
    </div>
  );
}
