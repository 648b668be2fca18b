/**
 * Invite colleagues (POST /v2/user/{id}/invites): they get a link to /bw/invite/{code}. The address
 * is a form on the invite's contract: one it refuses says so under the field before anything is
 * sent, as does a 400 naming it; any other refusal (already a user: 409) is the form's error line.
 */
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { USER_PATHS, inviteCreateBodySchema, inviteListSchema, type Invite } from '@common/api/user';
import { FormError, FormNotice } from '../../components/AuthPanel';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { apiErrorText } from '../../api/errorText';
import { useApiMutation, useApiQuery, useApiSend } from '../../api/queries';
import { useContractForm } from '../../components/forms/useContractForm';
import { profileApi } from './profileApi';
import { Section } from './Section';

const STATUS_COLOR: Record<Invite['status'], string> = { pending: 'blue', accepted: 'teal', expired: 'gray', revoked: 'gray' };

/** An invite as its row shows it, with what its Revoke button does. */
interface InviteRow {
  invite: Invite;
  revoking: boolean;
  revoke: () => void;
}

function EmailCell({ row }: CellProps<InviteRow>) {
  return <Text size="sm">{row.invite.email}</Text>;
}

function StatusCell({ row }: CellProps<InviteRow>) {
  return (
    <Badge size="xs" color={STATUS_COLOR[row.invite.status]}>
      {row.invite.status}
    </Badge>
  );
}

function SentCell({ text }: CellProps<InviteRow>) {
  return (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  );
}

function RevokeCell({ row }: CellProps<InviteRow>) {
  if (row.invite.status !== 'pending') return null;
  return (
    <Button variant="subtle" color="red" size="compact-xs" loading={row.revoking} onClick={row.revoke} data-testid="invite-revoke">
      Revoke
    </Button>
  );
}

const COLUMNS: Column<InviteRow>[] = [
  { header: 'E-mail', id: 'email', cell: EmailCell },
  { header: 'Status', id: 'status', cell: StatusCell },
  { header: 'Sent', id: 'sent', value: (r) => r.invite.createdAt, kind: 'day', cell: SentCell },
  { header: 'Revoke', id: 'revoke', align: 'right', cell: RevokeCell, control: true },
];

export function InvitesSection({ userId }: { userId: string }) {
  const invitesPath = USER_PATHS.invites({ id: userId });
  // Checked against the contract like every profile call: a drifted answer shows as an error.
  const invites = useApiQuery(invitesPath, { schema: inviteListSchema });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useApiSend((address: string) => profileApi.sendInvite(userId, address), { invalidates: [invitesPath] });
  const { form, formError, onSubmit } = useContractForm({
    schema: inviteCreateBodySchema,
    initialValues: { email: '' },
    failure: 'Could not send the invitation',
  });
  const revoke = useApiMutation((inviteId: string) => profileApi.revokeInvite(userId, inviteId), { invalidates: [invitesPath] });
  // Sent as the contract reads it (trimmed, lower-cased); the field empties once the server took it.
  const submit = onSubmit(async ({ email }) => {
    setSentTo(null);
    const invite = await send(email);
    form.reset();
    setSentTo(invite.email);
  });
  return (
    <Section title="Invite colleagues" description="They receive a link to create their own account." testId="profile-invites">
      <form onSubmit={submit} noValidate>
        <Group gap="xs" align="flex-start">
          <TextInput
            size="xs"
            type="email"
            placeholder="colleague@company.com"
            autoComplete="off"
            {...form.getInputProps('email')}
            style={{ flex: 1 }}
            aria-label="Colleague's e-mail"
            data-testid="invite-email"
          />
          <Button type="submit" size="xs" loading={form.submitting} data-testid="invite-send">
            Send invite
          </Button>
        </Group>
      </form>
      {sentTo !== null && <FormNotice testId="invite-sent">Invitation sent to {sentTo}.</FormNotice>}
      <FormError testId="invite-send-error" error={formError} />
      {invites.data && invites.data.invites.length > 0 && (
        <SimpleTable
          rows={invites.data.invites.map((invite) => ({
            invite,
            revoking: revoke.busy && revoke.variables === invite.id,
            revoke: () => void revoke.run(invite.id),
          }))}
          columns={COLUMNS}
          rowKey={(r) => r.invite.id}
          rowTestId="invite-row"
          headless
          verticalSpacing={2}
          fz="sm"
          testId="invite-list"
        />
      )}
      {invites.isError && (
        <Stack>
          <Text size="xs" c="red">
            {apiErrorText(invites.error)}
          </Text>
        </Stack>
      )}
    </Section>
  );
}
