import { Anchor, Card, Grid, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { TermStructureChangeResponse } from '@common/api/market';
import { formatSpread } from '@common/format';
import { SimpleTable } from '../../components/SimpleTable';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { biggestMover, changeSeries, levelSeries, tscColumns, tscText, type Metric } from './termStructureView';

type Props = {
  data: TermStructureChangeResponse;
  metric: Metric;
  /** Draws the two dates' levels (feature `term_structure_change_non_delta_metrics`). */
  showLevels: boolean;
  /** Plots each bond as a point (feature `term_structure_change_visual_bond`). */
  showBonds: boolean;
  fromLabel: string;
  toLabel: string;
  /** Changes with the scope and metric, so each new curve starts on a chart fitted to it. */
  chartKey: string;
};

/** The levels chart (behind its feature), the change chart and the buckets' table. */
export function TermStructureResult({ data, metric, showLevels, showBonds, fromLabel, toLabel, chartKey }: Props) {
  const text = useMemo(() => tscText(metric), [metric]);
  const columns = useMemo(() => tscColumns(metric, showLevels, fromLabel, toLabel), [metric, showLevels, fromLabel, toLabel]);
  const levels = useMemo(() => levelSeries(data, showBonds, fromLabel, toLabel), [data, showBonds, fromLabel, toLabel]);
  const changes = useMemo(() => changeSeries(data, showBonds, metric), [data, showBonds, metric]);
  const levelFormat = useMemo(() => (v: number) => text.level(v), [text]);
  const top = showBonds ? biggestMover(data.bonds) : undefined;
  return (
    <Grid gap="sm">
      {showLevels && (
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card withBorder padding="sm">
            <Text fw={600} size="sm" mb={4}>
              {metric === 'yield' ? 'Yield (%)' : 'G-spread (bp)'} by tenor: {fromLabel} (dashed) and {toLabel}
            </Text>
            <TimeSeriesChart
              key={chartKey}
              series={levels}
              axis="months"
              height={300}
              formatValue={levelFormat}
              testId="tsc-levels-chart"
            />
          </Card>
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, lg: showLevels ? 6 : 12 }}>
        <Card withBorder padding="sm">
          <Text fw={600} size="sm" mb={4}>
            Change by tenor (bp){showBonds ? '; points: individual bonds' : ''}
          </Text>
          <TimeSeriesChart
            key={chartKey}
            series={changes}
            axis="months"
            height={300}
            formatValue={formatSpread as (v: number) => string}
            testId="tsc-change-chart"
          />
        </Card>
      </Grid.Col>
      <Grid.Col span={12}>
        <Card withBorder padding="sm">
          <SimpleTable
            rows={data.buckets}
            columns={columns}
            rowKey={(b) => b.tenor}
            rowTestId="tsc-row"
            fz="xs"
            verticalSpacing={3}
            striped
            testId="tsc-table"
          />
          {showBonds && data.bonds.length > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              {data.bonds.length} bonds plotted. Biggest mover:{' '}
              {top ? (
                <Anchor component={Link} to={`/bw/bond/${top.bondId}/history?metric=${metric}`} size="xs">
                  {top.description} ({text.change(top.change)})
                </Anchor>
              ) : (
                '—'
              )}
            </Text>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
