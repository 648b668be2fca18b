/**
 * /bw/login/e/{code}: login by the link in the e-mailed code message (POST /auth/mfa/email).
 * The code is single-use, so the request is made once per code even under StrictMode's double
 * effects. It signs in only the browser that entered the password (the server's login-attempt
 * cookie); opened elsewhere, the page says so and offers to sign in with the password here.
 */
import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { AuthResponse } from '@common/api/auth';
import { authApi } from '../../session/authApi';
import { acceptAuthResponse } from '../../session/refresh';
import { AuthLink, AuthPanel, FormError } from '../../components/AuthPanel';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../api/errorText';

const attempts = new Map<string, Promise<AuthResponse>>();

function loginOnce(code: string): Promise<AuthResponse> {
  let attempt = attempts.get(code);
  if (!attempt) {
    attempt = authApi.mfaEmail(code);
    attempts.set(code, attempt);
  }
  return attempt;
}

export default function LoginByCodePage() {
  const { code = '' } = useParams();
  const [error, setError] = useState<string | null>(null);
  const [elsewhere, setElsewhere] = useState(false);
  useEffect(() => {
    let active = true;
    loginOnce(code).then(
      (auth) => {
        attempts.delete(code);
        if (active) acceptAuthResponse(auth);
      },
      (failure: unknown) => {
        if (!active) return;
        setElsewhere(failure instanceof ApiError && failure.status === 403);
        setError(apiErrorText(failure, 'This login link did not work'));
      },
    );
    return () => {
      active = false;
    };
  }, [code]);
  return (
    <AuthPanel
      title="Logging in"
      testId="login-code-page"
      footer={
        error ? (
          <AuthLink to="/bw/login" testId="login-code-back">
            {elsewhere ? 'Sign in with your password' : 'Back to login'}
          </AuthLink>
        ) : undefined
      }
    >
      {error ? (
        <FormError testId="login-code-error" error={elsewhere ? error : `${error} Log in again to get a new code.`} />
      ) : (
        <Stack align="center" gap="xs">
          <Loader size="sm" type="dots" />
          <Text size="sm" c="dimmed">
            Checking your login link…
          </Text>
        </Stack>
      )}
    </AuthPanel>
  );
}
