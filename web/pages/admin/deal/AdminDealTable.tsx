import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminDealList } from '@common/api/adminDeals';
import { STATUS_LABELS } from '../../../components/dealStatus';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';

type DealRow = AdminDealList['deals'][number];

function DealCell({ row }: CellProps<DealRow>) {
  return (
    <Anchor component={Link} to={`/bw/admin/deal/${row.id}`} size="sm">
      #{row.id}
    </Anchor>
  );
}

function StageCell({ row }: CellProps<DealRow>) {
  return (
    <Badge size="sm" variant="light">
      {STATUS_LABELS[row.status]}
    </Badge>
  );
}

const COLUMNS: Column<DealRow>[] = [
  { header: 'Deal', field: 'id', cell: DealCell },
  { header: 'Issuer', id: 'issuer', value: (d) => `${d.issuer.ticker} — ${d.issuer.name}` },
  { header: 'Stage', field: 'status', cell: StageCell },
  { header: 'Announced', field: 'announcedAt', kind: 'date' },
  { header: 'Priced', field: 'pricedAt', kind: 'date' },
  { header: 'Tranches', field: 'tranches', align: 'right' },
  { header: 'Size', id: 'size', value: (d) => d.sizeMm * 1e6, kind: 'size' },
  { header: 'Source', field: 'source' },
];

/** The deals found, each opening its admin page. */
export function AdminDealTable({ deals }: { deals: AdminDealList['deals'] }) {
  return <SimpleTable rows={deals} columns={COLUMNS} rowKey={(d) => String(d.id)} striped highlightOnHover testId="admin-deal-list" />;
}
