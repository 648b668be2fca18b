import { Card, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { MarketSummaryResponse } from '@common/api/market';
import { formatDay, formatYield, formatYieldChange } from '@common/format';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { changeTone } from '../../components/tone';
import { TREASURY_KEY_TENORS, treasurySeries } from './marketPanelsView';

/** The Treasury par curve at today's close and the previous one. */
export function TreasuryCurvePanel({ treasury }: { treasury: MarketSummaryResponse['treasury'] }) {
  const series = useMemo(() => treasurySeries(treasury), [treasury]);
  return (
    <Card withBorder padding="sm" data-testid="treasury-curve">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          Treasury curve
        </Text>
        <Text size="xs" c="dimmed">
          {treasury.date ? `${formatDay(treasury.date)} vs ${formatDay(treasury.previousDate)}` : 'no curve yet'}
        </Text>
      </Group>
      {treasury.points.length === 0 ? (
        <Text size="xs" c="dimmed">
          No Treasury curve has been loaded.
        </Text>
      ) : (
        <>
          <Group grow gap={4} mb={4}>
            {treasury.points
              .filter((p) => TREASURY_KEY_TENORS.includes(p.tenor))
              .map((p) => (
                <Stack key={p.tenor} gap={0} align="flex-end" title={`${p.tenor} par yield, %; change in bp`}>
                  <Text size="xs" c="dimmed">
                    {p.tenor}
                  </Text>
                  <Text size="sm" className="bw-stat">
                    {formatYield(p.yield)}
                  </Text>
                  {/* Coloured like the grid: yields up are red, down green. */}
                  <Text size="sm" className={`bw-stat bw-tone-${changeTone('yield', p.change) ?? ''}`}>
                    {formatYieldChange(p.change)}
                  </Text>
                </Stack>
              ))}
          </Group>
          <TimeSeriesChart series={series} axis="months" height={170} formatValue={formatYield} testId="treasury-chart" />
        </>
      )}
    </Card>
  );
}
