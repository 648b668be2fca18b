/** The passkeys table: name (renamed in place), added and last-used days, rename and remove buttons. */
import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { passkeyRenameBodySchema, type MfaStatus } from '@common/api/user';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { useApiSend } from '../../api/queries';
import { useContractForm } from '../../components/forms/useContractForm';
import { mfaStatusKey, profileApi } from './profileApi';
import type { PasskeyRow } from './passkeys';

/**
 * A passkey's name, edited in place: a form on the rename contract, so a name it refuses says so
 * under the field before anything is sent, as does a 400 naming it; any other refusal shows there too.
 */
function RenameForm({ row }: { row: PasskeyRow }) {
  const { userId, passkey } = row;
  const queryClient = useQueryClient();
  const rename = useApiSend((next: string) => profileApi.renamePasskey(userId, passkey.id, next), {
    onDone: (updated) => {
      queryClient.setQueryData<MfaStatus>(
        mfaStatusKey(userId),
        (old) => old && { ...old, passkeys: old.passkeys.map((p) => (p.id === updated.id ? updated : p)) },
      );
      row.stopEditing();
    },
  });
  const { form, formError, onSubmit } = useContractForm({ schema: passkeyRenameBodySchema, initialValues: { name: passkey.name } });
  // Sent as the contract reads it (trimmed).
  const submit = onSubmit(({ name }) => rename(name));
  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        size="xs"
        maxLength={60}
        autoFocus
        aria-label="Passkey name"
        {...form.getInputProps('name')}
        onKeyDown={(e) => e.key === 'Escape' && row.stopEditing()}
        error={form.errors.name ?? formError ?? undefined}
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

export function PasskeyTable({ rows }: { rows: PasskeyRow[] }) {
  return (
    <SimpleTable
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.passkey.id}
      rowTestId="passkey-row"
      rowData={(r) => ({ 'passkey-id': r.passkey.id })}
      withTableBorder={false}
      verticalSpacing={2}
      fz="sm"
    />
  );
}
