/**
 * /bw/reset-password: ask for a reset link (neutral answer).
 * /bw/reset-password/{uuid}: check the link (GET /auth/confirm type=reset), choose a new password
 * (twice), POST /auth/reset-password. Every other session of the user is signed out by the server.
 */
import { Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { AUTH_PATHS, confirmInfoSchema, resetPasswordBodySchema } from '@common/api/auth';
import { authApi } from '../../session/authApi';
import { AuthLink, AuthPanel, FormError, FormNotice, PasswordRules } from '../../components/AuthPanel';
import { useContractForm } from '../../components/forms/useContractForm';
import { typedTwice } from '../../components/forms/typedTwice';
import { EmailRequestForm } from './EmailRequestForm';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';

const resetPasswordForm = typedTwice(resetPasswordBodySchema, 'password');

function RequestReset() {
  return (
    <AuthPanel
      title="Reset password"
      testId="reset-request-page"
      footer={
        <AuthLink to="/bw/login" testId="reset-login-link">
          Back to login
        </AuthLink>
      }
    >
      <Text size="sm" c="dimmed">
        Enter your account's e-mail. We send you a link to choose a new password.
      </Text>
      <EmailRequestForm
        testId="reset"
        submitLabel="Send reset link"
        send={authApi.reset}
        confirmation={(email) =>
          `If ${email} has a Bondwise account, a message with a password reset link is on its way. Check your inbox.`
        }
      />
    </AuthPanel>
  );
}

function ChoosePassword({ uuid }: { uuid: string }) {
  // Checked against the contract like every auth call: a drifted answer shows as an error.
  const link = useApiQuery(AUTH_PATHS.confirm, {
    query: { token: uuid, type: 'reset' },
    schema: confirmInfoSchema,
    retry: false,
    staleTime: Infinity,
  });
  const [changed, setChanged] = useState(false);
  const { form, formError, onSubmit } = useContractForm({
    schema: resetPasswordForm,
    initialValues: { password: '', repeat: '' },
    // The link's code is part of the body; a code the contract refuses is said on the error line.
    toBody: (values) => ({ uuid, ...values }),
  });
  const submit = onSubmit(async (body) => {
    await authApi.resetPassword(body.uuid, body.password);
    setChanged(true);
  });
  let content;
  if (link.isPending)
    content = (
      <Stack align="center">
        <Loader size="sm" type="dots" />
      </Stack>
    );
  else if (link.isError) {
    content = (
      <Stack gap="sm">
        <FormError testId="reset-link-error" error={apiErrorText(link.error, 'This reset link did not work')} />
        <AuthLink to="/bw/reset-password" testId="reset-again-link">
          Ask for a new link
        </AuthLink>
      </Stack>
    );
  } else if (changed) {
    content = (
      <Stack gap="sm">
        <FormNotice testId="reset-done">Your password has been changed. Other sessions were signed out.</FormNotice>
        <AuthLink to={`/bw/login?email=${encodeURIComponent(link.data.email)}`} testId="reset-done-login">
          Log in
        </AuthLink>
      </Stack>
    );
  } else {
    content = (
      <form onSubmit={submit} noValidate data-testid="reset-password-form">
        <Stack gap="sm">
          <FormError testId="reset-password-error" error={formError} />
          <TextInput label="E-mail" value={link.data.email} readOnly autoComplete="username" data-testid="reset-email" />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            autoFocus
            required
            {...form.getInputProps('password')}
            data-testid="reset-new-password"
          />
          <PasswordInput
            label="Repeat new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('repeat')}
            data-testid="reset-repeat-password"
          />
          <PasswordRules />
          <Button type="submit" loading={form.submitting} data-testid="reset-password-submit">
            Set new password
          </Button>
        </Stack>
      </form>
    );
  }
  return (
    <AuthPanel
      title="Choose a new password"
      testId="reset-password-page"
      footer={
        <AuthLink to="/bw/login" testId="reset-login-link">
          Back to login
        </AuthLink>
      }
    >
      {content}
    </AuthPanel>
  );
}

export default function ResetPasswordPage() {
  const { uuid } = useParams();
  // Keyed by the link, so another link starts from an empty form.
  return uuid ? <ChoosePassword key={uuid} uuid={uuid} /> : <RequestReset />;
}
