/**
 * The bond table grid: DataTable's server-paged mode over GET /v2/bond (blocks of 200 rows, so a
 * 30,000-bond universe scrolls without loading it), sort by header click (shift-click adds the
 * secondary sort) mapped to the API's sort/sort2, column order by drag, live refresh of the
 * visible rows every few seconds while the page is visible (changed cells flash), row click or
 * Enter opens the bond, and each row's menu (RowMenuCell) offers its pages and "create alert". The view (columns, sorts, filters) is controlled by the page.
 */
import { Group, Text } from '@mantine/core';
import type { BondTableColumn } from '@common/enums';
import { DataTable } from '../../components/DataTable';
import type { BondListRow } from '@common/api/bond';
import type { BondView } from './bondView';
import { useBondGrid } from './useBondGrid';

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

export function BondGrid(props: BondGridProps) {
  const grid = useBondGrid(props);
  const { height = '100%' } = props;
  return (
    <div style={{ height, display: 'flex', flexDirection: 'column' }} data-testid="bond-grid-wrap">
      {grid.failed && (
        <Group gap="xs" mb={4} data-testid="bond-grid-error">
          <Text size="xs" c="red">
            Bonds could not be loaded; scrolling retries.
          </Text>
        </Group>
      )}
      <div style={{ flex: 1, minHeight: 200 }}>
        <DataTable<BondListRow>
          rows={undefined}
          columns={grid.columns}
          rowId={(row) => String(row.id)}
          height="100%"
          testId="bond-grid"
          onRowClick={grid.openBond}
          rowClassName="bw-clickable"
          serverRows={grid.serverRows}
          maxSorts={2}
          onSortChange={grid.onSortChange}
          onColumnsMoved={grid.onColumnsMoved}
          handle={grid.table}
        />
      </div>
    </div>
  );
}
