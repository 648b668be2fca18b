import { Group, Text, Tooltip } from '@mantine/core';
import { formatDay, formatNumber } from '@common/format';
import type { SeriesStats } from '../../components/market/seriesStats';
import { changeTone } from '../../components/tone';
import { formatChange, formatLevel } from './marketView';
import type { MarketDetailState } from './useMarketDetail';

/** The series' latest close, change over the range, min, max, average and bond count. */
export function MarketDetailStats({ state, stats }: { state: MarketDetailState; stats: SeriesStats }) {
  const { p, points, unit } = state;
  return (
    <Group gap="lg" mb={6} data-testid="detail-stats">
      <Tooltip label={`Latest close (${formatDay(points.at(-1)?.date)})`} withinPortal>
        <Text size="xs" className="bw-stat">
          Last {formatLevel(p.metric, stats.last)}
        </Text>
      </Tooltip>
      <Text
        size="xs"
        className={`bw-stat bw-tone-${changeTone(p.metric, stats.change) ?? ''}`}
        title={`Change over the range (${unit.changeUnit})`}
      >
        Δ range {formatChange(p.metric, stats.change)}
      </Text>
      <Text size="xs" className="bw-stat" c="dimmed">
        Min {formatLevel(p.metric, stats.min)}
      </Text>
      <Text size="xs" className="bw-stat" c="dimmed">
        Max {formatLevel(p.metric, stats.max)}
      </Text>
      <Text size="xs" className="bw-stat" c="dimmed">
        Avg {formatLevel(p.metric, stats.avg)}
      </Text>
      <Text size="xs" className="bw-stat" c="dimmed" title="Bonds in the cell at the latest close">
        {formatNumber(points.at(-1)?.bondCount ?? null, 0)} bonds
      </Text>
    </Group>
  );
}
