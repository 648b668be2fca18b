import { Card, Text } from '@mantine/core';
import { formatNumber } from '@common/format';
import { TimeSeriesChart, type ChartSeries } from '../../../components/TimeSeriesChart';

/** The payments as bars, the time axis starting at settlement. */
export function CashflowChart({ series, settlementDate }: { series: ChartSeries[]; settlementDate: string }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={600} size="sm">
        Payments per 100 face
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        Blue: coupons; orange: the final payment with principal.
      </Text>
      <TimeSeriesChart
        series={series}
        height={420}
        formatValue={(v) => formatNumber(v, 2)}
        timeAxisFrom={settlementDate}
        testId="cashflow-chart"
      />
    </Card>
  );
}
