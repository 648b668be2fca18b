/** The second-factor steps: choose a factor, then an authenticator code or an e-mailed code. */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useStore } from 'zustand';
import { z } from 'zod';
import { mfaEmailBodySchema } from '@common/api/auth';
import { totpCodeSchema } from '@common/validation/account';
import type { LoginMachine } from '../../session/loginMachine';
import { useContractForm } from '../../components/forms/useContractForm';
import { LoginAlternatives } from './LoginAlternatives';
import { FACTOR_LABELS } from './loginTexts';

export function ChooseFactorStep({ machine }: { machine: LoginMachine }) {
  const step = useStore(machine, (s) => s.step);
  const busy = useStore(machine, (s) => s.busy);
  if (step.name !== 'chooseFactor') return null;
  return (
    <Stack gap="sm" data-testid="login-step-chooseFactor">
      <Text size="sm">Choose your second factor.</Text>
      {step.factors.map((factor, index) => (
        <Button
          key={factor}
          variant={index === 0 ? 'filled' : 'default'}
          autoFocus={index === 0}
          disabled={busy}
          onClick={() => void machine.getState().chooseFactor(factor)}
          data-testid={`login-factor-${factor}`}
        >
          {FACTOR_LABELS[factor]}
        </Button>
      ))}
    </Stack>
  );
}

/**
 * What each code form checks before sending: the authenticator code as POST /auth/login/finish
 * takes it, the e-mailed code as POST /auth/mfa/email does.
 */
const CODE_SCHEMAS = {
  totp: z.object({ code: totpCodeSchema }),
  emailCode: mfaEmailBodySchema,
} as const;

function CodeForm({ machine, kind }: { machine: LoginMachine; kind: 'totp' | 'emailCode' }) {
  const busy = useStore(machine, (s) => s.busy);
  const { form, onSubmit } = useContractForm({ schema: CODE_SCHEMAS[kind], initialValues: { code: '' } });
  const submit = onSubmit(({ code }) => {
    const state = machine.getState();
    return kind === 'totp' ? state.submitTotp(code) : state.submitEmailCode(code);
  });
  const testId = kind === 'totp' ? 'login-totp' : 'login-email-code';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={kind === 'totp' ? 'Authenticator code' : 'Code from the e-mail'}
          placeholder={kind === 'totp' ? '123456' : 'XXXXX-XXXXX'}
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          autoFocus
          {...form.getInputProps('code')}
          ff="monospace"
          data-testid={`${testId}-code`}
        />
        <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
          Verify
        </Button>
      </Stack>
    </form>
  );
}

export function TotpStep({ machine }: { machine: LoginMachine }) {
  const step = useStore(machine, (s) => s.step);
  if (step.name !== 'totp') return null;
  return (
    <Stack gap="sm" data-testid="login-step-totp">
      <Text size="sm">Enter the 6-digit code from your authenticator app.</Text>
      <CodeForm machine={machine} kind="totp" />
      <LoginAlternatives machine={machine} factors={step.factors} exclude="totp" />
    </Stack>
  );
}

export function EmailCodeStep({ machine }: { machine: LoginMachine }) {
  const step = useStore(machine, (s) => s.step);
  const email = useStore(machine, (s) => s.email);
  const busy = useStore(machine, (s) => s.busy);
  if (step.name !== 'emailCode') return null;
  return (
    <Stack gap="sm" data-testid="login-step-emailCode">
      <Text size="sm" data-testid="login-email-code-sent">
        {step.sent ? (
          <>
            We e-mailed a login code to <b>{email}</b>. Enter it below or open the link in the e-mail. It expires in 10 minutes.
          </>
        ) : (
          'The login code could not be sent.'
        )}
      </Text>
      <CodeForm machine={machine} kind="emailCode" />
      <Group gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={busy}
          onClick={() => void machine.getState().resendEmailCode()}
          data-testid="login-email-code-resend"
        >
          Send a new code
        </Button>
      </Group>
      <LoginAlternatives machine={machine} factors={step.factors} exclude="email" />
    </Stack>
  );
}
