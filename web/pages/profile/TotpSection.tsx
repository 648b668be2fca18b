/**
 * Authenticator app (TOTP): enrol by scanning the QR code of the otpauth URI (or typing the
 * secret), confirm with a first code; remove with the password.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { MfaStatus } from '@common/api/user';
import { FormError } from '../../components/AuthPanel';
import { ConfirmWithPassword } from './ConfirmWithPassword';
import { TotpEnrolmentForm } from './TotpEnrolmentForm';
import { useTotp } from './useTotp';

export function TotpSection({ userId, status }: { userId: string; status: MfaStatus }) {
  const { enrolment, setEnrolment, removing, setRemoving, applyStatus, start, remove } = useTotp(userId);
  return (
    <Stack gap="xs" data-testid="profile-totp" data-enabled={status.totpEnabled}>
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600} size="sm">
            Authenticator app
          </Text>
          <Badge size="xs" color={status.totpEnabled ? 'teal' : 'gray'} data-testid="totp-status">
            {status.totpEnabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        {!enrolment &&
          (status.totpEnabled ? (
            <Button size="compact-sm" variant="default" color="red" onClick={() => setRemoving(true)} data-testid="totp-remove">
              Remove
            </Button>
          ) : (
            <Button size="compact-sm" onClick={() => void start.run()} loading={start.busy} data-testid="totp-setup">
              Set up
            </Button>
          ))}
      </Group>
      <FormError testId="totp-start-error" error={start.error} />
      {enrolment && (
        <TotpEnrolmentForm
          userId={userId}
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onDone={(next) => {
            setEnrolment(null);
            applyStatus(next);
          }}
        />
      )}
      <ConfirmWithPassword
        opened={removing}
        title="Remove authenticator app"
        testId="totp-remove-confirm"
        text="You will no longer be able to sign in with codes from your authenticator app."
        onConfirm={remove}
        onClose={() => setRemoving(false)}
      />
    </Stack>
  );
}
