/**
 * /bw/primary/pricing/{dealId}: one deal — its tranches with fair value and concession, the spread
 * path through IPT, guidance, launch and pricing, the issuer's secondary curve at the close before
 * pricing with each tranche placed on it, comparable recent deals, and how each priced tranche has
 * traded against reoffer since (day 1, week 1, to date). Refreshed every 15 s while the deal is
 * still in the market.
 * The data lives in useDeal.ts, columns and series in dealColumns.ts and dealDetailView.ts.
 */
import { Stack, Text } from '@mantine/core';
import { apiErrorText } from '../../api/errorText';
import { DataTable } from '../../components/DataTable';
import { DealAfterPricing } from './DealAfterPricing';
import { DealCharts } from './DealCharts';
import { DealHeader } from './DealHeader';
import { COMPARABLE_COLUMNS, TRANCHE_COLUMNS } from './dealColumns';
import { DealMessagesPanel } from './messages/DealMessagesPanel';
import { useDeal } from './useDeal';

export default function DealPage() {
  const { valid, detail, data: d, performance, openDeal } = useDeal();
  if (!valid) return <Text c="red">This deal link is not valid.</Text>;
  if (detail.error) return <Text c="red">{apiErrorText(detail.error)}</Text>;
  if (!d) return <Text c="dimmed">Loading the deal…</Text>;
  const deal = d.deal;
  return (
    <Stack gap="sm" data-testid="deal-page">
      <DealHeader deal={deal} />
      <DataTable
        rows={deal.tranches}
        columns={TRANCHE_COLUMNS}
        rowId={(t) => String(t.id)}
        height={60 + 28 * deal.tranches.length}
        testId="tranches-grid"
      />
      <DealCharts detail={d} />
      <DealAfterPricing status={deal.status} performance={performance} />
      <DealMessagesPanel dealId={deal.id} />
      <Text fw={600}>Comparable deals (same sector and credit, 90 days before)</Text>
      <DataTable
        rows={d.comparables}
        columns={COMPARABLE_COLUMNS}
        rowId={(c) => String(c.id)}
        height={220}
        onRowClick={(c) => openDeal(c.id)}
        testId="comparables-grid"
      />
    </Stack>
  );
}
