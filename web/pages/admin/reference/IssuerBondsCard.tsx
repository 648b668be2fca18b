/** The issuer's bonds, matured ones too; a row opens the bond's admin page. */
import { Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { AdminIssuerDetail } from '@common/api/adminIssuers';
import { formatDay, formatNumber, formatSize } from '@common/format';
import { subsidiariesText } from './issuerText';

export function IssuerBondsCard({ issuer }: { issuer: AdminIssuerDetail }) {
  const navigate = useNavigate();
  return (
    <Card withBorder padding="sm" mt="sm">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h4">
          Bonds ({issuer.bonds.length})
        </Title>
        <Text size="xs" c="dimmed">
          {issuer.dealCount} deal(s)
          {subsidiariesText(issuer)}
        </Text>
      </Group>
      <Table fz="xs" striped data-testid="issuer-bonds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>CUSIP</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Maturity</Table.Th>
            <Table.Th ta="right">Outstanding</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issuer.bonds.map((b) => (
            <Table.Tr key={b.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(`/bw/admin/bond/${b.id}`)}>
              <Table.Td ff="monospace">{b.cusip}</Table.Td>
              <Table.Td>{b.description}</Table.Td>
              <Table.Td>
                {formatDay(b.maturityDate)}{' '}
                {b.matured && (
                  <Badge size="xs" variant="light">
                    matured
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatSize(b.amountOutstanding)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {issuer.bonds.length === 0 && (
        <Text size="xs" c="dimmed">
          No bonds.
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {formatNumber(issuer.bondCount, 0)} bond(s) in all.
      </Text>
    </Card>
  );
}
