import { Card, Table, Text } from '@mantine/core';
import type { AdminDeal } from '@common/api/adminDeals';
import { formatDate } from '@common/format';

/** Every change to the deal: when, by whom (or the system), what, and its details as sent. */
export function DealAuditTrail({ audit }: { audit: AdminDeal['audit'] }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={700} mb="xs">
        Audit trail
      </Text>
      <Table data-testid="admin-deal-audit">
        <Table.Tbody>
          {audit.map((a, k) => (
            <Table.Tr key={k}>
              <Table.Td>{formatDate(a.at)}</Table.Td>
              <Table.Td>{a.actor ?? 'system'}</Table.Td>
              <Table.Td>{a.action}</Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {JSON.stringify(a.details)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
