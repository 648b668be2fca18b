import { Card, Text } from '@mantine/core';
import { type AdminCurve } from '@common/api/adminCurve';
import { formatYield } from '@common/format';
import { SimpleTable, type Column } from '../../../components/SimpleTable';

type Correction = AdminCurve['corrections'][number];

const COLUMNS: Column<Correction>[] = [
  { header: 'When', field: 'at', kind: 'date' },
  { header: 'Who', id: 'who', value: (x) => x.actorEmail ?? x.actor ?? 'system' },
  { header: 'Tenor', field: 'tenor' },
  { header: 'Correction', id: 'correction', value: (x) => `${formatYield(x.before)} → ${formatYield(x.after)}` },
];

/** The audited corrections of the day shown: when, by whom, which tenor, before → after. */
export function CurveCorrections({ corrections }: { corrections: AdminCurve['corrections'] }) {
  return (
    <Card withBorder padding="xs">
      <Text fw={700} size="sm" mb="xs">
        Corrections of this day
      </Text>
      {/* A correction has no id of its own: its place in the day's list is its key. */}
      <SimpleTable rows={corrections} columns={COLUMNS} rowKey={(_, i) => String(i)} headless fz="sm" testId="curve-corrections" />
    </Card>
  );
}
