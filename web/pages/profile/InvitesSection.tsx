/** Invite colleagues (POST /v2/user/{id}/invites): they get a link to /bw/invite/{code}. */
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { USER_PATHS, inviteListSchema, type Invite } from '@common/api/user';
import { emailSchema } from '@common/validation/account';
import { FormError, FormNotice } from '../../components/AuthPanel';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { apiErrorText } from '../../api/errorText';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { profileApi } from './profileApi';
import { Section } from './Section';
import { humaneIssue } from '../../api/humaneError';

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
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useApiMutation((address: string) => profileApi.sendInvite(userId, address), {
    invalidates: [invitesPath],
    onDone: (invite) => {
      setEmail('');
      setSentTo(invite.email);
    },
    fallback: 'Could not send the invitation',
  });
  const revoke = useApiMutation((inviteId: string) => profileApi.revokeInvite(userId, inviteId), { invalidates: [invitesPath] });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = emailSchema.safeParse(email);
    if (!checked.success) return setFieldError(humaneIssue(checked.error.issues[0]));
    setFieldError(undefined);
    setSentTo(null);
    void send.run(checked.data);
  };
  return (
    <Section title="Invite colleagues" description="They receive a link to create their own account." testId="profile-invites">
      <form onSubmit={submit} noValidate>
        <Group gap="xs" align="flex-start">
          <TextInput
            size="xs"
            type="email"
            placeholder="colleague@company.com"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError}
            style={{ flex: 1 }}
            aria-label="Colleague's e-mail"
            data-testid="invite-email"
          />
          <Button type="submit" size="xs" loading={send.busy} data-testid="invite-send">
            Send invite
          </Button>
        </Group>
      </form>
      {sentTo !== null && <FormNotice testId="invite-sent">Invitation sent to {sentTo}.</FormNotice>}
      <FormError testId="invite-send-error" error={send.error} />
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
