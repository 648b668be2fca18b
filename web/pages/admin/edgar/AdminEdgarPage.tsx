/**
 * /bw/admin/edgar: the FWP pricing term sheets uploaded (here or by `npm run import -- fwp`), by
 * status — parsed, needs review, rejected with the reason, imported with its deal — and an upload.
 */
import { Alert, Anchor, Badge, Button, FileButton, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EDGAR_PATHS, type EdgarUploadResponse, FILING_STATUSES, type FilingStatus } from '@common/api/edgar';
import { formatDate } from '@common/format';
import { apiErrorText } from '../../../api/errorText';
import { apiKey } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { edgarApi, filingsKey, STATUS_COLORS } from './edgarApi';

export default function AdminEdgarPage() {
  const client = useQueryClient();
  const [status, setStatus] = useState<FilingStatus | 'all'>('all');
  const filter = status === 'all' ? undefined : status;
  const filings = useQuery({ queryKey: filingsKey(filter), queryFn: () => edgarApi.list(filter) });
  const [uploaded, setUploaded] = useState<(EdgarUploadResponse & { fileName: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const result = await edgarApi.upload({ fileName: file.name, content: await file.text() });
      setUploaded({ ...result, fileName: file.name });
      await client.invalidateQueries({ queryKey: apiKey(EDGAR_PATHS.filings) });
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="admin-edgar-page">
      <PageTitle />
      <Group>
        <FileButton onChange={(f) => void upload(f)} accept=".htm,.html,.txt,text/html,text/plain">
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
        <Table striped highlightOnHover data-testid="edgar-filings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Filing</Table.Th>
              <Table.Th>File</Table.Th>
              <Table.Th>Issuer</Table.Th>
              <Table.Th ta="right">Tranches</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>First problem</Table.Th>
              <Table.Th>Deal</Table.Th>
              <Table.Th>Uploaded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {filings.data.filings.map((f) => (
              <Table.Tr key={f.id} data-testid={`edgar-filing-${f.id}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/bw/admin/edgar/${f.id}`} size="sm">
                    #{f.id}
                  </Anchor>
                </Table.Td>
                <Table.Td>{f.fileName}</Table.Td>
                <Table.Td>{f.issuer ?? '—'}</Table.Td>
                <Table.Td ta="right">{f.tranches}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={STATUS_COLORS[f.status]}>
                    {f.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{f.firstProblem ? `${f.firstProblem.field}: ${f.firstProblem.message}` : '—'}</Text>
                </Table.Td>
                <Table.Td>
                  {f.dealId === null ? (
                    '—'
                  ) : (
                    <Anchor component={Link} to={`/bw/admin/deal/${f.dealId}`} size="sm">
                      #{f.dealId}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(f.uploadedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
