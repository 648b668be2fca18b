/**
 * /bw/login (spec §4 Login): e-mail + password, then whatever POST /auth/login/start asks for —
 * a passkey, a passkey enrolment, or a second factor (authenticator code or e-mailed code).
 * The flow lives in web/session/loginMachine.ts; this page only renders its steps. On success the
 * session is stored and the route guard moves on to the remembered path or the market summary.
 */
import { Button, Text } from '@mantine/core';
import type { LoginDeps } from '../../session/loginMachine';
import { defaultLoginDeps } from '../../session/loginDeps';
import { AuthLink, AuthPanel, FormError, FormNotice } from '../../components/AuthPanel';
import { LoginCredentialsStep } from './LoginCredentialsStep';
import { EnrolPasskeyStep, PasskeyStep } from './LoginPasskeySteps';
import { ChooseFactorStep, EmailCodeStep, TotpStep } from './LoginSecondFactorSteps';
import { useLogin } from './useLogin';

/** The login page with injectable dependencies (tests pass fakes). */
export function LoginView({ deps = defaultLoginDeps }: { deps?: LoginDeps }) {
  const { machine, step, error, locked, created, initialEmail } = useLogin(deps);
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
      {step.name === 'credentials' && <LoginCredentialsStep machine={machine} initialEmail={initialEmail} />}
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
