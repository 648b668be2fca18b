/**
 * /bw/admin/recent: bonds, issuers and deals recently created or changed, newest first, with who
 * (the latest audit entry's actor) and how (its action, and the row's own source), filtered and
 * paged on the server (docs/admin.md).
 */
import { Alert, Anchor, Button, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_RECENT_PATH, type RecentItem, type RecentResponse } from '@common/api/adminRecent';
import { formatNumber } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';

const PAGE = 50;

/** Where an admin goes to see or fix the thing. */
function linkOf(item: RecentItem): string | null {
  if (item.kind === 'bond') return `/bw/admin/bond/${item.id}`;
  if (item.kind === 'deal') return `/bw/admin/deal/${item.id}`;
  return `/bw/admin/issuer/${item.id}`;
}

function WhatCell({ row: item }: CellProps<RecentItem>) {
  const to = linkOf(item);
  return to ? (
    <Anchor component={Link} to={to} size="sm">
      {item.label}
    </Anchor>
  ) : (
    item.label
  );
}

const COLUMNS: Column<RecentItem>[] = [
  { header: 'When', field: 'changedAt', kind: 'date' },
  { header: 'What', field: 'label', cell: WhatCell },
  { header: 'Kind', field: 'kind' },
  { header: 'Change', field: 'change' },
  { header: 'Who', id: 'who', value: (i) => (i.lastAction ? (i.lastAction.actorEmail ?? i.lastAction.actor ?? 'system') : '—') },
  {
    header: 'How',
    id: 'how',
    value: (i) => [i.lastAction?.action, i.source ? `source ${i.source}` : null].filter(Boolean).join(' · ') || '—',
  },
];

export default function AdminRecentPage() {
  const [kind, setKind] = useState('all');
  const [change, setChange] = useState('all');
  const [byPerson, setByPerson] = useState(false);
  const [offset, setOffset] = useState(0);
  const recent = useApiQuery<RecentResponse>(ADMIN_RECENT_PATH, {
    query: {
      kind: kind === 'all' ? undefined : kind,
      change: change === 'all' ? undefined : change,
      byPerson: byPerson ? 'true' : undefined,
      offset,
      limit: PAGE,
    },
    placeholderData: (prev) => prev,
  });
  const page = recent.data;
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setOffset(0);
    };
  return (
    <Stack gap="sm" data-testid="admin-recent-page">
      <PageTitle />
      <Group>
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={reset(setKind)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'bond', label: 'Bonds' },
            { value: 'issuer', label: 'Issuers' },
            { value: 'deal', label: 'Deals' },
          ]}
        />
        <SegmentedControl
          size="xs"
          value={change}
          onChange={reset(setChange)}
          data={[
            { value: 'all', label: 'Created or changed' },
            { value: 'created', label: 'Created' },
            { value: 'updated', label: 'Changed' },
          ]}
        />
        <Checkbox size="xs" label="Changed by a person" checked={byPerson} onChange={(e) => reset(setByPerson)(e.currentTarget.checked)} />
        {page && (
          <Text size="sm" data-testid="recent-total">
            {formatNumber(page.total, 0)} in all
          </Text>
        )}
      </Group>
      {recent.isError && <Alert color="red">{apiErrorText(recent.error)}</Alert>}
      <SimpleTable
        rows={page?.items ?? []}
        columns={COLUMNS}
        rowKey={(item) => `${item.kind}-${item.id}`}
        rowTestId="recent-row"
        fz="sm"
        striped
        testId="recent-table"
      />
      {page && page.total > PAGE && (
        <Group justify="flex-end">
          <Button size="compact-xs" variant="default" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            Newer
          </Button>
          <Text size="xs">
            {offset + 1}–{Math.min(offset + PAGE, page.total)} of {formatNumber(page.total, 0)}
          </Text>
          <Button size="compact-xs" variant="default" disabled={offset + PAGE >= page.total} onClick={() => setOffset(offset + PAGE)}>
            Older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
