/** The passkey steps: confirm with an existing passkey, or create one when the account needs a second factor. */
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { LoginMachine } from '../../session/loginMachine';
import { LoginAlternatives } from './LoginAlternatives';

export function PasskeyStep({ machine }: { machine: LoginMachine }) {
  const step = useStore(machine, (s) => s.step);
  const busy = useStore(machine, (s) => s.busy);
  // The prompt opens on a deliberate action (Enter on the focused button), not by itself: the
  // browser's passkey dialog is modal, and the user may want an alternative factor instead.
  if (step.name !== 'passkey') return null;
  return (
    <Stack gap="sm" data-testid="login-step-passkey">
      <Text size="sm">Confirm it is you with your passkey (fingerprint, face, device PIN or security key).</Text>
      <Button onClick={() => void machine.getState().authenticateWithPasskey()} loading={busy} autoFocus data-testid="login-passkey">
        Use passkey
      </Button>
      <LoginAlternatives machine={machine} factors={step.factors} />
    </Stack>
  );
}

export function EnrolPasskeyStep({ machine }: { machine: LoginMachine }) {
  const step = useStore(machine, (s) => s.step);
  const busy = useStore(machine, (s) => s.busy);
  const [name, setName] = useState('Passkey');
  if (step.name !== 'enrolPasskey') return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void machine.getState().enrolPasskey(name);
  };
  return (
    <form onSubmit={submit} data-testid="login-step-enrolPasskey">
      <Stack gap="sm">
        <Text size="sm">
          Your account needs a second factor. Create a passkey on this device: next time you sign in, you confirm with your fingerprint,
          face, device PIN or security key.
        </Text>
        <TextInput
          label="Passkey name"
          description="Shown on your profile, e.g. “Work laptop”"
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="login-passkey-name"
        />
        <Button type="submit" loading={busy} autoFocus data-testid="login-enrol-passkey">
          Create passkey
        </Button>
        <LoginAlternatives machine={machine} factors={step.factors} />
      </Stack>
    </form>
  );
}
