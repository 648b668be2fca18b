/**
 * The bond table grid: AG Grid's infinite row model over GET /v2/bond (blocks of 200 rows, so a
 * 30,000-bond universe scrolls without loading it), sort by header click (shift-click adds the
 * secondary sort) mapped to the API's sort/sort2, column order by drag, live refresh of the
 * visible rows every few seconds while the page is visible (changed cells flash), row click or
 * Enter opens the bond, and each row's menu (RowMenuCell) offers its pages and "create alert". The view (columns, sorts, filters) is controlled by the page.
 */
import { Group, Text } from '@mantine/core';
import type {
  CellKeyDownEvent,
  ColDef,
  ColumnMovedEvent,
  GridApi,
  GridReadyEvent,
  IDatasource,
  IGetRowsParams,
  SortChangedEvent,
  ValueFormatterParams,
} from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BOND_PATHS, type BondListResponse, type BondListRow } from '@common/api/bond';
import type { BondTableColumn } from '@common/enums';
import { api } from '../../api/client';
import { handleError } from '../../api/errors';
import { notifications } from '@mantine/notifications';
import { DataTable } from '../../components/DataTable';
import { BOND_COLUMNS, columnTooltip, formatBondCell } from './columns';
import { useFeature } from '../../features/useFeature';
import { listQuery, type BondSort, type BondView } from './bondView';
import { SparklineCell } from './SparklineCell';
import { ROW_MENU_COLUMN, RowMenuCell } from './RowMenuCell';
import { changeTone } from '../../components/tone';
import { trackEvent } from '../../usage';

/** Rows per request (the API allows up to 500). */
export const BLOCK_SIZE = 200;
/** Live refresh period of the visible rows. */
export const LIVE_REFRESH_MS = 5_000;

export interface BondGridProps {
  view: BondView;
  /** Columns the user may see (flag-gated ones removed). */
  available: readonly BondTableColumn[];
  onViewChange: (view: BondView) => void;
  sparklines?: boolean;
  height?: number | string;
  /** Reports the total and as-of time of the latest page. */
  onStatus?: (status: { total: number; asOf: string | null }) => void;
  live?: boolean;
}

function sortsFromModel(model: Array<{ colId: string; sort: 'asc' | 'desc' }>): [BondSort | null, BondSort | null] {
  const sorts = model
    .filter((s) => s.colId in BOND_COLUMNS)
    .map((s) => ({ column: s.colId as BondTableColumn, descending: s.sort === 'desc' }));
  return [sorts[0] ?? null, sorts[1] ?? null];
}

function sortModelOf(api: GridApi): Array<{ colId: string; sort: 'asc' | 'desc' }> {
  return api
    .getColumnState()
    .filter((c) => c.sort === 'asc' || c.sort === 'desc')
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((c) => ({ colId: c.colId, sort: c.sort as 'asc' | 'desc' }));
}

