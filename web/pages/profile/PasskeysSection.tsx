/** Passkeys: add (startRegistration), rename, remove (with the password). */
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MfaStatus, Passkey } from '@common/api/user';
import { userInfoKey } from '../../session/userInfo';
import { loginErrorText } from '../../session/loginMachine';
import { FormError } from '../../components/AuthPanel';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { ConfirmWithPassword } from './ConfirmWithPassword';
import { apiErrorText } from '../../api/errorText';
import { mfaStatusKey, profileApi } from './profileApi';

/** A passkey as its row shows it: whether its name is being edited, and what the row's buttons do. */
interface PasskeyRow {
  userId: string;
  passkey: Passkey;
  editing: boolean;
  toggleEditing: () => void;
  stopEditing: () => void;
  remove: () => void;
}

function RenameForm({ row }: { row: PasskeyRow }) {
  const { userId, passkey } = row;
  const queryClient = useQueryClient();
  const [name, setName] = useState(passkey.name);
  const rename = useMutation({
    mutationFn: (next: string) => profileApi.renamePasskey(userId, passkey.id, next),
    onSuccess: (updated) => {
      queryClient.setQueryData<MfaStatus>(
        mfaStatusKey(userId),
        (old) => old && { ...old, passkeys: old.passkeys.map((p) => (p.id === updated.id ? updated : p)) },
      );
      row.stopEditing();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) rename.mutate(name.trim());
  };
  return (
    <form onSubmit={submit}>
      <TextInput
        size="xs"
        value={name}
        maxLength={60}
        autoFocus
        aria-label="Passkey name"
        onChange={(e) => setName(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Escape' && row.stopEditing()}
        error={rename.isError ? apiErrorText(rename.error) : undefined}
        data-testid="passkey-name-input"
      />
    </form>
  );
}

function NameCell({ row }: CellProps<PasskeyRow>) {
  return row.editing ? (
    <RenameForm row={row} />
  ) : (
    <Text size="sm" data-testid="passkey-name">
      {row.passkey.name}
    </Text>
  );
}

function DayCell({ text }: CellProps<PasskeyRow>) {
  return <Text size="xs">{text}</Text>;
}

function ActionsCell({ row }: CellProps<PasskeyRow>) {
  const { passkey } = row;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Rename">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Rename ${passkey.name}`}
          onClick={row.toggleEditing}
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
          onClick={row.remove}
          data-testid="passkey-remove"
        >
          ✕
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

const COLUMNS: Column<PasskeyRow>[] = [
  { header: 'Name', id: 'name', cell: NameCell },
  { header: 'Added', id: 'added', value: (r) => r.passkey.createdAt, kind: 'day', cell: DayCell },
  { header: 'Last used', id: 'lastUsed', value: (r) => r.passkey.lastUsedAt, kind: 'day', cell: DayCell },
  { header: '', id: 'actions', cell: ActionsCell, control: true },
];

export function PasskeysSection({ userId, status }: { userId: string; status: MfaStatus }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
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
        <SimpleTable
          rows={status.passkeys.map((passkey) => ({
            userId,
            passkey,
            editing: editing === passkey.id,
            toggleEditing: () => setEditing((e) => (e === passkey.id ? null : passkey.id)),
            stopEditing: () => setEditing(null),
            remove: () => setRemoving(passkey),
          }))}
          columns={COLUMNS}
          rowKey={(r) => r.passkey.id}
          rowTestId="passkey-row"
          rowData={(r) => ({ 'passkey-id': r.passkey.id })}
          withTableBorder={false}
          verticalSpacing={2}
          fz="sm"
        />
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
