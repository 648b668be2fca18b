/** Enrolling an authenticator app: scan the QR code of the otpauth URI (or type the secret), confirm with a first code. */
import { Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { MfaStatus, TotpEnrolment } from '@common/api/user';
import { totpCodeSchema } from '@common/validation/account';
import { QrCode } from '../../components/qr/QrCode';
import { FormError } from '../../components/AuthPanel';
import { useApiMutation } from '../../api/queries';
import { humaneIssue } from '../../api/humaneError';
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
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const confirm = useApiMutation((c: string) => profileApi.confirmTotp(userId, c), { onDone, fallback: 'That code did not work' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = totpCodeSchema.safeParse(code);
    if (!checked.success) return setFieldError(humaneIssue(checked.error.issues[0]));
    setFieldError(undefined);
    void confirm.run(checked.data);
  };
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
          <FormError testId="totp-confirm-error" error={confirm.error} />
          <Group align="flex-start" gap="xs">
            <TextInput
              placeholder="123456"
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              ff="monospace"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={fieldError}
              w={140}
              aria-label="Authenticator code"
              data-testid="totp-confirm-code"
            />
            <Button type="submit" loading={confirm.busy} data-testid="totp-confirm-submit">
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
