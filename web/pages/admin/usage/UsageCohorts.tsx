import { Card, SimpleGrid, Text } from '@mantine/core';
import type { UsageResponse } from '@common/api/usage';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { funnelSteps, percent } from './usageView';

type FunnelStep = [label: string, people: number];
type Cohort = UsageResponse['retention'][number];

function DimmedCell({ text }: CellProps<FunnelStep>) {
  return (
    <Text span inherit c="dimmed">
      {text}
    </Text>
  );
}

function funnelColumns(signedUp: number): Column<FunnelStep>[] {
  return [
    { header: 'Step', id: 'step', value: ([label]) => label },
    { header: 'People', id: 'people', value: ([, people]) => people, kind: 'count' },
    {
      header: 'Share',
      id: 'share',
      value: ([, people]) => (signedUp ? percent(people / signedUp) : '—'),
      align: 'right',
      cell: DimmedCell,
    },
  ];
}

/** The first five weeks after sign-up, W0 the sign-up week itself. */
const RETENTION_COLUMNS: Column<Cohort>[] = [
  { header: 'Cohort', field: 'cohort' },
  { header: 'People', field: 'users', align: 'right' },
  ...[0, 1, 2, 3, 4].map((k): Column<Cohort> => ({
    header: `W${k}`,
    value: (r) => r.active[k],
    format: (v) => (typeof v === 'number' ? percent(v) : ''),
    align: 'right',
  })),
];

/** The sign-up funnel and the weekly retention cohorts, side by side on wide screens. */
export function UsageCohorts({ funnel: f, retention }: Pick<UsageResponse, 'funnel' | 'retention'>) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Card withBorder padding="sm">
        <Text fw={600} size="sm" mb={4}>
          Sign-up funnel (people who signed up in the range)
        </Text>
        <SimpleTable
          rows={funnelSteps(f)}
          columns={funnelColumns(f.signedUp)}
          rowKey={([label]) => label}
          headless
          fz="sm"
          testId="usage-funnel"
        />
      </Card>
      <Card withBorder padding="sm">
        <Text fw={600} size="sm" mb={4}>
          Weekly retention (share of each week's new users active k weeks later)
        </Text>
        <SimpleTable rows={retention} columns={RETENTION_COLUMNS} rowKey={(r) => r.cohort} fz="xs" testId="usage-retention" />
      </Card>
    </SimpleGrid>
  );
}
