/**
 * Authenticator app (TOTP): enrol by scanning the QR code of the otpauth URI (or typing the
 * secret), confirm with a first code; remove with the password.
 */
import { Badge, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MfaStatus, TotpEnrolment } from '@common/api/user';
import { totpCodeSchema } from '@common/validation/account';
import { QrCode } from '../../components/qr/QrCode';
import { userInfoKey } from '../../session/userInfo';
import { FormError } from '../../components/AuthPanel';
import { apiErrorText } from '../../api/errorText';
import { ConfirmWithPassword } from './ConfirmWithPassword';
import { mfaStatusKey, profileApi } from './profileApi';
import { humaneIssue } from '../../api/humaneError';

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP" for reading aloud / typing. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function Enrolment({
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
  const confirm = useMutation({ mutationFn: (c: string) => profileApi.confirmTotp(userId, c), onSuccess: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = totpCodeSchema.safeParse(code);
    if (!checked.success) return setFieldError(humaneIssue(checked.error.issues[0]));
    setFieldError(undefined);
    confirm.mutate(checked.data);
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
          <FormError testId="totp-confirm-error" error={confirm.isError ? apiErrorText(confirm.error, 'That code did not work') : null} />
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
            <Button type="submit" loading={confirm.isPending} data-testid="totp-confirm-submit">
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

export function TotpSection({ userId, status }: { userId: string; status: MfaStatus }) {
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [removing, setRemoving] = useState(false);
  const applyStatus = (next: MfaStatus) => {
    queryClient.setQueryData(mfaStatusKey(userId), next);
    void queryClient.invalidateQueries({ queryKey: userInfoKey(userId) });
  };
  const start = useMutation({ mutationFn: () => profileApi.startTotp(userId), onSuccess: setEnrolment });
  const remove = useMutation({
    mutationFn: (password: string) => profileApi.removeTotp(userId, password),
    onSuccess: (next) => {
      applyStatus(next);
      setRemoving(false);
    },
  });
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
            <Button size="compact-sm" onClick={() => start.mutate()} loading={start.isPending} data-testid="totp-setup">
              Set up
            </Button>
          ))}
      </Group>
      <FormError testId="totp-start-error" error={start.isError ? apiErrorText(start.error) : null} />
      {enrolment && (
        <Enrolment
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
        busy={remove.isPending}
        error={remove.isError ? apiErrorText(remove.error) : null}
        onConfirm={(password) => remove.mutate(password)}
        onClose={() => {
          remove.reset();
          setRemoving(false);
        }}
      />
    </Stack>
  );
}
