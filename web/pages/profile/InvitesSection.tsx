/** Invite colleagues (POST /v2/user/{id}/invites): they get a link to /bw/invite/{code}. */
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Invite } from '@common/api/user';
import { emailSchema } from '@common/validation/account';
import { FormError, FormNotice } from '../../components/AuthPanel';
import { apiErrorText } from '../../api/errorText';
import { invitesKey, profileApi } from './profileApi';
import { Section } from './Section';
import { formatDay } from '@common/format';
import { humaneIssue } from '../../api/humaneError';

const STATUS_COLOR: Record<Invite['status'], string> = { pending: 'blue', accepted: 'teal', expired: 'gray', revoked: 'gray' };

export function InvitesSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const invites = useQuery({ queryKey: invitesKey(userId), queryFn: () => profileApi.invites(userId) });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (address: string) => profileApi.sendInvite(userId, address),
    onSuccess: () => {
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: invitesKey(userId) });
    },
  });
  const revoke = useMutation({
    mutationFn: (inviteId: string) => profileApi.revokeInvite(userId, inviteId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitesKey(userId) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = emailSchema.safeParse(email);
    if (!checked.success) return setFieldError(humaneIssue(checked.error.issues[0]));
    setFieldError(undefined);
    send.mutate(checked.data);
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
          <Button type="submit" size="xs" loading={send.isPending} data-testid="invite-send">
            Send invite
          </Button>
        </Group>
      </form>
      {send.isSuccess && <FormNotice testId="invite-sent">Invitation sent to {send.data.email}.</FormNotice>}
      <FormError testId="invite-send-error" error={send.isError ? apiErrorText(send.error, 'Could not send the invitation') : null} />
      {invites.data && invites.data.length > 0 && (
        <Table verticalSpacing={2} fz="sm" data-testid="invite-list">
          <Table.Tbody>
            {invites.data.map((invite) => (
              <Table.Tr key={invite.id} data-testid="invite-row">
                <Table.Td>
                  <Text size="sm">{invite.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="xs" color={STATUS_COLOR[invite.status]}>
                    {invite.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {formatDay(invite.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {invite.status === 'pending' && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-xs"
                      loading={revoke.isPending && revoke.variables === invite.id}
                      onClick={() => revoke.mutate(invite.id)}
                      data-testid="invite-revoke"
                    >
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
