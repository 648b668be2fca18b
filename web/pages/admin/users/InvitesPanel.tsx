/**
 * Invites on the users admin page: people invited who have no account yet; a pending or expired
 * invite can be sent again (a new link, the old one stops working — audited).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { ADMIN_PATHS } from '@common/api/admin';
import { ADMIN_USER_PATHS } from '@common/api/adminUsers';
import type { Invite, InviteList } from '@common/api/user';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiMutation, useApiQuery } from '../../../api/queries';
import { DataTable, type Column } from '../../../components/DataTable';

export function InvitesPanel() {
  const invites = useApiQuery<InviteList>(ADMIN_PATHS.adminInvites);
  const resend = useApiMutation((invite: Invite) => api.post(ADMIN_USER_PATHS.resendInvite({ inviteId: invite.id })), {
    invalidates: [ADMIN_PATHS.adminInvites],
  });
  // The last resend's outcome; nothing while one is on its way.
  const message = resend.error
    ? { ok: false, text: resend.error }
    : !resend.busy && resend.variables
      ? { ok: true, text: `Invite sent again to ${resend.variables.email}` }
      : null;
  const columns: Column<Invite>[] = [
    { field: 'email', header: 'E-mail', flex: 2 },
    { field: 'status', header: 'Status', width: 110 },
    { header: 'Sent', field: 'createdAt', kind: 'date', flex: 1 },
    { header: 'Expires', field: 'expiresAt', kind: 'date', flex: 1 },
    {
      header: '',
      width: 110,
      sortable: false,
      cell: ({ row }) =>
        row.status === 'pending' || row.status === 'expired' ? (
          <Button size="compact-xs" variant="subtle" onClick={() => void resend.run(row)}>
            Resend
          </Button>
        ) : null,
    },
  ];
  const rows = invites.data?.invites.filter((i) => i.status !== 'accepted');
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Invites without an account yet
      </Text>
      {message && <Alert color={message.ok ? 'green' : 'red'}>{message.text}</Alert>}
      {invites.isError && <Alert color="red">{apiErrorText(invites.error)}</Alert>}
      <DataTable<Invite> rows={rows} columns={columns} rowId={(i) => i.id} height={200} testId="invites-table" />
    </Stack>
  );
}
