import { Card, SimpleGrid, Text } from '@mantine/core';
import type { UsageResponse } from '@common/api/usage';
import { formatNumber } from '@common/format';
import { DataTable } from '../../../components/DataTable';
import { TimeSeriesChart, type ChartSeries } from '../../../components/TimeSeriesChart';
import { UsageCohorts } from './UsageCohorts';
import { FEATURE_COLUMNS, ORG_COLUMNS, PAGE_COLUMNS, ROLE_COLUMNS } from './usageView';

/** The loaded report: daily active users, funnel and retention, then the breakdown tables. */
export function UsageReport({ data: u, series }: { data: UsageResponse; series: ChartSeries[] }) {
  return (
    <>
      <Card withBorder padding="sm">
        <Text fw={600} size="sm" mb={4}>
          Daily active users
        </Text>
        <TimeSeriesChart series={series} height={220} formatValue={(v) => formatNumber(v, 0)} testId="usage-daily-chart" />
      </Card>
      <UsageCohorts funnel={u.funnel} retention={u.retention} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <DataTable rows={u.byOrganization} columns={ORG_COLUMNS} height={260} testId="usage-organizations" />
        <DataTable rows={u.byRole} columns={ROLE_COLUMNS} height={260} testId="usage-roles" />
        <DataTable rows={u.pages} columns={PAGE_COLUMNS} height={320} testId="usage-pages" />
        <DataTable rows={u.features} columns={FEATURE_COLUMNS} height={320} testId="usage-features" />
      </SimpleGrid>
    </>
  );
}
