/**
 * /bw/admin/usage: how the product is used, from the first-party analytics events (GET
 * /admin/usage): active users by day and week (chart), by organisation and role, page and feature
 * use, the sign-up → first login → first alert funnel and weekly retention. The range is in the URL.
 */
import { Alert, Card, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ADMIN_USAGE_PATHS, type UsageResponse } from '@common/api/usage';
import { formatNumber } from '@common/format';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { apiKey } from '../../../api/queries';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { TimeSeriesChart, type ChartSeries } from '../../../components/TimeSeriesChart';
import { useUrlChoices } from '../../../routing/urlChoices';

type Org = UsageResponse['byOrganization'][number];
type Role = UsageResponse['byRole'][number];
type PageRow = UsageResponse['pages'][number];
type Feature = UsageResponse['features'][number];

const ORG_COLUMNS: Column<Org>[] = [
  { header: 'Organisation', value: (r) => r.name ?? '(none)', flex: 1 },
  { header: 'Active users', field: 'activeUsers', kind: 'count', width: 120 },
  { header: 'Events', field: 'events', kind: 'count', width: 110 },
];
const ROLE_COLUMNS: Column<Role>[] = [
  { header: 'Role type', value: (r) => r.roleType ?? '(not given)', flex: 1 },
  { header: 'Role function', value: (r) => r.roleFunction ?? '(not given)', flex: 1 },
  { header: 'Active users', field: 'activeUsers', kind: 'count', width: 120 },
];
const PAGE_COLUMNS: Column<PageRow>[] = [
  { header: 'Page', field: 'route', flex: 1 },
  { header: 'Views', field: 'views', kind: 'count', width: 100 },
  { header: 'People', field: 'users', kind: 'count', width: 100 },
];
const FEATURE_COLUMNS: Column<Feature>[] = [
  { header: 'Event', field: 'name', flex: 1 },
  { header: 'Times', field: 'events', kind: 'count', width: 100 },
  { header: 'People', field: 'users', kind: 'count', width: 100 },
];

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
const percent = (v: number) => `${formatNumber(v * 100, 0)}%`;

export default function AdminUsagePage() {
  const { params, setChoices } = useUrlChoices();
  const from = isDay(params.get('from')) ? params.get('from')! : undefined;
  const to = isDay(params.get('to')) ? params.get('to')! : undefined;
  const query = { from, to };
  const usage = useQuery({
    queryKey: apiKey(ADMIN_USAGE_PATHS.usage, query),
    queryFn: () => api.get<UsageResponse>(ADMIN_USAGE_PATHS.usage, { query }),
  });
  const u = usage.data;
  const series = useMemo<ChartSeries[]>(
    () => (u ? [{ name: 'Active users', points: u.daily.map((d) => ({ time: d.day, value: d.activeUsers })) }] : []),
    [u],
  );
  // Each period an admin picks is a history entry, so the back button returns to the one before.
  const setDay = (key: 'from' | 'to', value: string) => setChoices({ [key]: value || null }, 'push');
  const f = u?.funnel;

  return (
    <Stack gap="sm" data-testid="admin-usage-page">
      <PageTitle />
      <Group align="flex-end">
        <TextInput
          type="date"
          label="From"
          size="xs"
          value={from ?? u?.from ?? ''}
          onChange={(e) => setDay('from', e.currentTarget.value)}
        />
        <TextInput type="date" label="To" size="xs" value={to ?? u?.to ?? ''} onChange={(e) => setDay('to', e.currentTarget.value)} />
        {u && (
          <Text size="sm" c="dimmed" data-testid="usage-summary">
            {formatNumber(u.events, 0)} events from {formatNumber(Math.max(0, ...u.weekly.map((w) => w.activeUsers)), 0)} people in the
            busiest week
          </Text>
        )}
      </Group>
      {usage.isError && <Alert color="red">{apiErrorText(usage.error)}</Alert>}
      {u && (
        <>
          <Card withBorder padding="sm">
            <Text fw={600} size="sm" mb={4}>
              Daily active users
            </Text>
            <TimeSeriesChart series={series} height={220} formatValue={(v) => formatNumber(v, 0)} testId="usage-daily-chart" />
          </Card>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Card withBorder padding="sm">
              <Text fw={600} size="sm" mb={4}>
                Sign-up funnel (people who signed up in the range)
              </Text>
              <Table fz="sm" data-testid="usage-funnel">
                <Table.Tbody>
                  {f &&
                    [
                      ['Signed up', f.signedUp],
                      ['Logged in', f.loggedIn],
                      ['Created an alert', f.createdAlert],
                    ].map(([label, value]) => (
                      <Table.Tr key={label}>
                        <Table.Td>{label}</Table.Td>
                        <Table.Td ta="right">{formatNumber(Number(value), 0)}</Table.Td>
                        <Table.Td ta="right" c="dimmed">
                          {f.signedUp ? percent(Number(value) / f.signedUp) : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder padding="sm">
              <Text fw={600} size="sm" mb={4}>
                Weekly retention (share of each week's new users active k weeks later)
              </Text>
              <Table fz="xs" data-testid="usage-retention">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Cohort</Table.Th>
                    <Table.Th ta="right">People</Table.Th>
                    {[0, 1, 2, 3, 4].map((k) => (
                      <Table.Th key={k} ta="right">
                        W{k}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {u.retention.map((r) => (
                    <Table.Tr key={r.cohort}>
                      <Table.Td>{r.cohort}</Table.Td>
                      <Table.Td ta="right">{r.users}</Table.Td>
                      {r.active.slice(0, 5).map((a, k) => (
                        <Table.Td key={k} ta="right">
                          {percent(a)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <DataTable rows={u.byOrganization} columns={ORG_COLUMNS} height={260} testId="usage-organizations" />
            <DataTable rows={u.byRole} columns={ROLE_COLUMNS} height={260} testId="usage-roles" />
            <DataTable rows={u.pages} columns={PAGE_COLUMNS} height={320} testId="usage-pages" />
            <DataTable rows={u.features} columns={FEATURE_COLUMNS} height={320} testId="usage-features" />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
