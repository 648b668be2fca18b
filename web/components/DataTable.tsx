/**
 * THE table wrapper (AG Grid Community): screens declare columns and rows, nothing else.
 * Dense, themed to follow the app's colour scheme (quartz + dark part in dark mode).
 *
 * Server-side lists (the bond table) pass `rows={undefined}` and `gridOptions` with
 * `rowModelType: 'infinite'` and a `datasource`; `gridOptions` also carries the grid events a
 * screen needs (sort, column moves). Cell flashes (live updates) use the theme's flash colour.
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
  type GetRowIdParams,
  type RowClickedEvent,
} from 'ag-grid-community';
import { AgGridReact, type AgGridReactProps } from 'ag-grid-react';
import { useMemo } from 'react';
import { headerMinWidth } from './headerWidth';
import { toColDef, type Column } from './tableColumns';

export { formatCell, type CellProps, type Column, type ColumnKind } from './tableColumns';

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
  rows: Row[] | undefined;
  /**
   * Columns by kind (`Column`: DataTable picks the formatter and the alignment). A raw AG Grid
   * `ColDef` is still taken from the screens not yet moved to `Column` (issue 36).
   */
  columns: readonly (Column<Row> | ColDef<Row>)[];
  /** Stable row id (keeps selection and scroll on refresh). */
  rowId?: (row: Row) => string;
  loading?: boolean;
  height?: number | string;
  onRowClick?: (row: Row) => void;
  testId?: string;
  /** Further AG Grid options (infinite row model + datasource, events, tooltips…). */
  gridOptions?: Omit<AgGridReactProps<Row>, 'rowData' | 'columnDefs' | 'theme'>;
}

export function DataTable<Row>({ rows, columns, rowId, loading, height = 480, onRowClick, testId, gridOptions }: DataTableProps<Row>) {
  const { colorScheme } = useMantineColorScheme();
  const defaultColDef = useMemo<ColDef<Row>>(() => ({ sortable: true, resizable: true, filter: false, minWidth: 70 }), []);
  // No column narrower than its header: a header is never cut, however the table is sized.
  const fittedColumns = useMemo(
    () =>
      columns.map((declared) => {
        const c = 'header' in declared ? toColDef(declared) : declared;
        return c.headerName ? { ...c, minWidth: Math.max(c.minWidth ?? 70, headerMinWidth(c.headerName, c.sortable ?? true)) } : c;
      }),
    [columns],
  );
  return (
    <div style={{ height }} data-testid={testId}>
      <AgGridReact<Row>
        theme={colorScheme === 'light' ? gridThemeLight : gridThemeDark}
        {...(gridOptions?.rowModelType === 'infinite' ? {} : { rowData: rows })}
        columnDefs={fittedColumns}
        defaultColDef={defaultColDef}
        loading={loading}
        getRowId={rowId ? (p: GetRowIdParams<Row>) => rowId(p.data) : undefined}
        // A click inside a cell's own control (marked data-no-row-click, e.g. a row menu) is that control's.
        onRowClicked={
          onRowClick
            ? (e: RowClickedEvent<Row>) => {
                const target = e.event?.target;
                if (target instanceof Element && target.closest('[data-no-row-click]')) return;
                if (e.data) onRowClick(e.data);
              }
            : undefined
        }
        // The grid moves between cells with the arrow keys; Enter opens the focused row as a click does.
        onCellKeyDown={
          onRowClick
            ? (e: CellKeyDownEvent<Row>) => {
                if (e.data && (e.event as KeyboardEvent | null)?.key === 'Enter') onRowClick(e.data);
              }
            : undefined
        }
        animateRows={false}
        suppressCellFocus={false}
        tooltipShowDelay={400}
        {...gridOptions}
      />
    </div>
  );
}
