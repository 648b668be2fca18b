/**
 * A bond table with its toolbar: what /bw/bond and an opened custom table (/bw/bond/config/{uuid})
 * both show. The page owns the view and where it is saved (preferences or the custom table).
 */
import { Group, Stack, Text } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { BondTableFilters } from '@common/api/bondTables';
import { formatNumber } from '@common/format';
import { useFeature } from '../../features/useFeature';
import { MarketAsOf } from '../../components/MarketAsOf';
import { BondGrid } from './BondGrid';
import { LIVE_REFRESH_MS } from './bondGridView';
import { BondFilters } from './BondToolbar';
import { ColumnChooser } from './ColumnChooser';
import { CsvButton } from './CsvButton';
import { availableColumns } from './columns';
import { usableFilters, type BondView } from './bondView';
import './bond.css';
import { trackEvent } from '../../usage';

export interface BondTableViewProps {
  view: BondView;
  onViewChange: (view: BondView) => void;
  onFiltersChange?: (filters: BondTableFilters) => void;
  /** Extra toolbar items (custom table actions). */
  actions?: ReactNode;
  csvName?: string;
}

export function BondTableView({ view, onViewChange, onFiltersChange, actions, csvName }: BondTableViewProps) {
  const sp = useFeature('s_and_p_ratings');
  const dm = useFeature('bond_table_discount_margin');
  const sparklines = useFeature('sparklines');
  const available = useMemo(
    () => availableColumns((flag) => (flag === 's_and_p_ratings' ? sp : flag === 'bond_table_discount_margin' ? dm : false)),
    [sp, dm],
  );
  // What the grid and the CSV ask the server for: the view less what this account may not filter by.
  const queried = useMemo(() => ({ ...view, filters: usableFilters(view.filters, sp) }), [view, sp]);
  const [status, setStatus] = useState<{ total: number; asOf: string | null } | null>(null);
  const visibleColumns = view.order.filter((c) => view.visible.includes(c) && available.includes(c));
  return (
    <Stack gap={6} style={{ height: 'calc(100vh - 150px)', minHeight: 420 }} data-testid="bond-table">
      <Group justify="space-between" gap={6} wrap="nowrap" align="flex-start">
        <BondFilters
          filters={view.filters}
          onChange={(filters) => {
            trackEvent('bond_table.filter', {
              filters: Object.keys(filters)
                .filter((k) => filters[k as keyof typeof filters] !== undefined)
                .join(','),
            });
            if (onFiltersChange) onFiltersChange(filters);
            else onViewChange({ ...view, filters });
          }}
        />
        <Group gap={6} wrap="nowrap">
          {actions}
          <ColumnChooser view={view} available={available} onChange={onViewChange} />
          <CsvButton view={queried} columns={visibleColumns} fileName={csvName} />
        </Group>
      </Group>
      <Group gap="xs">
        <Text size="xs" c="dimmed" data-testid="bond-count">
          {status ? `${formatNumber(status.total, 0)} ${status.total === 1 ? 'bond' : 'bonds'}` : 'Loading bonds…'}
        </Text>
        {status && (
          <MarketAsOf
            asOf={status.asOf}
            liveHint={`Evaluated prices of the live market. Visible rows refresh every ${LIVE_REFRESH_MS / 1000} s while this page is open; changed cells flash.`}
          />
        )}
        <Text size="xs" c="dimmed">
          Click a header to sort, shift-click for a second sort; Enter or click opens a bond.
        </Text>
      </Group>
      {status?.total === 0 && (
        <Text size="sm" c="dimmed" data-testid="bond-empty">
          No bonds match these filters.
        </Text>
      )}
      <div style={{ flex: 1, minHeight: 0 }}>
        <BondGrid view={queried} available={available} onViewChange={onViewChange} sparklines={sparklines} onStatus={setStatus} />
      </div>
    </Stack>
  );
}
