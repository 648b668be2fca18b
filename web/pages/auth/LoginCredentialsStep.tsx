import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { LoginMachine } from '../../session/loginMachine';
import { validate } from '../../components/AuthPanel';
import { credentialsSchema } from './loginTexts';

/** The first step: e-mail and password, checked with the shared schemas before anything is sent. */
export function LoginCredentialsStep({ machine, initialEmail }: { machine: LoginMachine; initialEmail: string }) {
  const busy = useStore(machine, (s) => s.busy);
  const [email, setEmail] = useState(() => machine.getState().email || initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(credentialsSchema, { email, password });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    void machine.getState().submitCredentials(checked.data.email, checked.data.password);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack gap="sm">
        <TextInput
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username webauthn"
          autoFocus={!email}
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          data-testid="login-email"
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          autoFocus={!!email}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          data-testid="login-password"
        />
        <Button type="submit" loading={busy} data-testid="login-submit">
          Log in
        </Button>
      </Stack>
    </form>
  );
}
