/**
 * /bw/profile: the account (organisation, access, support token), profile details, password, second factors (authenticator app with a QR code,
 * passkeys), notification preferences and invitations for colleagues.
 */
import { Alert, Center, Grid, Loader, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../components/PageTitle';
import { useUserInfo } from '../../session/userInfo';
import { USER_PATHS, mfaStatusSchema } from '@common/api/user';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { AccountSection } from './AccountSection';
import { InvitesSection } from './InvitesSection';
import { NotificationsSection } from './NotificationsSection';
import { PasskeysSection } from './PasskeysSection';
import { PasswordSection } from './PasswordSection';
import { ProfileDetailsSection } from './ProfileDetailsSection';
import { Section } from './Section';
import { TotpSection } from './TotpSection';

function SecondFactors({ userId }: { userId: string }) {
  // Checked against the contract like every profile call: a drifted answer shows as an error.
  const mfa = useApiQuery(USER_PATHS.mfa({ id: userId }), { schema: mfaStatusSchema });
  return (
    <Section title="Two-step sign-in" description="Second factors asked for after your password." testId="profile-mfa">
      {mfa.isPending && <Loader size="sm" type="dots" />}
      {mfa.isError && (
        <Alert color="red" p="xs">
          <Text size="sm">{apiErrorText(mfa.error)}</Text>
        </Alert>
      )}
      {mfa.data && (
        <Stack gap="md">
          <TotpSection userId={userId} status={mfa.data} />
          <PasskeysSection userId={userId} status={mfa.data} />
          {mfa.data.emailCodeAvailable && (
            <Text size="xs" c="dimmed">
              An e-mailed login code is always available as a fallback.
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}

export default function ProfilePage() {
  const info = useUserInfo();
  return (
    <Stack gap="sm" maw={1200} data-testid="profile-page">
      <PageTitle />
      {info.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {info.isError && (
        <Alert color="red" p="xs" data-testid="profile-error">
          <Text size="sm">{apiErrorText(info.error)}</Text>
        </Alert>
      )}
      {info.data && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <ProfileDetailsSection key={info.data.id} info={info.data} />
              <NotificationsSection info={info.data} />
              <InvitesSection userId={info.data.id} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <AccountSection info={info.data} />
              <SecondFactors userId={info.data.id} />
              <PasswordSection userId={info.data.id} email={info.data.email} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
