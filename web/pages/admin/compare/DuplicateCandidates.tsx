/** Likely duplicates (one issuer, same coupon and maturity), each a link to its comparison. */
import { Anchor, Card, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_BOND_PATHS, type CandidatesResponse } from '@common/api/adminBonds';
import { formatYield } from '@common/format';
import { useApiQuery } from '../../../api/queries';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';

type Group = CandidatesResponse['groups'][number];

const ids = (g: Group) => g.bonds.map((b) => b.id).join(',');

function CusipsCell({ text }: CellProps<Group>) {
  return <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{text}</span>;
}

function CompareCell({ row }: CellProps<Group>) {
  return (
    <Anchor component={Link} to={`/bw/admin/${ids(row)}/compare`} size="sm">
      Compare
    </Anchor>
  );
}

const COLUMNS: Column<Group>[] = [
  { header: 'Issuer', id: 'issuer', value: (g) => `${g.issuer.ticker} — ${g.issuer.name}` },
  { header: 'Terms', id: 'terms', value: (g) => `${g.couponType === 'fixed' ? formatYield(g.coupon) : g.couponType} ${g.maturityDate}` },
  { header: 'CUSIPs', id: 'cusips', value: (g) => g.bonds.map((b) => b.cusip).join(', '), cell: CusipsCell },
  { header: 'Compare', id: 'compare', cell: CompareCell },
];

export function DuplicateCandidates() {
  const candidates = useApiQuery<CandidatesResponse>(ADMIN_BOND_PATHS.candidates, { query: { limit: 50 } });
  const data = candidates.data;
  if (!data) return null;
  return (
    <Card withBorder padding="xs" data-testid="compare-candidates">
      <Text fw={700} size="sm" mb="xs">
        Likely duplicates ({data.total}): bonds of one issuer with the same coupon and maturity
      </Text>
      {data.total === 0 ? (
        <Text size="sm" c="dimmed">
          None found.
        </Text>
      ) : (
        <SimpleTable rows={data.groups} columns={COLUMNS} rowKey={(g) => ids(g)} headless fz="sm" />
      )}
    </Card>
  );
}
