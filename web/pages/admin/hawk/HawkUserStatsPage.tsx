/**
 * /bw/admin/hawk/user-stats: market hawk per user and organisation over the last 30 days — rules
 * by kind, firings (per day), delivery channels' states, most used templates
 * (GET /admin/hawk/user-stats).
 */
import { Alert, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { HAWK_ADMIN_PATHS, type HawkUserStats } from '@common/api/adminHawk';
import { HAWK_RULE_KINDS } from '@common/api/hawk';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { SimpleTable } from '../../../components/SimpleTable';

type UserRow = HawkUserStats['users'][number];

const USER_COLUMNS: Column<UserRow>[] = [
  { field: 'email', header: 'User', width: 240 },
  { field: 'organization', header: 'Organisation', width: 180 },
  { field: 'active', header: 'Active', kind: 'count', width: 90 },
  { field: 'paused', header: 'Paused', kind: 'count', width: 90 },
  ...HAWK_RULE_KINDS.map((k): Column<UserRow> => ({ header: k, kind: 'count', width: 100, value: (r) => r.rulesByKind[k] ?? 0 })),
  { field: 'firings', header: 'Firings', kind: 'count', width: 100, sort: 'desc' },
  { field: 'firingsPerDay', header: 'Per day', kind: 'number', width: 100 },
];

type Cells = readonly (string | number | null)[];

/** One column per header over rows of cells in the headers' order; a missing cell reads '—'. */
function cellColumns(head: readonly string[]): Column<Cells>[] {
  return head.map((header, j) => ({ header, value: (r) => r[j], missing: '—' }));
}

function Small({ title, head, rows, testId }: { title: string; head: string[]; rows: Cells[]; testId: string }) {
  return (
    <Card withBorder data-testid={testId}>
      <Text fw={500} mb="xs">
        {title}
      </Text>
      <SimpleTable
        rows={rows}
        columns={cellColumns(head)}
        rowKey={(_, k) => String(k)}
        empty={
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        }
      />
    </Card>
  );
}

export default function HawkUserStatsPage() {
  const stats = useApiQuery<HawkUserStats>(HAWK_ADMIN_PATHS.userStats);
  if (stats.isPending)
    return (
      <Center p="xl">
        <Loader size="sm" />
      </Center>
    );
  if (stats.isError) return <Alert color="red">{apiErrorText(stats.error)}</Alert>;
  const s = stats.data;
  return (
    <Stack gap="md" p="md" data-testid="hawk-user-stats">
      <PageTitle title="Market hawk user stats" />
      <Title order={4}>
        Market hawk, {s.from} to {s.to}
      </Title>
      <DataTable rows={s.users} columns={USER_COLUMNS} rowId={(r) => r.userId} height={360} testId="hawk-stats-users" />
      <Group align="flex-start" grow>
        <Small
          title="Organisations"
          head={['Organisation', 'Users', 'Rules', 'Firings']}
          rows={s.organizations.map((o) => [o.organization ?? 'none', o.users, o.rules, o.firings])}
          testId="hawk-stats-orgs"
        />
        <Small
          title="Firings per day"
          head={['Day', 'Firings']}
          rows={s.firingsByDay.map((d) => [d.day, d.firings])}
          testId="hawk-stats-days"
        />
        <Small
          title="Delivery channels"
          head={['Channel', 'State', 'Deliveries']}
          rows={s.channels.map((c) => [c.channel, c.state, c.deliveries])}
          testId="hawk-stats-channels"
        />
        <Small
          title="Most used templates"
          head={['Template', 'Subscriptions']}
          rows={s.templates.map((t) => [t.template, t.subscriptions])}
          testId="hawk-stats-templates"
        />
      </Group>
    </Stack>
  );
}
