import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { BOND_PATHS, type BondListResponse, type BondListRow } from '@common/api/bond';
import { api } from '../../api/client';
import { handleError } from '../../api/errors';
import type { DataTableHandle, RowBlock, SortKey } from '../../components/DataTable';
import { useFeature } from '../../features/useFeature';
import { trackEvent } from '../../usage';
import { listQuery } from './bondView';
import { BLOCK_SIZE, gridColumns, LIVE_REFRESH_MS, orderAfterMove, sortsFromModel, visibleGridColumns } from './bondGridView';
import type { BondGridProps } from './BondGrid';

/**
 * The grid's data: its columns for the view, the server-paged rows of GET /v2/bond, the live
 * refresh of the rows on screen, and the sort and column-order edits handed back to the page.
 */
export function useBondGrid({ view, available, onViewChange, sparklines = false, onStatus, live = true }: BondGridProps) {
  const navigate = useNavigate();
  const table = useRef<DataTableHandle<BondListRow>>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const statusRef = useRef(onStatus);
  statusRef.current = onStatus;
  const [failed, setFailed] = useState(false);

  const { order, visible } = view;
  const visibleColumns = useMemo(() => visibleGridColumns({ order, visible }, available), [order, visible, available]);
  const columnsKey = [...visibleColumns].sort().join(',');
  const filtersKey = JSON.stringify(view.filters);

  const glossaryTips = useFeature('tooltips');
  const columns = useMemo(
    () => gridColumns({ order, visible, primary: view.primary, secondary: view.secondary }, available, sparklines, glossaryTips),
    [order, visible, view.primary, view.secondary, available, sparklines, glossaryTips],
  );

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
      const current = viewRef.current;
      const order = orderAfterMove(ids, current.order);
      if (order.join() !== current.order.join()) onViewChange({ ...current, order });
    },
    [onViewChange],
  );

  const openBond = (row: BondListRow) => void navigate(`/bw/bond/${row.id}/pricing`);

  return { table, failed, columns, serverRows, onSortChange, onColumnsMoved, openBond };
}

export type BondGridState = ReturnType<typeof useBondGrid>;
