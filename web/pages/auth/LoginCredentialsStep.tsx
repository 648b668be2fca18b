import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useStore } from 'zustand';
import { loginStartBodySchema } from '@common/api/auth';
import type { LoginMachine } from '../../session/loginMachine';
import { useContractForm } from '../../components/forms/useContractForm';

/**
 * The first step: e-mail and password, checked against POST /auth/login/start's body before
 * anything is sent. The machine says the server's refusals on the page's error line.
 */
export function LoginCredentialsStep({ machine, initialEmail }: { machine: LoginMachine; initialEmail: string }) {
  const busy = useStore(machine, (s) => s.busy);
  const { form, onSubmit } = useContractForm({
    schema: loginStartBodySchema,
    initialValues: { email: machine.getState().email || initialEmail, password: '' },
  });
  const hasEmail = !!form.getInitialValues().email;
  const submit = onSubmit(({ email, password }) => machine.getState().submitCredentials(email, password));
  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack gap="sm">
        <TextInput
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username webauthn"
          autoFocus={!hasEmail}
          required
          {...form.getInputProps('email')}
          data-testid="login-email"
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          autoFocus={hasEmail}
          {...form.getInputProps('password')}
          data-testid="login-password"
        />
        <Button type="submit" loading={busy} data-testid="login-submit">
          Log in
        </Button>
      </Stack>
    </form>
  );
}
