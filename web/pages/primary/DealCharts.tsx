import { Card, Grid, Text } from '@mantine/core';
import type { DealDetailResponse } from '@common/api/primary';
import { formatDay, formatSpreadLevel } from '@common/format';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { curveSeries, spreadPathSeries } from './dealDetailView';

/** Side by side: each tranche's spread path through the stages, and the issuer's curve with the tranches on it. */
export function DealCharts({ detail }: { detail: DealDetailResponse }) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder>
          <Text fw={600}>Spread path</Text>
          <TimeSeriesChart
            series={spreadPathSeries(detail)}
            axis="intraday"
            height={260}
            formatValue={(v) => formatSpreadLevel(v)}
            testId="spread-path-chart"
          />
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder>
          <Text fw={600}>Issuer curve {detail.curveDay ? `at the close of ${formatDay(detail.curveDay)}` : '(no close yet)'}</Text>
          <TimeSeriesChart
            series={curveSeries(detail)}
            axis="months"
            height={260}
            formatValue={(v) => formatSpreadLevel(v)}
            testId="issuer-curve-chart"
          />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
