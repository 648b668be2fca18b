import { Alert, Card, Table, Text } from '@mantine/core';
import { formatDate, formatNumber } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import type { AdminUploadState } from './useAdminUpload';

/** Past imports from the audit log: when, who (or the command line), what kind, which file, the counts. */
export function PastImports({ past }: { past: AdminUploadState['past'] }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={700} size="sm" mb="xs">
        Past imports
      </Text>
      {past.isError && <Alert color="red">{apiErrorText(past.error)}</Alert>}
      <Table data-testid="upload-history">
        <Table.Tbody>
          {(past.data?.entries ?? []).map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDate(e.at)}</Table.Td>
              <Table.Td>{e.actor ? (e.actor.email ?? e.actor.id) : 'command line'}</Table.Td>
              <Table.Td>{e.action.replace('market.import.', '')}</Table.Td>
              <Table.Td>{e.targetId}</Table.Td>
              <Table.Td>
                {formatNumber(Number(e.details.rowsImported ?? 0), 0)} imported, {formatNumber(Number(e.details.rowsRejected ?? 0), 0)}{' '}
                rejected
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {past.data?.entries.length === 0 && <Text size="sm">No imports yet.</Text>}
    </Card>
  );
}
