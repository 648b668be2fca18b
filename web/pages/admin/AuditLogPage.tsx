/**
 * /bw/admin/audit-log: every audited change — when, who, what, on which subject, with the values
 * before and after — filtered by actor (id or e-mail), action (a family with a trailing dot:
 * "deal."), subject and time, newest first, paged on the server; the filtered log as CSV.
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AUDIT_LOG_PATHS, type AuditLogEntry, type AuditLogPage, type AuditLogQuery } from '@common/api/auditLog';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { useApiInfiniteQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
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

function DetailsCell({ text }: CellProps<AuditLogEntry>) {
  return (
    <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
      {text}
    </Text>
  );
}

function AddressCell({ text }: CellProps<AuditLogEntry>) {
  return <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{text}</span>;
}

const COLUMNS: Column<AuditLogEntry>[] = [
  { header: 'When', field: 'at', kind: 'date' },
  { header: 'Who', id: 'who', value: (e) => (e.actor ? (e.actor.email ?? e.actor.id) : 'system') },
  { header: 'Action', field: 'action' },
  { header: 'Subject', id: 'subject', value: (e) => `${e.targetType}${e.targetId ? ` ${e.targetId}` : ''}` },
  { header: 'Details', id: 'details', value: (e) => JSON.stringify(e.details), cell: DetailsCell },
  { header: 'From', id: 'from', value: (e) => e.clientAddress ?? '—', cell: AddressCell },
];

export default function AuditLogPage() {
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [filters, setFilters] = useState<Filters>({});
  const [error, setError] = useState<string | null>(null);
  // Paged on the server: 100 entries a page, "Older" asks for the next.
  const log = useApiInfiniteQuery<AuditLogPage>(AUDIT_LOG_PATHS.entries, {
    query: { ...filters, limit: 100 },
    nextCursor: (last) => last.nextCursor,
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
      <SimpleTable rows={entries} columns={COLUMNS} rowKey={(e) => String(e.id)} striped testId="audit-log" />
      {log.data && entries.length === 0 && <Text size="sm">No audited change matches.</Text>}
      {log.hasNextPage && (
        <Button size="xs" variant="light" w="fit-content" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          Older
        </Button>
      )}
    </Stack>
  );
}
