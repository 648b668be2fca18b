/**
 * /bw/login (spec §4 Login): e-mail + password, then whatever POST /auth/login/start asks for —
 * a passkey, a passkey enrolment, or a second factor (authenticator code or e-mailed code).
 * The flow lives in web/session/loginMachine.ts; this page only renders its steps. On success the
 * session is stored and the route guard moves on to the remembered path or the market summary.
 */
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import type { SecondFactor } from '@common/api/auth';
import { emailSchema, loginPasswordSchema, totpCodeSchema, emailCodeSchema } from '@common/validation/account';
import { z } from 'zod';
import { createLoginMachine, type LoginDeps, type LoginMachine } from '../../session/loginMachine';
import { defaultLoginDeps } from '../../session/loginDeps';
import { AuthLink, AuthPanel, FormError, FormNotice, validate } from '../../components/AuthPanel';
import { humaneIssue } from '../../api/humaneError';

const credentialsSchema = z.object({ email: emailSchema, password: loginPasswordSchema });

const FACTOR_LABELS: Record<SecondFactor, string> = {
  totp: 'Use an authenticator app code',
  email: 'E-mail me a login code',
};

function Alternatives({ machine, factors, exclude }: { machine: LoginMachine; factors: SecondFactor[]; exclude?: SecondFactor }) {
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

function CredentialsStep({ machine, initialEmail }: { machine: LoginMachine; initialEmail: string }) {
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

function PasskeyStep({ machine }: { machine: LoginMachine }) {
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
      <Alternatives machine={machine} factors={step.factors} />
    </Stack>
  );
}

function EnrolPasskeyStep({ machine }: { machine: LoginMachine }) {
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
        <Alternatives machine={machine} factors={step.factors} />
      </Stack>
    </form>
  );
}

function ChooseFactorStep({ machine }: { machine: LoginMachine }) {
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

function CodeForm({ machine, kind }: { machine: LoginMachine; kind: 'totp' | 'emailCode' }) {
  const busy = useStore(machine, (s) => s.busy);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const schema = kind === 'totp' ? totpCodeSchema : emailCodeSchema;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = schema.safeParse(code);
    if (!checked.success) return setError(humaneIssue(checked.error.issues[0]));
    setError(undefined);
    const state = machine.getState();
    void (kind === 'totp' ? state.submitTotp(checked.data) : state.submitEmailCode(checked.data));
  };
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
          value={code}
          error={error}
          onChange={(e) => setCode(e.currentTarget.value)}
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

function TotpStep({ machine }: { machine: LoginMachine }) {
  const step = useStore(machine, (s) => s.step);
  if (step.name !== 'totp') return null;
  return (
    <Stack gap="sm" data-testid="login-step-totp">
      <Text size="sm">Enter the 6-digit code from your authenticator app.</Text>
      <CodeForm machine={machine} kind="totp" />
      <Alternatives machine={machine} factors={step.factors} exclude="totp" />
    </Stack>
  );
}

function EmailCodeStep({ machine }: { machine: LoginMachine }) {
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
      <Alternatives machine={machine} factors={step.factors} exclude="email" />
    </Stack>
  );
}

/** The login page with injectable dependencies (tests pass fakes). */
export function LoginView({ deps = defaultLoginDeps }: { deps?: LoginDeps }) {
  const [machine] = useState(() => createLoginMachine(deps));
  const step = useStore(machine, (s) => s.step);
  const error = useStore(machine, (s) => s.error);
  const locked = useStore(machine, (s) => s.locked);
  const [params] = useSearchParams();
  const created = params.get('created') === '1';
  const footer =
    step.name === 'credentials' ? (
      <>
        <AuthLink to="/bw/reset-password" testId="login-forgot-link">
          Forgot password?
        </AuthLink>
        <AuthLink to="/bw/signup" testId="login-signup-link">
          Create an account
        </AuthLink>
      </>
    ) : (
      step.name !== 'done' && (
        <Button variant="subtle" size="compact-sm" onClick={() => machine.getState().restart()} data-testid="login-restart">
          ← Start over
        </Button>
      )
    );
  return (
    <AuthPanel title="Log in" testId="login-page" footer={footer}>
      <FormError
        testId="login-error"
        error={
          error && (
            <>
              {error}
              {locked && (
                <>
                  {' '}
                  <AuthLink to="/bw/unlock" testId="login-unlock-link">
                    Unlock your account
                  </AuthLink>
                </>
              )}
            </>
          )
        }
      />
      {created && step.name === 'credentials' && !error && (
        <FormNotice testId="login-account-created">Your account is ready. Log in with your new password.</FormNotice>
      )}
      {step.name === 'credentials' && <CredentialsStep machine={machine} initialEmail={params.get('email') ?? ''} />}
      {step.name === 'passkey' && <PasskeyStep machine={machine} />}
      {step.name === 'enrolPasskey' && <EnrolPasskeyStep machine={machine} />}
      {step.name === 'chooseFactor' && <ChooseFactorStep machine={machine} />}
      {step.name === 'totp' && <TotpStep machine={machine} />}
      {step.name === 'emailCode' && <EmailCodeStep machine={machine} />}
      {step.name === 'done' && (
        <Text size="sm" data-testid="login-done">
          Signed in. Opening Bondwise…
        </Text>
      )}
    </AuthPanel>
  );
}

export default function LoginPage() {
  return <LoginView />;
}
