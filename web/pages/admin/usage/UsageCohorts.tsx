import { Card, SimpleGrid, Table, Text } from '@mantine/core';
import type { UsageResponse } from '@common/api/usage';
import { formatNumber } from '@common/format';
import { funnelSteps, percent } from './usageView';

/** The sign-up funnel and the weekly retention cohorts, side by side on wide screens. */
export function UsageCohorts({ funnel: f, retention }: Pick<UsageResponse, 'funnel' | 'retention'>) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Card withBorder padding="sm">
        <Text fw={600} size="sm" mb={4}>
          Sign-up funnel (people who signed up in the range)
        </Text>
        <Table fz="sm" data-testid="usage-funnel">
          <Table.Tbody>
            {funnelSteps(f).map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right">{formatNumber(value, 0)}</Table.Td>
                <Table.Td ta="right" c="dimmed">
                  {f.signedUp ? percent(value / f.signedUp) : '—'}
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
            {retention.map((r) => (
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
  );
}
