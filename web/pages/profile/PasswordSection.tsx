/** Change password (PUT /v2/user/{id}/password); the server signs out the user's other sessions. */
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { passwordChangeBodySchema } from '@common/api/user';
import { FormError, FormNotice, PasswordRules } from '../../components/AuthPanel';
import { useContractForm } from '../../components/forms/useContractForm';
import { typedTwice } from '../../components/forms/typedTwice';
import { profileApi } from './profileApi';
import { Section } from './Section';

const passwordChangeForm = typedTwice(passwordChangeBodySchema, 'newPassword');

export function PasswordSection({ userId, email }: { userId: string; email: string }) {
  const [changed, setChanged] = useState(false);
  const { form, formError, onSubmit } = useContractForm({
    schema: passwordChangeForm,
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    failure: 'Could not change the password',
  });
  const submit = onSubmit(async (body) => {
    setChanged(false);
    await profileApi.changePassword(userId, body);
    form.reset();
    setChanged(true);
  });
  return (
    <Section title="Password" description="Changing it signs out your other sessions." testId="profile-password">
      <form onSubmit={submit} noValidate data-testid="password-form">
        <Stack gap="xs">
          {/* Lets password managers attach the new password to the right account. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          {changed && <FormNotice testId="password-changed">Password changed.</FormNotice>}
          <FormError testId="password-error" error={formError} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
            data-testid="password-current"
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
            data-testid="password-new"
          />
          <PasswordInput
            label="Repeat new password"
            autoComplete="new-password"
            {...form.getInputProps('repeat')}
            data-testid="password-repeat"
          />
          <PasswordRules />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="password-submit">
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
