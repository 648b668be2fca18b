import { Button, Group, SegmentedControl, Select } from '@mantine/core';
import { VOLUME_SPLITS } from '@common/api/primary';
import type { NewIssueVolumeState } from './useNewIssueVolume';
import { SPANS, SPLIT_LABELS } from './volumeView';

/** Period (weekly or monthly), split, span and the CSV download of the table. */
export function VolumeControls({ state }: { state: NewIssueVolumeState }) {
  const { period, by, periods, set, data, downloadCsv } = state;
  return (
    <Group gap="sm" align="flex-end">
      <SegmentedControl
        data={[
          { value: 'week', label: 'Weekly' },
          { value: 'month', label: 'Monthly' },
        ]}
        value={period}
        onChange={(v) => set('period', v)}
        data-testid="volume-period"
      />
      <SegmentedControl
        data={VOLUME_SPLITS.map((s) => ({ value: s, label: SPLIT_LABELS[s] }))}
        value={by}
        onChange={(v) => set('by', v)}
        data-testid="volume-split"
      />
      <Select label="Periods" w={110} data={SPANS} value={periods} onChange={(v) => v && set('periods', v)} allowDeselect={false} />
      <Button variant="default" disabled={!data} onClick={downloadCsv} data-testid="volume-csv">
        CSV
      </Button>
    </Group>
  );
}
