/** Passkeys: add (startRegistration), rename, remove (with the password). */
import { ActionIcon, Button, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MfaStatus, Passkey } from '@common/api/user';
import { userInfoKey } from '../../session/userInfo';
import { loginErrorText } from '../../session/loginMachine';
import { FormError } from '../../components/AuthPanel';
import { ConfirmWithPassword } from './ConfirmWithPassword';
import { apiErrorText } from '../../api/errorText';
import { mfaStatusKey, profileApi } from './profileApi';
import { formatDay } from '@common/format';

function PasskeyRow({ userId, passkey, onRemove }: { userId: string; passkey: Passkey; onRemove: () => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const rename = useMutation({
    mutationFn: (next: string) => profileApi.renamePasskey(userId, passkey.id, next),
    onSuccess: (updated) => {
      queryClient.setQueryData<MfaStatus>(
        mfaStatusKey(userId),
        (old) => old && { ...old, passkeys: old.passkeys.map((p) => (p.id === updated.id ? updated : p)) },
      );
      setEditing(false);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) rename.mutate(name.trim());
  };
  return (
    <Table.Tr data-testid="passkey-row" data-passkey-id={passkey.id}>
      <Table.Td>
        {editing ? (
          <form onSubmit={submit}>
            <TextInput
              size="xs"
              value={name}
              maxLength={60}
              autoFocus
              aria-label="Passkey name"
              onChange={(e) => setName(e.currentTarget.value)}
              onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
              error={rename.isError ? apiErrorText(rename.error) : undefined}
              data-testid="passkey-name-input"
            />
          </form>
        ) : (
          <Text size="sm" data-testid="passkey-name">
            {passkey.name}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs">{formatDay(passkey.createdAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{formatDay(passkey.lastUsedAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Rename">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Rename ${passkey.name}`}
              onClick={() => setEditing((e) => !e)}
              data-testid="passkey-rename"
            >
              ✎
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove">
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Remove ${passkey.name}`}
              onClick={onRemove}
              data-testid="passkey-remove"
            >
              ✕
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function PasskeysSection({ userId, status }: { userId: string; status: MfaStatus }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const refreshInfo = () => void queryClient.invalidateQueries({ queryKey: userInfoKey(userId) });
  const add = useMutation({
    mutationFn: async () => {
      const { options } = await profileApi.passkeyOptions(userId);
      const credential = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return profileApi.registerPasskey(userId, credential, name.trim() || undefined);
    },
    onSuccess: (passkey) => {
      queryClient.setQueryData<MfaStatus>(mfaStatusKey(userId), (old) => old && { ...old, passkeys: [...old.passkeys, passkey] });
      setName('');
      refreshInfo();
    },
  });
  const remove = useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) => profileApi.removePasskey(userId, id, password),
    onSuccess: (next) => {
      queryClient.setQueryData(mfaStatusKey(userId), next);
      setRemoving(null);
      refreshInfo();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <Stack gap="xs" data-testid="profile-passkeys" data-count={status.passkeys.length}>
      <Text fw={600} size="sm">
        Passkeys
      </Text>
      {status.passkeys.length > 0 ? (
        <Table withTableBorder={false} verticalSpacing={2} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Added</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status.passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} userId={userId} passkey={passkey} onRemove={() => setRemoving(passkey)} />
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="xs" c="dimmed">
          No passkeys yet. A passkey lets you confirm sign-in with your fingerprint, face or device PIN.
        </Text>
      )}
      <FormError
        testId="passkey-add-error"
        error={
          add.isError ? (add.error instanceof Error && 'status' in add.error ? apiErrorText(add.error) : loginErrorText(add.error)) : null
        }
      />
      <form onSubmit={submit}>
        <Group gap="xs" align="flex-end">
          <TextInput
            size="xs"
            label="New passkey name"
            placeholder="e.g. Work laptop"
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="passkey-add-name"
          />
          <Button type="submit" size="xs" loading={add.isPending} data-testid="passkey-add">
            Add passkey
          </Button>
        </Group>
      </form>
      <ConfirmWithPassword
        opened={removing !== null}
        title="Remove passkey"
        testId="passkey-remove-confirm"
        text={`Remove “${removing?.name ?? ''}”? You can no longer sign in with it.`}
        busy={remove.isPending}
        error={remove.isError ? apiErrorText(remove.error) : null}
        onConfirm={(password) => removing && remove.mutate({ id: removing.id, password })}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
