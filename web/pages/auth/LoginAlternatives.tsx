import { Button, Group, Stack, Text } from '@mantine/core';
import { useStore } from 'zustand';
import type { SecondFactor } from '@common/api/auth';
import type { LoginMachine } from '../../session/loginMachine';
import { FACTOR_LABELS } from './loginTexts';

/** The second factors offered besides the current step's one. */
export function LoginAlternatives({
  machine,
  factors,
  exclude,
}: {
  machine: LoginMachine;
  factors: SecondFactor[];
  exclude?: SecondFactor;
}) {
  // While a passkey prompt is open the alternatives stay usable: choosing one cancels the prompt.
  const busy = useStore(machine, (s) => s.busy && !s.passkeyPending);
  const shown = factors.filter((f) => f !== exclude);
  if (!shown.length) return null;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Other ways to sign in
      </Text>
      <Group gap="xs">
        {shown.map((factor) => (
          <Button
            key={factor}
            variant="default"
            size="compact-sm"
            disabled={busy}
            onClick={() => void machine.getState().chooseFactor(factor)}
            data-testid={`login-factor-${factor}`}
          >
            {FACTOR_LABELS[factor]}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
