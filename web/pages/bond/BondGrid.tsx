/**
 * The bond table grid: DataTable's server-paged mode over GET /v2/bond (blocks of 200 rows, so a
 * 30,000-bond universe scrolls without loading it), sort by header click (shift-click adds the
 * secondary sort) mapped to the API's sort/sort2, column order by drag, live refresh of the
 * visible rows every few seconds while the page is visible (changed cells flash), row click or
 * Enter opens the bond, and each row's menu (RowMenuCell) offers its pages and "create alert". The view (columns, sorts, filters) is controlled by the page.
 */
import { Group, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BOND_PATHS, type BondListResponse, type BondListRow } from '@common/api/bond';
import type { BondTableColumn } from '@common/enums';
import { api } from '../../api/client';
import { handleError } from '../../api/errors';
import { notifications } from '@mantine/notifications';
import { DataTable, type Column, type DataTableHandle, type RowBlock, type SortKey } from '../../components/DataTable';
import { BOND_COLUMNS, columnTooltip, formatBondCell } from './columns';
import { useFeature } from '../../features/useFeature';
import { listQuery, type BondSort, type BondView } from './bondView';
import { SparklineCell } from './SparklineCell';
import { ROW_MENU_COLUMN, RowMenuCell } from './RowMenuCell';
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

function sortsFromModel(model: readonly SortKey[]): [BondSort | null, BondSort | null] {
  const sorts = model
    .filter((s) => s.column in BOND_COLUMNS)
    .map((s) => ({ column: s.column as BondTableColumn, descending: s.descending }));
  return [sorts[0] ?? null, sorts[1] ?? null];
}

export function BondGrid({ view, available, onViewChange, sparklines = false, height = '100%', onStatus, live = true }: BondGridProps) {
  const navigate = useNavigate();
  const table = useRef<DataTableHandle<BondListRow>>(null);
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
  const columns = useMemo<Column<BondListRow>[]>(() => {
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
  }, [view.order, view.visible, view.primary, view.secondary, available, sparklines, glossaryTips]);

  // A new fetch (filters or fetched columns changed) makes the table start over at the top.
  const fetchRows = useCallback(
    async ({ start, end, sort }: { start: number; end: number; sort: SortKey[] }): Promise<RowBlock<BondListRow>> => {
      const [primary, secondary] = sortsFromModel(sort);
      const v = {
        ...viewRef.current,
        primary: primary ?? viewRef.current.primary,
        secondary: primary ? secondary : viewRef.current.secondary,
      };
      try {
        const page = await api.get<BondListResponse>(BOND_PATHS.bonds, {
          query: { ...listQuery(v, visibleColumns), offset: start, limit: end - start },
        });
        setFailed(false);
        statusRef.current?.({ total: page.total, asOf: page.asOf });
        return { rows: page.rows, total: page.total };
      } catch (error: unknown) {
        setFailed(true);
        handleError(error, { notifier: notifications.show, prefix: 'Loading bonds failed:' });
        throw error;
      }
    },
    // Keyed on the filters and fetched columns by value (not object identity); sorts come from the table.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- visibleColumns is covered by columnsKey
    [filtersKey, columnsKey],
  );
  const serverRows = useMemo(() => ({ fetch: fetchRows, blockSize: BLOCK_SIZE }), [fetchRows]);

  // Live updates: re-read the rows on screen; cells whose value changed flash.
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      const shown = document.visibilityState === 'visible' ? table.current?.shownRange() : null;
      if (!shown) return;
      const [primary, secondary] = sortsFromModel(table.current?.sort() ?? []);
      const v = { ...viewRef.current, primary: primary ?? viewRef.current.primary, secondary };
      api
        .get<BondListResponse>(BOND_PATHS.bonds, {
          query: { ...listQuery(v, visibleColumns), offset: shown.first, limit: Math.min(500, shown.last - shown.first + 1) },
        })
        .then((page) => {
          // The table may have closed meanwhile: then its handle is gone and nothing is refreshed.
          if (!table.current?.shownRange()) return;
          statusRef.current?.({ total: page.total, asOf: page.asOf });
          table.current.refreshRows(page.rows, visibleColumns);
        })
        .catch(() => undefined); // a missed refresh is retried on the next tick
    }, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, visibleColumns]);

  const onSortChange = useCallback(
    (sort: SortKey[]) => {
      const [primary, secondary] = sortsFromModel(sort);
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

  const onColumnsMoved = useCallback(
    (ids: string[]) => {
      const shown = ids.filter((id): id is BondTableColumn => id in BOND_COLUMNS);
      const current = viewRef.current;
      // Hidden or unavailable columns keep their places relative to each other at the end.
      const order = [...shown, ...current.order.filter((c) => !shown.includes(c))];
      if (order.join() !== current.order.join()) onViewChange({ ...current, order });
    },
    [onViewChange],
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
          columns={columns}
          rowId={(row) => String(row.id)}
          height="100%"
          testId="bond-grid"
          onRowClick={(row) => void navigate(`/bw/bond/${row.id}/pricing`)}
          rowClassName="bw-clickable"
          serverRows={serverRows}
          maxSorts={2}
          onSortChange={onSortChange}
          onColumnsMoved={onColumnsMoved}
          handle={table}
        />
      </div>
    </div>
  );
}
