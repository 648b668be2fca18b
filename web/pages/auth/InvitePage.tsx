/**
 * /bw/invite/{inviteCode}: shows who invited the user (GET /auth/invite/{code}) and creates the
 * account (POST /auth/invite/accept), then sends the user to login with the e-mail filled in.
 */
import { Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { authApi } from '../../session/authApi';
import { AccountDetailsForm, type AccountDetails } from './AccountDetailsForm';
import { AuthLink, AuthPanel, FormError } from '../../components/AuthPanel';
import { apiErrorText } from '../../api/errorText';

export default function InvitePage() {
  const { inviteCode = '' } = useParams();
  const navigate = useNavigate();
  const invite = useQuery({
    queryKey: ['auth', 'invite', inviteCode],
    queryFn: () => authApi.inviteInfo(inviteCode),
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
