import { Card, Text } from '@mantine/core';
import type { AdminDeal } from '@common/api/adminDeals';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';

type AuditEntry = AdminDeal['audit'][number];

function DetailsCell({ text }: CellProps<AuditEntry>) {
  return (
    <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
      {text}
    </Text>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', field: 'at', kind: 'date' },
  { header: 'Who', id: 'who', value: (a) => a.actor ?? 'system' },
  { header: 'Action', field: 'action' },
  { header: 'Details', id: 'details', value: (a) => JSON.stringify(a.details), cell: DetailsCell },
];

/** Every change to the deal: when, by whom (or the system), what, and its details as sent. */
export function DealAuditTrail({ audit }: { audit: AdminDeal['audit'] }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={700} mb="xs">
        Audit trail
      </Text>
      {/* An entry has no id here: its place in the trail is its key. */}
      <SimpleTable rows={audit} columns={COLUMNS} rowKey={(_, k) => String(k)} headless testId="admin-deal-audit" />
    </Card>
  );
}
