import { Button, Card, Group, Table, Text } from '@mantine/core';
import type { ImportReportBody } from '@common/api/upload';
import { formatNumber } from '@common/format';
import { saveText } from '../../components/download';
import { rejectedRowsCsv } from './uploadKinds';

/** An import's report: imported or not (and why), the counts, and the first rejected rows by line. */
export function UploadReport({ report, refusal }: { report: ImportReportBody; refusal: string | null }) {
  const saveRejected = () => {
    const { text, fileName } = rejectedRowsCsv(report);
    saveText(text, fileName, 'text/csv');
  };
  return (
    <Card withBorder padding="sm" data-testid="upload-report">
      <Text fw={700} size="sm" c={report.committed ? 'teal' : 'red'}>
        {report.committed ? 'Imported' : 'Nothing was imported'}
        {refusal ? `: ${refusal}` : ''}
      </Text>
      <Text size="sm">
        {formatNumber(report.rowsRead, 0)} rows read, {formatNumber(report.rowsImported, 0)} imported,{' '}
        {formatNumber(report.rowsRejected, 0)} rejected
        {report.unknownIdentifiers ? `, ${formatNumber(report.unknownIdentifiers, 0)} with unknown identifiers` : ''} ·{' '}
        {(report.durationMs / 1000).toFixed(1)} s
      </Text>
      {report.rejected.length > 0 && (
        <>
          <Group mt="xs">
            <Button size="compact-xs" variant="default" onClick={saveRejected}>
              Download the rejected rows
            </Button>
          </Group>
          <Table mt="xs" data-testid="upload-rejected">
            <Table.Tbody>
              {report.rejected.slice(0, 50).map((r) => (
                <Table.Tr key={r.line}>
                  <Table.Td w={80}>line {r.line}</Table.Td>
                  <Table.Td>{r.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Card>
  );
}
