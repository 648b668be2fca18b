/**
 * /welcome?uuid=… (reached from the sign-up e-mail via /bw/signup/{uuid}): checks the link
 * (GET /auth/confirm → uuid + e-mail), then asks for first name, last name, password and terms
 * consent and creates the account (POST /auth/confirm, name = first + ' ' + last). Nothing is
 * sent without the uuid and e-mail of the link check (spec §5). An expired link can be renewed
 * (regenerateIfExpired: the server e-mails a fresh one).
 */
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_PATHS, confirmInfoSchema } from '@common/api/auth';
import { ApiError } from '../../api/client';
import { authApi } from '../../session/authApi';
import { AccountDetailsForm, type AccountDetails } from './AccountDetailsForm';
import { AuthLink, AuthPanel, FormError, FormNotice } from '../../components/AuthPanel';
import { apiErrorText } from '../../api/errorText';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { buildConfirmBody } from './signupConfirm';

function Regenerate({ uuid }: { uuid: string }) {
  const [notice, setNotice] = useState<string | null>(null);
  // Refused or not, the answer is a notice: the server's own words, else the neutral one.
  const neutral = 'If the address can still sign up, a new link is on its way. Check your inbox.';
  const regenerate = useApiMutation(
    () =>
      authApi.confirmInfo(uuid, 'signup', true).then(
        () => neutral,
        (refusal: unknown) => (refusal instanceof ApiError && refusal.serverError ? refusal.serverError : neutral),
      ),
    { onDone: setNotice },
  );
  if (notice !== null) return <FormNotice testId="welcome-regenerated">{notice}</FormNotice>;
  return (
    <Button onClick={() => void regenerate.run()} loading={regenerate.busy} autoFocus data-testid="welcome-regenerate">
      E-mail me a new link
    </Button>
  );
}

export default function WelcomePage() {
  const [params] = useSearchParams();
  const uuid = params.get('uuid') ?? '';
  const navigate = useNavigate();
  // Checked against the contract like every auth call: a drifted answer shows as an error.
  const info = useApiQuery(uuid ? AUTH_PATHS.confirm : null, {
    query: { token: uuid, type: 'signup' },
    schema: confirmInfoSchema,
    retry: false,
    staleTime: Infinity,
  });
  // The form shows the refusal (on the field it names), so the call reaches it as thrown.
  const submit = async (details: AccountDetails) => {
    const body = buildConfirmBody(info.data, details);
    if (!body) return; // spec §5: nothing is sent without the link's uuid and e-mail
    await authApi.confirm(body);
    void navigate(`/bw/login?created=1&email=${encodeURIComponent(body.email)}`);
  };

  let content;
  if (!uuid) {
    content = <FormError testId="welcome-error" error="This page needs the link from your sign-up e-mail." />;
  } else if (info.isPending) {
    content = (
      <Stack align="center">
        <Loader size="sm" type="dots" />
      </Stack>
    );
  } else if (info.isError) {
    const expired = info.error instanceof ApiError && info.error.status === 410;
    content = (
      <Stack gap="sm">
        <FormError
          testId="welcome-error"
          error={expired ? 'This sign-up link has expired.' : apiErrorText(info.error, 'This link did not work')}
        />
        {expired && <Regenerate uuid={uuid} />}
      </Stack>
    );
  } else {
    content = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Welcome to Bondwise. Finish your account to start.
        </Text>
        <AccountDetailsForm email={info.data.email} submitLabel="Create account" errorTestId="welcome-submit-error" onSubmit={submit} />
      </Stack>
    );
  }
  return (
    <AuthPanel
      title="Welcome"
      testId="welcome-page"
      footer={
        <>
          <AuthLink to="/bw/login" testId="welcome-login-link">
            Log in
          </AuthLink>
          <AuthLink to="/bw/signup" testId="welcome-signup-link">
            Start sign-up again
          </AuthLink>
        </>
      }
    >
      {content}
    </AuthPanel>
  );
}
