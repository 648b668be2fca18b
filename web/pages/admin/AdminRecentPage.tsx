/**
 * /bw/admin/recent: bonds, issuers and deals recently created or changed, newest first, with who
 * (the latest audit entry's actor) and how (its action, and the row's own source), filtered and
 * paged on the server (docs/admin.md).
 */
import { Alert, Anchor, Button, Checkbox, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_RECENT_PATH, type RecentItem, type RecentResponse } from '@common/api/adminRecent';
import { formatDate, formatNumber } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';

const PAGE = 50;

/** Where an admin goes to see or fix the thing. */
function linkOf(item: RecentItem): string | null {
  if (item.kind === 'bond') return `/bw/admin/bond/${item.id}`;
  if (item.kind === 'deal') return `/bw/admin/deal/${item.id}`;
  return `/bw/admin/issuer/${item.id}`;
}

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
      <Table fz="sm" striped data-testid="recent-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>How</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page?.items.map((item) => {
            const to = linkOf(item);
            return (
              <Table.Tr key={`${item.kind}-${item.id}`} data-testid="recent-row">
                <Table.Td>{formatDate(item.changedAt)}</Table.Td>
                <Table.Td>
                  {to ? (
                    <Anchor component={Link} to={to} size="sm">
                      {item.label}
                    </Anchor>
                  ) : (
                    item.label
                  )}
                </Table.Td>
                <Table.Td>{item.kind}</Table.Td>
                <Table.Td>{item.change}</Table.Td>
                <Table.Td>{item.lastAction ? (item.lastAction.actorEmail ?? item.lastAction.actor ?? 'system') : '—'}</Table.Td>
                <Table.Td>
                  {[item.lastAction?.action, item.source ? `source ${item.source}` : null].filter(Boolean).join(' · ') || '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
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
