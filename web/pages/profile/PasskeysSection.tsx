/** Passkeys: add (startRegistration), rename, remove (with the password). */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { MfaStatus } from '@common/api/user';
import { FormError } from '../../components/AuthPanel';
import { ConfirmWithPassword } from './ConfirmWithPassword';
import { PasskeyTable } from './PasskeyTable';
import { usePasskeys } from './usePasskeys';

export function PasskeysSection({ userId, status }: { userId: string; status: MfaStatus }) {
  const { name, setName, removing, setRemoving, add, addError, remove, submit, rows } = usePasskeys(userId, status);
  return (
    <Stack gap="xs" data-testid="profile-passkeys" data-count={status.passkeys.length}>
      <Text fw={600} size="sm">
        Passkeys
      </Text>
      {status.passkeys.length > 0 ? (
        <PasskeyTable rows={rows} />
      ) : (
        <Text size="xs" c="dimmed">
          No passkeys yet. A passkey lets you confirm sign-in with your fingerprint, face or device PIN.
        </Text>
      )}
      <FormError testId="passkey-add-error" error={addError} />
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
          <Button type="submit" size="xs" loading={add.busy} data-testid="passkey-add">
            Add passkey
          </Button>
        </Group>
      </form>
      <ConfirmWithPassword
        opened={removing !== null}
        title="Remove passkey"
        testId="passkey-remove-confirm"
        text={`Remove “${removing?.name ?? ''}”? You can no longer sign in with it.`}
        onConfirm={async ({ password }) => {
          if (removing) await remove({ id: removing.id, password });
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
