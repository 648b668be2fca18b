/**
 * The "finish your account" form shared by /welcome (sign-up confirm) and /bw/invite/{code}:
 * first name, last name, password, terms consent (spec §3 Signup confirm input), validated with
 * the contract's signupConfirmInputSchema. The page's call is `onSubmit`; its refusal shows on the
 * field it names, or on the form's error line.
 */
import { Anchor, Button, Checkbox, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { signupConfirmInputSchema } from '@common/api/auth';
import { NAME_MAX_LENGTH } from '@common/validation/account';
import { FormError, PasswordRules } from '../../components/AuthPanel';
import { useContractForm } from '../../components/forms/useContractForm';
import { TosText } from '../../components/TosText';

export interface AccountDetails {
  firstName: string;
  lastName: string;
  password: string;
  tosConsent: true;
}

export function AccountDetailsForm({
  email,
  submitLabel,
  errorTestId,
  onSubmit,
}: {
  email: string;
  submitLabel: string;
  errorTestId: string;
  onSubmit: (details: AccountDetails) => Promise<unknown>;
}) {
  const {
    form,
    formError,
    onSubmit: submit,
  } = useContractForm({
    schema: signupConfirmInputSchema,
    initialValues: { firstName: '', lastName: '', password: '', tosConsent: false },
    failure: 'Could not create the account',
  });
  const [tosOpen, setTosOpen] = useState(false);
  return (
    <form onSubmit={submit(onSubmit)} noValidate data-testid="account-details-form">
      <Stack gap="sm">
        <FormError testId={errorTestId} error={formError} />
        <TextInput label="E-mail" value={email} readOnly autoComplete="username" data-testid="account-email" />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            autoFocus
            required
            maxLength={NAME_MAX_LENGTH}
            {...form.getInputProps('firstName')}
            data-testid="account-first-name"
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            maxLength={NAME_MAX_LENGTH}
            {...form.getInputProps('lastName')}
            data-testid="account-last-name"
          />
        </Group>
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
          data-testid="account-password"
        />
        <PasswordRules />
        <Checkbox
          {...form.getInputProps('tosConsent', { type: 'checkbox' })}
          data-testid="account-tos-consent"
          label={
            <>
              I accept the{' '}
              <Anchor component="button" type="button" size="sm" onClick={() => setTosOpen(true)} data-testid="account-tos-open">
                terms of service
              </Anchor>
            </>
          }
        />
        <Button type="submit" loading={form.submitting} data-testid="account-submit">
          {submitLabel}
        </Button>
      </Stack>
      <Modal opened={tosOpen} onClose={() => setTosOpen(false)} title="Terms of service" size="lg">
        <TosText height={420} />
      </Modal>
    </form>
  );
}
