import { Group, SegmentedControl, Text } from '@mantine/core';
import { formatDay } from '@common/format';
import { BondFilters } from '../BondToolbar';
import { METRICS, PERIODS, type Metric, type Period } from './bondMovesView';
import type { BondMovesState } from './useBondMoves';

/** Metric and period switches, the base date the changes are measured from, and the bond filters. */
export function BondMovesControls({ state }: { state: BondMovesState }) {
  const { metric, period, filters, setAll, moves, unit } = state;
  return (
    <>
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={metric}
            onChange={(v) => setAll({ metric: v as Metric })}
            data={METRICS.map(({ value, label }) => ({ value, label }))}
            data-testid="moves-metric"
          />
          <SegmentedControl
            size="xs"
            value={period}
            onChange={(v) => setAll({ period: v as Period })}
            data={PERIODS}
            data-testid="moves-period"
          />
        </Group>
        {moves.data?.baseDate && (
          <Text size="xs" c="dimmed">
            Change vs the close of {formatDay(moves.data.baseDate)} · {unit}
          </Text>
        )}
      </Group>
      <BondFilters filters={filters} onChange={(f) => setAll({ filters: f })} />
    </>
  );
}
