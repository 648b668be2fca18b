/** Change password (PUT /v2/user/{id}/password); the server signs out the user's other sessions. */
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { passwordChangeBodySchema } from '@common/api/user';
import { FormError, FormNotice, PasswordRules, validate } from '../../components/AuthPanel';
import { useApiMutation } from '../../api/queries';
import { profileApi } from './profileApi';
import { Section } from './Section';

export function PasswordSection({ userId, email }: { userId: string; email: string }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [changed, setChanged] = useState(false);
  const change = useApiMutation((body: { currentPassword: string; newPassword: string }) => profileApi.changePassword(userId, body), {
    onDone: () => {
      setCurrent('');
      setNew('');
      setRepeat('');
      setChanged(true);
    },
    fallback: 'Could not change the password',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(passwordChangeBodySchema, { currentPassword, newPassword });
    const next: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    if (repeat !== newPassword) next.repeat = 'The passwords do not match';
    setErrors(next);
    if (!checked.ok || next.repeat) return;
    setChanged(false);
    void change.run(checked.data);
  };
  return (
    <Section title="Password" description="Changing it signs out your other sessions." testId="profile-password">
      <form onSubmit={submit} noValidate data-testid="password-form">
        <Stack gap="xs">
          {/* Lets password managers attach the new password to the right account. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          {changed && <FormNotice testId="password-changed">Password changed.</FormNotice>}
          <FormError testId="password-error" error={change.error} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.currentPassword}
            data-testid="password-current"
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNew(e.currentTarget.value)}
            error={errors.newPassword}
            data-testid="password-new"
          />
          <PasswordInput
            label="Repeat new password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={errors.repeat}
            data-testid="password-repeat"
          />
          <PasswordRules />
          <Group justify="flex-end">
            <Button type="submit" loading={change.busy} data-testid="password-submit">
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
