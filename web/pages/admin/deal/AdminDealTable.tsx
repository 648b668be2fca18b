import { Anchor, Badge, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminDealList } from '@common/api/adminDeals';
import { formatDate, formatSize } from '@common/format';
import { STATUS_LABELS } from '../../../components/dealStatus';

/** The deals found, each opening its admin page. */
export function AdminDealTable({ deals }: { deals: AdminDealList['deals'] }) {
  return (
    <Table striped highlightOnHover data-testid="admin-deal-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Deal</Table.Th>
          <Table.Th>Issuer</Table.Th>
          <Table.Th>Stage</Table.Th>
          <Table.Th>Announced</Table.Th>
          <Table.Th>Priced</Table.Th>
          <Table.Th ta="right">Tranches</Table.Th>
          <Table.Th ta="right">Size</Table.Th>
          <Table.Th>Source</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deals.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>
              <Anchor component={Link} to={`/bw/admin/deal/${d.id}`} size="sm">
                #{d.id}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {d.issuer.ticker} — {d.issuer.name}
            </Table.Td>
            <Table.Td>
              <Badge size="sm" variant="light">
                {STATUS_LABELS[d.status]}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDate(d.announcedAt)}</Table.Td>
            <Table.Td>{d.pricedAt ? formatDate(d.pricedAt) : '—'}</Table.Td>
            <Table.Td ta="right">{d.tranches}</Table.Td>
            <Table.Td ta="right">{formatSize(d.sizeMm * 1e6)}</Table.Td>
            <Table.Td>{d.source}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
