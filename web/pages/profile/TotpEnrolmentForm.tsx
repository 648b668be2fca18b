/**
 * Enrolling an authenticator app: scan the QR code of the otpauth URI (or type the secret), confirm
 * with a first code. The code is a form on the confirm contract: one it refuses says so under the
 * field before anything is sent, as does a 400 naming it; a code the server finds wrong is the
 * form's error line.
 */
import { Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { totpConfirmBodySchema, type MfaStatus, type TotpEnrolment } from '@common/api/user';
import { QrCode } from '../../components/qr/QrCode';
import { FormError } from '../../components/AuthPanel';
import { useApiSend } from '../../api/queries';
import { useContractForm } from '../../components/forms/useContractForm';
import { profileApi } from './profileApi';
import { groupSecret } from './totp';

export function TotpEnrolmentForm({
  userId,
  enrolment,
  onDone,
  onCancel,
}: {
  userId: string;
  enrolment: TotpEnrolment;
  onDone: (status: MfaStatus) => void;
  onCancel: () => void;
}) {
  const confirm = useApiSend((c: string) => profileApi.confirmTotp(userId, c), { onDone });
  const { form, formError, onSubmit } = useContractForm({
    schema: totpConfirmBodySchema,
    initialValues: { code: '' },
    failure: 'That code did not work',
  });
  // Sent as the contract reads it: the six digits, without the spaces typed between them.
  const submit = onSubmit(({ code }) => confirm(code));
  return (
    <Stack gap="sm" data-testid="totp-enrolment" data-otpauth-uri={enrolment.otpauthUri}>
      <Text size="sm">1. Scan this code with your authenticator app (Google Authenticator, 1Password, Authy…).</Text>
      <Group align="flex-start" gap="md">
        <QrCode value={enrolment.otpauthUri} label="Authenticator setup QR code" testId="totp-qr" />
        <Stack gap={4} style={{ flex: 1, minWidth: 180 }}>
          <Text size="xs" c="dimmed">
            Can't scan? Enter this key:
          </Text>
          <Code block data-testid="totp-secret" data-secret={enrolment.secret} style={{ wordBreak: 'break-all' }}>
            {groupSecret(enrolment.secret)}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button variant="default" size="compact-xs" onClick={copy} w="fit-content">
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
          <FormError testId="totp-confirm-error" error={formError} />
          <Group align="flex-start" gap="xs">
            <TextInput
              placeholder="123456"
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              ff="monospace"
              {...form.getInputProps('code')}
              w={140}
              aria-label="Authenticator code"
              data-testid="totp-confirm-code"
            />
            <Button type="submit" loading={form.submitting} data-testid="totp-confirm-submit">
              Turn on
            </Button>
            <Button variant="subtle" color="gray" onClick={onCancel} data-testid="totp-cancel">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
