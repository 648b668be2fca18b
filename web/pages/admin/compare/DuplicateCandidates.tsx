/** Likely duplicates (one issuer, same coupon and maturity), each a link to its comparison. */
import { Anchor, Card, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_BOND_PATHS, type CandidatesResponse } from '@common/api/adminBonds';
import { formatYield } from '@common/format';
import { useApiQuery } from '../../../api/queries';

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
        <Table fz="sm">
          <Table.Tbody>
            {data.groups.map((g) => (
              <Table.Tr key={g.bonds.map((b) => b.id).join(',')}>
                <Table.Td>
                  {g.issuer.ticker} — {g.issuer.name}
                </Table.Td>
                <Table.Td>
                  {g.couponType === 'fixed' ? formatYield(g.coupon) : g.couponType} {g.maturityDate}
                </Table.Td>
                <Table.Td ff="monospace">{g.bonds.map((b) => b.cusip).join(', ')}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/bw/admin/${g.bonds.map((b) => b.id).join(',')}/compare`} size="sm">
                    Compare
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
