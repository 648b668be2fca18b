/**
 * /bw/admin/audit-log: every audited change — when, who, what, on which subject, with the values
 * before and after — filtered by actor (id or e-mail), action (a family with a trailing dot:
 * "deal."), subject and time, newest first, paged on the server; the filtered log as CSV.
 */
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_LOG_PATHS, type AuditLogPage, type AuditLogQuery } from '@common/api/auditLog';
import { formatDate } from '@common/format';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { apiKey } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { saveBlob } from '../../components/download';

type Filters = Omit<AuditLogQuery, 'cursor' | 'limit'>;
const FIELDS: Array<[keyof Filters, string, string]> = [
  ['actor', 'Actor', 'user id or e-mail'],
  ['action', 'Action', 'deal.update, or deal.'],
  ['targetType', 'Subject type', 'deal, issuer…'],
  ['targetId', 'Subject id', ''],
];
/** A datetime-local value (the browser's time) as an ISO instant, or nothing. */
const instant = (local: string) => (local ? new Date(local).toISOString() : undefined);

export default function AuditLogPage() {
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [filters, setFilters] = useState<Filters>({});
  const [error, setError] = useState<string | null>(null);
  const log = useInfiniteQuery({
    queryKey: apiKey(AUDIT_LOG_PATHS.entries, filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditLogPage>(AUDIT_LOG_PATHS.entries, {
        query: { ...filters, limit: 100, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const apply = () =>
    setFilters({
      ...Object.fromEntries(FIELDS.map(([key]) => [key, draft[key]?.trim() || undefined])),
      from: instant(draft.from ?? ''),
      to: instant(draft.to ?? ''),
    });
  const exportCsv = async () => {
    setError(null);
    try {
      saveBlob(await api.get<Blob>(AUDIT_LOG_PATHS.csv, { query: filters, responseType: 'blob' }), 'audit-log.csv');
    } catch (err) {
      setError(apiErrorText(err));
    }
  };
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Stack gap="sm" data-testid="audit-log-page">
      <PageTitle />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Group align="end">
          {FIELDS.map(([key, label, placeholder]) => (
            <TextInput
              key={key}
              size="xs"
              label={label}
              placeholder={placeholder}
              value={draft[key] ?? ''}
              onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
            />
          ))}
          {(['from', 'to'] as const).map((key) => (
            <TextInput
              key={key}
              size="xs"
              type="datetime-local"
              label={key === 'from' ? 'From' : 'To'}
              value={draft[key] ?? ''}
              onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
            />
          ))}
          <Button size="xs" type="submit" data-testid="audit-log-apply">
            Filter
          </Button>
          <Button size="xs" variant="default" onClick={() => void exportCsv()}>
            CSV
          </Button>
        </Group>
      </form>
      {(log.isError || error) && <Alert color="red">{error ?? apiErrorText(log.error)}</Alert>}
      <Table striped data-testid="audit-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th>From</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDate(e.at)}</Table.Td>
              <Table.Td>{e.actor ? (e.actor.email ?? e.actor.id) : 'system'}</Table.Td>
              <Table.Td>{e.action}</Table.Td>
              <Table.Td>
                {e.targetType}
                {e.targetId ? ` ${e.targetId}` : ''}
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {JSON.stringify(e.details)}
                </Text>
              </Table.Td>
              <Table.Td ff="monospace">{e.clientAddress ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {log.data && entries.length === 0 && <Text size="sm">No audited change matches.</Text>}
      {log.hasNextPage && (
        <Button size="xs" variant="light" w="fit-content" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          Older
        </Button>
      )}
    </Stack>
  );
}
