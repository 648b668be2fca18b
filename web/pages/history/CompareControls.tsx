/** Metric, range and absolute/normalised choice when comparing several bonds. */
import { Group, SegmentedControl } from '@mantine/core';
import { RANGE_OPTIONS, type RangeId } from '../../components/market/seriesStats';
import { HISTORY_METRICS, type HistoryMetric } from './historyView';
import type { HistoryPageState } from './useHistoryPage';

export function CompareControls({ state: { metric, range, mode, setMetric, setRange, setMode } }: { state: HistoryPageState }) {
  return (
    <Group gap="xs">
      <SegmentedControl
        size="xs"
        value={metric}
        onChange={(v) => setMetric(v as HistoryMetric)}
        data={HISTORY_METRICS.map(({ value, label }) => ({ value, label }))}
        data-testid="history-metric"
      />
      <SegmentedControl
        size="xs"
        value={range}
        onChange={(v) => setRange(v as RangeId)}
        data={RANGE_OPTIONS.map(({ value, label }) => ({ value, label }))}
      />
      <SegmentedControl
        size="xs"
        value={mode}
        data-testid="compare-mode"
        onChange={setMode}
        data={[
          { value: 'absolute', label: 'Absolute' },
          { value: 'normalised', label: 'Normalised' },
        ]}
      />
    </Group>
  );
}
