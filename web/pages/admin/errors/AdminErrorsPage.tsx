/**
 * /bw/admin/errors: errors from browsers and from the server (when no Sentry DSN is configured)
 * grouped by fingerprint — how often, since when, how many people, which release — and a group's
 * latest occurrences with their stacks and the request id that finds the server's log line.
 */
import { Alert, Badge, Card, Code, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_ERROR_PATHS, type ErrorGroup, type ErrorGroupDetail, type ErrorListResponse } from '@common/api/adminErrors';
import { formatDate } from '@common/format';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';

const COLUMNS: Column<ErrorGroup>[] = [
  { header: 'Where', field: 'source', width: 90 },
  { header: 'Error', field: 'message', flex: 1, tooltip: true },
  { header: 'Times', field: 'occurrences', kind: 'count', width: 90 },
  { header: 'People', field: 'affectedUsers', kind: 'count', width: 90 },
  { header: 'First seen', field: 'firstSeen', kind: 'date', missing: '', width: 170 },
  { header: 'Last seen', field: 'lastSeen', kind: 'date', missing: '', width: 170 },
  { header: 'Release', field: 'release', width: 100 },
];

function Occurrences({ fingerprint }: { fingerprint: string }) {
  const detail = useApiQuery<ErrorGroupDetail>(ADMIN_ERROR_PATHS.errorGroup({ fingerprint }));
  if (detail.isError) return <Alert color="red">{apiErrorText(detail.error)}</Alert>;
  return (
    <Stack gap="xs" data-testid="error-occurrences">
      {detail.data?.occurrences.map((o) => (
        <Card key={o.id} withBorder padding="xs">
          <Group gap="xs" mb={4}>
            <Badge variant="light">{o.source}</Badge>
            <Text size="xs">{formatDate(o.at)}</Text>
            <Text size="xs" c="dimmed">
              request {o.requestId}
              {o.userId ? ` · user ${o.userId}` : ''}
              {o.url ? ` · ${o.url}` : ''}
            </Text>
          </Group>
          <Text size="sm" fw={600}>
            {o.message}
          </Text>
          {o.stack && (
            <Code block fz="xs" mt={4} style={{ maxHeight: 220, overflow: 'auto' }}>
              {o.stack}
            </Code>
          )}
        </Card>
      ))}
    </Stack>
  );
}

export default function AdminErrorsPage() {
  const [source, setSource] = useState<'all' | 'browser' | 'server'>('all');
  const [chosen, setChosen] = useState<string | null>(null);
  const query = source === 'all' ? {} : { source };
  const list = useApiQuery<ErrorListResponse>(ADMIN_ERROR_PATHS.errors, { query });
  return (
    <Stack gap="sm" data-testid="admin-errors-page">
      <PageTitle />
      <Group>
        <SegmentedControl
          size="xs"
          value={source}
          onChange={(v) => setSource(v as typeof source)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'browser', label: 'Browser' },
            { value: 'server', label: 'Server' },
          ]}
        />
        <Text size="xs" c="dimmed">
          Since {list.data?.since ?? '…'}; with a Sentry DSN configured, errors go to Sentry instead. Click a row for its occurrences.
        </Text>
      </Group>
      {list.isError && <Alert color="red">{apiErrorText(list.error)}</Alert>}
      <DataTable
        rows={list.data?.groups}
        columns={COLUMNS}
        rowId={(g) => g.fingerprint}
        height={360}
        onRowClick={(g) => setChosen(g.fingerprint)}
        testId="error-groups"
      />
      {chosen && <Occurrences fingerprint={chosen} />}
    </Stack>
  );
}
