import { Text } from '@mantine/core';
import type { DealStatus } from '@common/market';
import { DataTable } from '../../components/DataTable';
import { PERFORMANCE_COLUMNS, type Performance } from './dealColumns';

/** How the priced tranches have traded against reoffer; a note when a priced deal has no trades yet. */
export function DealAfterPricing({ status, performance }: { status: DealStatus; performance: Performance[] }) {
  return (
    <>
      {status === 'priced' && performance.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="no-trades-since-pricing">
          No trades reported in the new bonds since pricing yet.
        </Text>
      )}
      {performance.length > 0 && (
        <>
          <Text fw={600}>Since pricing: each day's trades (size-weighted) against re-offer</Text>
          <DataTable
            rows={performance}
            columns={PERFORMANCE_COLUMNS}
            rowId={(p) => String(p.trancheId)}
            height={60 + 28 * performance.length}
            testId="performance-grid"
          />
        </>
      )}
    </>
  );
}
