/**
 * /bw/invite/{inviteCode}: shows who invited the user (GET /auth/invite/{code}) and creates the
 * account (POST /auth/invite/accept), then sends the user to login with the e-mail filled in.
 */
import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { AUTH_PATHS, inviteInfoSchema } from '@common/api/auth';
import { authApi } from '../../session/authApi';
import { AccountDetailsForm, type AccountDetails } from './AccountDetailsForm';
import { AuthLink, AuthPanel, FormError } from '../../components/AuthPanel';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';

export default function InvitePage() {
  const { inviteCode = '' } = useParams();
  const navigate = useNavigate();
  // Checked against the contract like every auth call: a drifted answer shows as an error.
  const invite = useApiQuery(AUTH_PATHS.invite({ code: inviteCode }), {
    schema: inviteInfoSchema,
    retry: false,
    staleTime: Infinity,
  });
  // The form shows the refusal (on the field it names), so the call reaches it as thrown.
  const accept = async (details: AccountDetails) => {
    const created = await authApi.inviteAccept({ code: inviteCode, ...details });
    void navigate(`/bw/login?created=1&email=${encodeURIComponent(created.email)}`);
  };
  let content;
  if (invite.isPending)
    content = (
      <Stack align="center">
        <Loader size="sm" type="dots" />
      </Stack>
    );
  else if (invite.isError) {
    content = <FormError testId="invite-error" error={apiErrorText(invite.error, 'This invitation did not work')} />;
  } else {
    const { inviterName, organizationName } = invite.data;
    content = (
      <Stack gap="sm">
        <Text size="sm" data-testid="invite-from">
          {inviterName ? `${inviterName} invited you` : 'You are invited'} to Bondwise
          {organizationName ? ` with ${organizationName}` : ''}. Finish your account to start.
        </Text>
        <AccountDetailsForm email={invite.data.email} submitLabel="Accept invitation" errorTestId="invite-submit-error" onSubmit={accept} />
      </Stack>
    );
  }
  return (
    <AuthPanel
      title="Invitation"
      testId="invite-page"
      footer={
        <AuthLink to="/bw/login" testId="invite-login-link">
          Already have an account? Log in
        </AuthLink>
      }
    >
      {content}
    </AuthPanel>
  );
}
