import { Box, Button, Card, Group, Text } from '@mantine/core';
import type { ImportReportBody } from '@common/api/upload';
import { formatNumber } from '@common/format';
import { saveText } from '../../components/download';
import { SimpleTable, type Column } from '../../components/SimpleTable';
import { rejectedRowsCsv } from './uploadKinds';

type RejectedRow = ImportReportBody['rejected'][number];

const REJECTED_COLUMNS: Column<RejectedRow>[] = [
  { header: 'Line', id: 'line', value: (r) => `line ${r.line}`, width: 80 },
  { header: 'Reason', field: 'reason' },
];

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
          <Box mt="xs">
            <SimpleTable
              rows={report.rejected.slice(0, 50)}
              columns={REJECTED_COLUMNS}
              rowKey={(r) => String(r.line)}
              headless
              testId="upload-rejected"
            />
          </Box>
        </>
      )}
    </Card>
  );
}
