/**
 * /bw/admin/users: people found on the server — by e-mail or name, organisation, role, status,
 * trial and last sign-in — sorted and paged there (the page holds one page of rows); a row opens
 * the person's detail with the actions (UserDetailPanel).
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { AdminUserRow } from '@common/api/adminUsers';
import { apiErrorText } from '../../../api/errorText';
import { DataTable } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { COLUMNS } from './adminUsersView';
import { InvitesPanel } from './InvitesPanel';
import { UserDetailPanel } from './UserDetailPanel';
import { UserFilters } from './UserFilters';
import { useAdminUsers } from './useAdminUsers';

export default function AdminUsersPage() {
  const state = useAdminUsers();
  const { users, page, setPage, pages, total, selected, setSelected } = state;
  return (
    <Stack gap="sm" data-testid="admin-users-page">
      <PageTitle />
      <UserFilters state={state} />
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
