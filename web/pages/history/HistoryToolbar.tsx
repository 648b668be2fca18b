/** Above the bond's chart: metric and range, the overlay switches and the create-alert link. */
import { Group, SegmentedControl, Switch, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { createAlertLink } from '../../components/alertLink';
import { RANGE_OPTIONS, type RangeId } from '../../components/market/seriesStats';
import { HISTORY_METRICS, type HistoryMetric } from './historyView';
import type { BondHistoryState } from './useBondHistory';

export function HistoryToolbar({
  state: { bond, metric, range, indexClass, showIndex, showHawk, showStats, setOverlay },
  onMetric,
  onRange,
}: {
  state: BondHistoryState;
  onMetric: (m: HistoryMetric) => void;
  onRange: (r: RangeId) => void;
}) {
  return (
    <Group justify="space-between" gap="xs" mb={6}>
      <Group gap="xs">
        <SegmentedControl
          size="xs"
          value={metric}
          onChange={(v) => onMetric(v as HistoryMetric)}
          data={HISTORY_METRICS.map(({ value, label }) => ({ value, label }))}
          data-testid="history-metric"
        />
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(v) => onRange(v as RangeId)}
          data={RANGE_OPTIONS.map(({ value, label }) => ({ value, label }))}
          data-testid="history-range"
        />
      </Group>
      <Group gap="md">
        <Tooltip
          label={indexClass ? `The ${indexClass} active-bond index (total return from 100), left axis` : 'Unrated: no default index'}
          withinPortal
        >
          <Switch
            size="xs"
            label={`${indexClass ?? 'Default'} index`}
            checked={showIndex}
            disabled={!indexClass}
            data-testid="toggle-index"
            onChange={(e) => setOverlay('hideDefaultIndex', e.currentTarget.checked)}
          />
        </Tooltip>
        <Link to={createAlertLink({ kind: 'bond', bondId: bond.id, label: bond.description })} data-testid="create-alert">
          <Text size="xs">Create alert</Text>
        </Link>
        <Switch
          size="xs"
          label="Market hawk alerts"
          checked={showHawk}
          data-testid="toggle-hawk"
          onChange={(e) => setOverlay('hideMarketHawk', e.currentTarget.checked)}
        />
        <Switch
          size="xs"
          label="Plot stats"
          checked={showStats}
          data-testid="toggle-stats"
          onChange={(e) => setOverlay('hidePlotStats', e.currentTarget.checked)}
        />
      </Group>
    </Group>
  );
}
