/**
 * /bw/admin/upload: a data file into the market — pick the kind, choose whether bad rows are
 * skipped or stop the import, upload with a progress bar, and read the report: rows read,
 * imported and rejected (by line, with the reason, downloadable as CSV). Past imports — who,
 * when, what — come from the audit log (`market.import.*`). EDGAR term sheets have their own page.
 */
import { Alert, Anchor, Button, Card, Checkbox, FileButton, Group, Progress, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_LOG_PATHS, type AuditLogPage } from '@common/api/auditLog';
import { type ImportReportBody, UPLOAD_MAX_BYTES, UPLOAD_PATH, type UploadKind, type UploadRefusal } from '@common/api/upload';
import { csvDocument } from '@common/csv';
import { formatDate, formatNumber } from '@common/format';
import { ApiError, api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { apiKey } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { saveText } from '../../components/download';

const KINDS: Array<{ value: UploadKind; label: string; accept: string; help: string }> = [
  {
    value: 'treasury',
    label: 'Treasury curve',
    accept: '.csv,text/csv',
    help: 'US Treasury daily par yield curve CSV (Date, "1 Mo" … "30 Yr")',
  },
  {
    value: 'trace',
    label: 'TRACE Enhanced',
    accept: '.txt,.csv,.psv,text/plain',
    help: 'FINRA TRACE Enhanced historical file, pipe-delimited',
  },
  {
    value: 'bonds',
    label: 'Bond reference',
    accept: '.csv,text/csv',
    help: 'The bond reference CSV template (samples/bonds-template.csv)',
  },
];

function Report({ report, refusal }: { report: ImportReportBody; refusal: string | null }) {
  const rejectedCsv = () =>
    saveText(
      csvDocument(
        ['line', 'reason'],
        report.rejected.map((r) => [r.line, r.reason]),
      ),
      `rejected-rows-${report.kind}.csv`,
      'text/csv',
    );
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
            <Button size="compact-xs" variant="default" onClick={rejectedCsv}>
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

export default function AdminUploadPage() {
  const [kind, setKind] = useState<UploadKind>('treasury');
  const [skipBadRows, setSkipBadRows] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ report: ImportReportBody | null; refusal: string | null } | null>(null);
  const past = useQuery({
    queryKey: apiKey(AUDIT_LOG_PATHS.entries, { action: 'market.import.' }),
    queryFn: () => api.get<AuditLogPage>(AUDIT_LOG_PATHS.entries, { query: { action: 'market.import.', limit: 20 } }),
  });
  const spec = KINDS.find((k) => k.value === kind)!;

  const upload = async (file: File | null) => {
    if (!file) return;
    setResult(null);
    if (file.size > UPLOAD_MAX_BYTES) {
      setResult({ report: null, refusal: `${file.name} is larger than the ${UPLOAD_MAX_BYTES / 1048576} MB upload limit` });
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    setProgress(0);
    try {
      const report = await api.post<ImportReportBody>(UPLOAD_PATH({ kind }), undefined, {
        body: form,
        query: { skipBadRows: skipBadRows ? 'true' : 'false' },
        onUploadProgress: setProgress,
      });
      setResult({ report, refusal: null });
      void past.refetch();
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as UploadRefusal | undefined) : undefined;
      setResult({ report: body?.report ?? null, refusal: apiErrorText(err) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="sm" maw={1100} data-testid="admin-upload-page">
      <PageTitle />
      <SegmentedControl
        value={kind}
        onChange={(v) => setKind(v as UploadKind)}
        data={KINDS.map((k) => ({ value: k.value, label: k.label }))}
        w="fit-content"
      />
      <Text size="sm" c="dimmed">
        {spec.help}. EDGAR term sheets are uploaded on{' '}
        <Anchor component={Link} to="/bw/admin/edgar" size="sm">
          their own page
        </Anchor>
        .
      </Text>
      <Group>
        <Checkbox
          label="Skip bad rows (import the good ones; otherwise a file with a bad row changes nothing)"
          checked={skipBadRows}
          onChange={(e) => setSkipBadRows(e.currentTarget.checked)}
        />
      </Group>
      <Group>
        <FileButton onChange={(f) => void upload(f)} accept={spec.accept}>
          {(props) => (
            <Button {...props} loading={progress !== null} data-testid="upload-file">
              Choose a file and import
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && <Progress value={progress * 100} animated={progress >= 1} data-testid="upload-progress" />}
      {result && !result.report && result.refusal && <Alert color="red">{result.refusal}</Alert>}
      {result?.report && <Report report={result.report} refusal={result.refusal} />}
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
    </Stack>
  );
}