export function BondGrid({ view, available, onViewChange, sparklines = false, height = '100%', onStatus, live = true }: BondGridProps) {
  const navigate = useNavigate();
  const gridApi = useRef<GridApi<BondListRow> | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const statusRef = useRef(onStatus);
  statusRef.current = onStatus;
  const [failed, setFailed] = useState(false);

  const visibleColumns = useMemo(
    () => view.order.filter((c) => view.visible.includes(c) && available.includes(c)),
    [view.order, view.visible, available],
  );
  const columnsKey = [...visibleColumns].sort().join(',');
  const filtersKey = JSON.stringify(view.filters);

  const glossaryTips = useFeature('tooltips');
  const columnDefs = useMemo<ColDef<BondListRow>[]>(() => {
    const sortOf = (c: BondTableColumn) =>
      view.primary?.column === c
        ? { sort: view.primary.descending ? 'desc' : 'asc', sortIndex: 0 }
        : view.secondary?.column === c
          ? { sort: view.secondary.descending ? 'desc' : 'asc', sortIndex: 1 }
          : { sort: null, sortIndex: null };
    const defs: ColDef<BondListRow>[] = view.order
      .filter((c) => available.includes(c))
      .map((c) => {
        const meta = BOND_COLUMNS[c];
        return {
          colId: c,
          field: c,
          headerName: meta.header,
          headerTooltip: columnTooltip(c, glossaryTips),
          initialWidth: meta.width,
          hide: !view.visible.includes(c),
          ...(sortOf(c) as Pick<ColDef, 'sort' | 'sortIndex'>),
          sortingOrder: meta.numeric ? ['desc', 'asc'] : ['asc', 'desc'],
          type: meta.numeric ? 'rightAligned' : undefined,
          valueFormatter: (p: ValueFormatterParams<BondListRow>) => (p.data ? formatBondCell(c, p.value) : ''),
          cellClass: meta.numeric ? 'bw-num' : undefined,
          cellClassRules: meta.signed
            ? {
                'bw-tone-good': (p) => changeTone(meta.signed === 'rate' ? 'yield' : 'price', p.value as number | null) === 'good',
                'bw-tone-bad': (p) => changeTone(meta.signed === 'rate' ? 'yield' : 'price', p.value as number | null) === 'bad',
              }
            : undefined,
          pinned: c === 'description' ? 'left' : undefined,
          lockPinned: c === 'description' ? true : undefined,
        } satisfies ColDef<BondListRow>;
      });
    if (sparklines) {
      const at = Math.max(0, defs.findIndex((d) => d.colId === 'description') + 1);
      defs.splice(at, 0, {
        colId: 'sparkline',
        headerName: '30d',
        headerTooltip: '30d: clean price over the last 30 days (per 100 face)',
        sortable: false,
        initialWidth: 90,
        cellRenderer: SparklineCell,
        suppressMovable: true,
      });
    }
    defs.push({
      colId: ROW_MENU_COLUMN,
      headerName: '',
      headerTooltip: 'Row menu: pricing, history, create alert',
      sortable: false,
      resizable: false,
      suppressMovable: true,
      pinned: 'right',
      lockPinned: true,
      width: 44,
      minWidth: 44,
      maxWidth: 44,
      cellRenderer: RowMenuCell,
    });
    return defs;
  }, [view.order, view.visible, view.primary, view.secondary, available, sparklines, glossaryTips]);

  // A new datasource (filters or fetched columns changed) makes the grid start over at the top.
  const datasource = useMemo<IDatasource>(
    () => ({
      rowCount: undefined,
      getRows: (params: IGetRowsParams) => {
        const [primary, secondary] = sortsFromModel(params.sortModel as Array<{ colId: string; sort: 'asc' | 'desc' }>);
        const v = {
          ...viewRef.current,
          primary: primary ?? viewRef.current.primary,
          secondary: primary ? secondary : viewRef.current.secondary,
        };
        api
          .get<BondListResponse>(BOND_PATHS.bonds, {
            query: { ...listQuery(v, visibleColumns), offset: params.startRow, limit: params.endRow - params.startRow },
          })
          .then((page) => {
            setFailed(false);
            statusRef.current?.({ total: page.total, asOf: page.asOf });
            params.successCallback(page.rows, page.total);
          })
          .catch((error: unknown) => {
            setFailed(true);
            handleError(error, { notifier: notifications.show, prefix: 'Loading bonds failed:' });
            params.failCallback();
          });
      },
      // Keyed on the filters and fetched columns by value (not object identity); sorts come from the grid.
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- visibleColumns is covered by columnsKey
    [filtersKey, columnsKey],
  );

  // Live updates: re-read the rows on screen; cells whose value changed flash.
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      const grid = gridApi.current;
      if (!grid || document.visibilityState !== 'visible' || grid.isDestroyed()) return;
      const first = grid.getFirstDisplayedRowIndex();
      const last = grid.getLastDisplayedRowIndex();
      if (first < 0 || last < first) return;
      const [primary, secondary] = sortsFromModel(sortModelOf(grid));
      const v = { ...viewRef.current, primary: primary ?? viewRef.current.primary, secondary };
      api
        .get<BondListResponse>(BOND_PATHS.bonds, {
          query: { ...listQuery(v, visibleColumns), offset: first, limit: Math.min(500, last - first + 1) },
        })
        .then((page) => {
          if (grid.isDestroyed()) return;
          statusRef.current?.({ total: page.total, asOf: page.asOf });
          for (const row of page.rows) {
            const node = grid.getRowNode(String(row.id));
            if (!node?.data) continue;
            const changed = visibleColumns.filter((c) => node.data![c] !== row[c]);
            if (changed.length === 0) continue;
            node.updateData(row);
            grid.flashCells({ rowNodes: [node], columns: changed });
          }
        })
        .catch(() => undefined); // a missed refresh is retried on the next tick
    }, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, visibleColumns]);

  const onSortChanged = useCallback(
    (e: SortChangedEvent<BondListRow>) => {
      const model = sortModelOf(e.api);
      if (model.length > 2) {
        // Two sorts at most (the API's sort and sort2): keep the first two.
        e.api.applyColumnState({ state: model.slice(2).map((s) => ({ colId: s.colId, sort: null })) });
        return;
      }
      const [primary, secondary] = sortsFromModel(model);
      const current = viewRef.current;
      if (JSON.stringify([primary, secondary]) === JSON.stringify([current.primary, current.secondary])) return;
      trackEvent('bond_table.sort', {
        column: primary?.column ?? null,
        descending: primary?.descending ?? null,
        secondary: secondary?.column ?? null,
      });
      onViewChange({ ...current, primary, secondary });
    },
    [onViewChange],
  );

  const onColumnMoved = useCallback(
    (e: ColumnMovedEvent<BondListRow>) => {
      if (!e.finished) return;
      const shown = e.api
        .getColumnState()
        .map((c) => c.colId)
        .filter((id): id is BondTableColumn => id in BOND_COLUMNS);
      const current = viewRef.current;
      // Hidden or unavailable columns keep their places relative to each other at the end.
      const order = [...shown, ...current.order.filter((c) => !shown.includes(c))];
      if (order.join() !== current.order.join()) onViewChange({ ...current, order });
    },
    [onViewChange],
  );

  const onCellKeyDown = useCallback(
    (e: CellKeyDownEvent<BondListRow>) => {
      const key = (e.event as KeyboardEvent | undefined)?.key;
      // Enter on the row menu's button opens the menu, not the bond.
      if (key === 'Enter' && e.data && e.column.getColId() !== ROW_MENU_COLUMN) void navigate(`/bw/bond/${e.data.id}/pricing`);
    },
    [navigate],
  );

  return (
    <div style={{ height, display: 'flex', flexDirection: 'column' }} data-testid="bond-grid-wrap">
      {failed && (
        <Group gap="xs" mb={4} data-testid="bond-grid-error">
          <Text size="xs" c="red">
            Bonds could not be loaded; scrolling retries.
          </Text>
        </Group>
      )}
      <div style={{ flex: 1, minHeight: 200 }}>
        <DataTable<BondListRow>
          rows={undefined}
          columns={columnDefs}
          rowId={(row) => String(row.id)}
          height="100%"
          testId="bond-grid"
          onRowClick={(row) => navigate(`/bw/bond/${row.id}/pricing`)}
          gridOptions={{
            rowModelType: 'infinite',
            datasource,
            cacheBlockSize: BLOCK_SIZE,
            maxBlocksInCache: 20,
            infiniteInitialRowCount: 50,
            maxConcurrentDatasourceRequests: 2,
            blockLoadDebounceMillis: 30,
            rowBuffer: 20,
            onGridReady: (e: GridReadyEvent<BondListRow>) => {
              gridApi.current = e.api;
            },
            onSortChanged,
            onColumnMoved,
            onCellKeyDown,
            suppressDragLeaveHidesColumns: true,
            cellFlashDuration: 700,
            cellFadeDuration: 800,
            rowClass: 'bw-clickable',
          }}
        />
      </div>
    </div>
  );
}
