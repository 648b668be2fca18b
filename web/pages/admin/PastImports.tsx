import { Alert, Card, Text } from '@mantine/core';
import { formatNumber } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import { SimpleTable, type Column } from '../../components/SimpleTable';
import type { AdminUploadState } from './useAdminUpload';

type PastImport = NonNullable<AdminUploadState['past']['data']>['entries'][number];

const COLUMNS: Column<PastImport>[] = [
  { header: 'When', field: 'at', kind: 'date' },
  { header: 'Who', id: 'who', value: (e) => (e.actor ? (e.actor.email ?? e.actor.id) : 'command line') },
  { header: 'Kind', id: 'kind', value: (e) => e.action.replace('market.import.', '') },
  { header: 'File', field: 'targetId' },
  {
    header: 'Rows',
    id: 'rows',
    value: (e) =>
      `${formatNumber(Number(e.details.rowsImported ?? 0), 0)} imported, ${formatNumber(Number(e.details.rowsRejected ?? 0), 0)} rejected`,
  },
];

/** Past imports from the audit log: when, who (or the command line), what kind, which file, the counts. */
export function PastImports({ past }: { past: AdminUploadState['past'] }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={700} size="sm" mb="xs">
        Past imports
      </Text>
      {past.isError && <Alert color="red">{apiErrorText(past.error)}</Alert>}
      <SimpleTable rows={past.data?.entries ?? []} columns={COLUMNS} rowKey={(e) => String(e.id)} headless testId="upload-history" />
      {past.data?.entries.length === 0 && <Text size="sm">No imports yet.</Text>}
    </Card>
  );
}
