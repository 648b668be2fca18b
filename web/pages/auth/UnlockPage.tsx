/**
 * /bw/unlock: ask for a new unlock link (neutral answer).
 * /bw/unlock/{uuid}: unlocks at once (POST /auth/unlock, once per link even under StrictMode).
 */
import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { authApi } from '../../session/authApi';
import { AuthLink, AuthPanel, FormError, FormNotice } from '../../components/AuthPanel';
import { EmailRequestForm } from './EmailRequestForm';
import { apiErrorText } from '../../api/errorText';

const attempts = new Map<string, Promise<unknown>>();

function unlockOnce(uuid: string): Promise<unknown> {
  let attempt = attempts.get(uuid);
  if (!attempt) {
    attempt = authApi.unlock(uuid);
    attempts.set(uuid, attempt);
  }
  return attempt;
}

function Unlocking({ uuid }: { uuid: string }) {
  const [state, setState] = useState<'pending' | 'done' | string>('pending');
  useEffect(() => {
    let active = true;
    unlockOnce(uuid).then(
      () => active && setState('done'),
      (error: unknown) => active && setState(apiErrorText(error, 'This unlock link did not work')),
    );
    return () => {
      active = false;
    };
  }, [uuid]);
  return (
    <AuthPanel
      title="Unlock account"
      testId="unlock-page"
      footer={
        <AuthLink to="/bw/login" testId="unlock-login-link">
          Log in
        </AuthLink>
      }
    >
      {state === 'pending' && (
        <Stack align="center">
          <Loader size="sm" type="dots" />
        </Stack>
      )}
      {state === 'done' && <FormNotice testId="unlock-done">Your account is unlocked. You can log in again.</FormNotice>}
      {state !== 'pending' && state !== 'done' && (
        <Stack gap="sm">
          <FormError testId="unlock-error" error={state} />
          <AuthLink to="/bw/unlock" testId="unlock-again-link">
            Ask for a new unlock link
          </AuthLink>
        </Stack>
      )}
    </AuthPanel>
  );
}

function RequestUnlock() {
  return (
    <AuthPanel
      title="Unlock account"
      testId="unlock-request-page"
      footer={
        <AuthLink to="/bw/login" testId="unlock-login-link">
          Back to login
        </AuthLink>
      }
    >
      <Text size="sm" c="dimmed">
        After several failed logins an account is locked for safety. Enter its e-mail and we send an unlock link.
      </Text>
      <EmailRequestForm
        testId="unlock"
        submitLabel="Send unlock link"
        send={authApi.unlockRequest}
        confirmation={(email) => `If ${email} has a locked Bondwise account, an unlock link is on its way. Check your inbox.`}
      />
    </AuthPanel>
  );
}

export default function UnlockPage() {
  const { uuid } = useParams();
  return uuid ? <Unlocking uuid={uuid} /> : <RequestUnlock />;
}
