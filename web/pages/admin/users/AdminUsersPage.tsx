/**
 * /bw/admin/users: people found on the server — by e-mail or name, organisation, role, status,
 * trial and last sign-in — sorted and paged there (the page holds one page of rows); a row opens
 * the person's detail with the actions (UserDetailPanel).
 */
import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import {
  ADMIN_USER_PATHS,
  type AdminUserRow,
  USER_ROLES,
  USER_SORTS,
  USER_STATUSES,
  USER_TRIAL_FILTERS,
  type UserListPage,
  type UserListQuery,
} from '@common/api/adminUsers';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { apiKey } from '../../../api/queries';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { InvitesPanel } from './InvitesPanel';
import { UserDetailPanel } from './UserDetailPanel';
import { USER_STATUS_LABELS } from './userStatus';

const PAGE_SIZE = 50;

const COLUMNS: Column<AdminUserRow>[] = [
  { field: 'email', header: 'E-mail', flex: 2, sortable: false },
  { field: 'name', header: 'Name', flex: 1.5, sortable: false },
  { header: 'Organisation', value: (r) => r.organization?.name ?? '—', flex: 1.5, sortable: false },
  { field: 'role', header: 'Role', width: 80, sortable: false },
  { header: 'Status', value: (r) => USER_STATUS_LABELS[r.status], width: 120, sortable: false },
  { header: 'Trial', value: (r) => r.trial.state ?? '—', width: 120, sortable: false },
  { header: 'Last sign-in', field: 'lastLoginAt', kind: 'date', flex: 1.2, sortable: false },
  { header: 'Created', field: 'created', kind: 'date', flex: 1.2, sortable: false },
];

type Filters = Omit<UserListQuery, 'page' | 'limit'>;
/** A date input's value (yyyy-mm-dd, the browser's day) as the instant it starts, or nothing. */
const dayStart = (day: string | undefined) => (day ? new Date(`${day}T00:00`).toISOString() : undefined);

export default function AdminUsersPage() {
  const [draft, setDraft] = useState<Record<string, string | undefined>>({});
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const query = { ...filters, page, limit: PAGE_SIZE };
  const users = useQuery({
    queryKey: apiKey(ADMIN_USER_PATHS.users, query as Record<string, string | number | boolean | undefined>),
    queryFn: ({ signal }) => api.get<UserListPage>(ADMIN_USER_PATHS.users, { query: query as Record<string, string | number>, signal }),
    placeholderData: keepPreviousData,
  });
  const organizations = useQuery({
    queryKey: apiKey(ADMIN_PATHS.adminOrganizations),
    queryFn: () => api.get<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations),
  });
  const organizationOptions = useMemo(
    () => [
      { value: 'none', label: '(no organisation)' },
      ...(organizations.data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name })),
    ],
    [organizations.data],
  );
  const apply = () => {
    setPage(0);
    setFilters({
      q: draft.q?.trim() || undefined,
      organizationId: draft.organizationId,
      role: draft.role as Filters['role'],
      status: draft.status as Filters['status'],
      trial: draft.trial as Filters['trial'],
      lastLoginFrom: dayStart(draft.lastLoginFrom),
      lastLoginBefore: dayStart(draft.lastLoginBefore),
      sort: (draft.sort as Filters['sort']) ?? 'email',
      descending: draft.descending === 'true' ? 'true' : undefined,
    });
  };
  const pick = (key: string, label: string, data: readonly string[] | { value: string; label: string }[], w = 140) => (
    <Select
      size="xs"
      label={label}
      clearable={key !== 'sort'}
      data={data as string[]}
      value={draft[key] ?? (key === 'sort' ? 'email' : null)}
      onChange={(v) => setDraft({ ...draft, [key]: v ?? undefined })}
      w={w}
      data-testid={`users-filter-${key}`}
    />
  );
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Stack gap="sm" data-testid="admin-users-page">
      <PageTitle />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Group align="end" gap="xs">
          <TextInput
            size="xs"
            label="E-mail or name"
            value={draft.q ?? ''}
            onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
            w={220}
            data-testid="users-search"
          />
          {pick('organizationId', 'Organisation', organizationOptions, 180)}
          {pick('role', 'Role', USER_ROLES, 100)}
          {pick('status', 'Status', USER_STATUSES, 130)}
          {pick('trial', 'Trial', USER_TRIAL_FILTERS, 140)}
          {(['lastLoginFrom', 'lastLoginBefore'] as const).map((key) => (
            <TextInput
              key={key}
              size="xs"
              type="date"
              label={key === 'lastLoginFrom' ? 'Signed in since' : 'Not signed in since'}
              value={draft[key] ?? ''}
              onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value || undefined })}
            />
          ))}
          {pick('sort', 'Sort by', USER_SORTS, 110)}
          <Checkbox
            size="xs"
            label="Descending"
            checked={draft.descending === 'true'}
            onChange={(e) => setDraft({ ...draft, descending: e.currentTarget.checked ? 'true' : undefined })}
          />
          <Button size="xs" type="submit" data-testid="users-apply">
            Find
          </Button>
        </Group>
      </form>
      {users.isError && <Alert color="red">{apiErrorText(users.error)}</Alert>}
      <DataTable<AdminUserRow>
        rows={users.data?.users}
        columns={COLUMNS}
        rowId={(u) => u.id}
        loading={users.isFetching && !users.data}
        height={420}
        onRowClick={(u) => setSelected(u.id)}
        testId="users-table"
      />
      <Group gap="xs">
        <Button size="compact-xs" variant="default" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Text size="xs" data-testid="users-count">
          Page {page + 1} of {pages} · {total.toLocaleString('en-US')} people
        </Text>
        <Button size="compact-xs" variant="default" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </Group>
      {selected && <UserDetailPanel userId={selected} onClose={() => setSelected(null)} />}
      <InvitesPanel />
    </Stack>
  );
}
