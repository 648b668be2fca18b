/** The issuer's bonds, matured ones too; a row opens the bond's admin page. */
import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { AdminIssuerDetail } from '@common/api/adminIssuers';
import { formatNumber } from '@common/format';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { subsidiariesText } from './issuerText';

type IssuerBond = AdminIssuerDetail['bonds'][number];

function CusipCell({ text }: CellProps<IssuerBond>) {
  return (
    <Text span inherit ff="monospace">
      {text}
    </Text>
  );
}

function MaturityCell({ row, text }: CellProps<IssuerBond>) {
  return (
    <>
      {text}{' '}
      {row.matured && (
        <Badge size="xs" variant="light">
          matured
        </Badge>
      )}
    </>
  );
}

const COLUMNS: Column<IssuerBond>[] = [
  { header: 'CUSIP', field: 'cusip', cell: CusipCell },
  { header: 'Description', field: 'description' },
  { header: 'Maturity', field: 'maturityDate', kind: 'day', cell: MaturityCell },
  { header: 'Outstanding', field: 'amountOutstanding', kind: 'size' },
];

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
      <SimpleTable
        rows={issuer.bonds}
        columns={COLUMNS}
        rowKey={(b) => String(b.id)}
        onRowClick={(b) => void navigate(`/bw/admin/bond/${b.id}`)}
        fz="xs"
        striped
        testId="issuer-bonds"
      />
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
