/**
 * /bw/admin/edgar: the FWP pricing term sheets uploaded (here or by `npm run import -- fwp`), by
 * status — parsed, needs review, rejected with the reason, imported with its deal — and an upload.
 */
import { Alert, Anchor, Badge, Button, FileButton, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EDGAR_PATHS, type EdgarUploadResponse, FILING_STATUSES, type FilingList, type FilingStatus } from '@common/api/edgar';
import { apiErrorText } from '../../../api/errorText';
import { useApiMutation, useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { edgarApi, STATUS_COLORS } from './edgarApi';

type FilingRow = FilingList['filings'][number];

function FilingCell({ row }: CellProps<FilingRow>) {
  return (
    <Anchor component={Link} to={`/bw/admin/edgar/${row.id}`} size="sm">
      #{row.id}
    </Anchor>
  );
}

function StatusCell({ row }: CellProps<FilingRow>) {
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[row.status]}>
      {row.status}
    </Badge>
  );
}

function ProblemCell({ row: { firstProblem } }: CellProps<FilingRow>) {
  return <Text size="xs">{firstProblem ? `${firstProblem.field}: ${firstProblem.message}` : '—'}</Text>;
}

function DealCell({ row: { dealId } }: CellProps<FilingRow>) {
  if (dealId === null) return '—';
  return (
    <Anchor component={Link} to={`/bw/admin/deal/${dealId}`} size="sm">
      #{dealId}
    </Anchor>
  );
}

const COLUMNS: Column<FilingRow>[] = [
  { header: 'Filing', id: 'filing', cell: FilingCell },
  { header: 'File', field: 'fileName' },
  { header: 'Issuer', field: 'issuer', missing: '—' },
  { header: 'Tranches', field: 'tranches', kind: 'count' },
  { header: 'Status', field: 'status', cell: StatusCell },
  { header: 'First problem', id: 'firstProblem', cell: ProblemCell },
  { header: 'Deal', id: 'deal', cell: DealCell },
  { header: 'Uploaded', field: 'uploadedAt', kind: 'date' },
];

export default function AdminEdgarPage() {
  const [status, setStatus] = useState<FilingStatus | 'all'>('all');
  const filter = status === 'all' ? undefined : status;
  const filings = useApiQuery<FilingList>(EDGAR_PATHS.filings, { query: { status: filter } });
  const [uploaded, setUploaded] = useState<(EdgarUploadResponse & { fileName: string }) | null>(null);
  // An upload through the one mutation idiom: the list is read again, a refusal is the page's error.
  const uploading = useApiMutation(
    async (file: File) => ({ ...(await edgarApi.upload({ fileName: file.name, content: await file.text() })), fileName: file.name }),
    { invalidates: [EDGAR_PATHS.filings], onDone: setUploaded },
  );
  const upload = (file: File | null) => {
    if (file) void uploading.run(file);
  };
  const error = uploading.error;
  const busy = uploading.busy;

  return (
    <Stack gap="sm" data-testid="admin-edgar-page">
      <PageTitle />
      <Group>
        <FileButton onChange={upload} accept=".htm,.html,.txt,text/html,text/plain">
          {(props) => (
            <Button {...props} loading={busy} data-testid="edgar-upload">
              Upload a term sheet
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          FWP pricing term sheets (Rule 433), HTML or text, as filed on EDGAR.
        </Text>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {uploaded && (
        <Alert color={STATUS_COLORS[uploaded.status]} data-testid="edgar-upload-result">
          {uploaded.fileName}: {uploaded.duplicate ? 'uploaded before, ' : ''}
          {uploaded.status}
          {uploaded.dealId !== null ? `, deal ${uploaded.dealId}` : ''}
          {uploaded.problems[0] ? ` — ${uploaded.problems[0].field}: ${uploaded.problems[0].message}` : ''}.{' '}
          <Anchor component={Link} to={`/bw/admin/edgar/${uploaded.id}`} size="sm">
            Open filing {uploaded.id}
          </Anchor>
        </Alert>
      )}
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as FilingStatus | 'all')}
        data={['all', ...FILING_STATUSES].map((s) => ({ value: s, label: s }))}
        w="fit-content"
      />
      {filings.isError && <Alert color="red">{apiErrorText(filings.error)}</Alert>}
      {filings.data && filings.data.filings.length === 0 && <Text size="sm">No filings{filter ? ` ${filter}` : ''}.</Text>}
      {filings.data && filings.data.filings.length > 0 && (
        <SimpleTable
          rows={filings.data.filings}
          columns={COLUMNS}
          rowKey={(f) => String(f.id)}
          rowTestId={(f) => `edgar-filing-${f.id}`}
          striped
          highlightOnHover
          testId="edgar-filings"
        />
      )}
    </Stack>
  );
}
