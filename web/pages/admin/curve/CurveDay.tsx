import { Alert, Card, Grid, Group, Stack, TextInput } from '@mantine/core';
import { type AdminCurve } from '@common/api/adminCurve';
import { formatYield } from '@common/format';
import { apiErrorText } from '../../../api/errorText';
import { TimeSeriesChart } from '../../../components/TimeSeriesChart';
import { CurveCompareTable } from './CurveCompareTable';
import { curveChartSeries } from './curveView';
import { CurvePointsTable } from './CurvePointsTable';
import { type AdminCurveState } from './useAdminCurve';

/** The day's points (correctable) beside the chart and the comparison with another date. */
export function CurveDay({ c, state }: { c: AdminCurve; state: AdminCurveState }) {
  const { busy, correct, refused, compare, compareWith, setOther } = state;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Card withBorder padding="xs">
          <CurvePointsTable points={c.points} busy={busy} onCorrect={correct} refused={refused} />
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="sm">
          <Card withBorder padding="xs">
            <TimeSeriesChart
              axis="months"
              height={280}
              formatValue={formatYield}
              series={curveChartSeries(c, compare.data)}
              testId="curve-chart"
            />
          </Card>
          <Card withBorder padding="xs">
            <Group align="end" mb="xs">
              <TextInput
                size="xs"
                type="date"
                label="Compare with"
                value={compareWith}
                onChange={(e) => setOther(e.currentTarget.value)}
                data-testid="curve-compare-date"
              />
            </Group>
            {compare.isError && <Alert color="red">{apiErrorText(compare.error)}</Alert>}
            {compare.data && <CurveCompareTable data={compare.data} />}
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
