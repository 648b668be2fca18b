/**
 * The "finish your account" form shared by /welcome (sign-up confirm) and /bw/invite/{code}:
 * first name, last name, password, terms consent (spec §3 Signup confirm input), validated with
 * the contract's signupConfirmInputSchema.
 */
import { Anchor, Button, Checkbox, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { signupConfirmInputSchema, type SignupConfirmInput } from '@common/api/auth';
import { NAME_MAX_LENGTH } from '@common/validation/account';
import { PasswordRules, validate } from '../../components/AuthPanel';
import { TosText } from '../../components/TosText';

export interface AccountDetails {
  firstName: string;
  lastName: string;
  password: string;
  tosConsent: true;
}

export function AccountDetailsForm({
  email,
  busy,
  submitLabel,
  onSubmit,
}: {
  email: string;
  busy: boolean;
  submitLabel: string;
  onSubmit: (details: AccountDetails) => void;
}) {
  const [values, setValues] = useState<Omit<SignupConfirmInput, 'tosConsent'> & { tosConsent: boolean }>({
    firstName: '',
    lastName: '',
    password: '',
    tosConsent: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tosOpen, setTosOpen] = useState(false);
  const set = (key: keyof typeof values) => (value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(signupConfirmInputSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    onSubmit(checked.data as AccountDetails);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="account-details-form">
      <Stack gap="sm">
        <TextInput label="E-mail" value={email} readOnly autoComplete="username" data-testid="account-email" />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            autoFocus
            required
            maxLength={NAME_MAX_LENGTH}
            value={values.firstName}
            onChange={(e) => set('firstName')(e.currentTarget.value)}
            error={errors.firstName}
            data-testid="account-first-name"
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            maxLength={NAME_MAX_LENGTH}
            value={values.lastName}
            onChange={(e) => set('lastName')(e.currentTarget.value)}
            error={errors.lastName}
            data-testid="account-last-name"
          />
        </Group>
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(e) => set('password')(e.currentTarget.value)}
          error={errors.password}
          data-testid="account-password"
        />
        <PasswordRules />
        <Checkbox
          checked={values.tosConsent}
          onChange={(e) => set('tosConsent')(e.currentTarget.checked)}
          error={errors.tosConsent}
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
        <Button type="submit" loading={busy} data-testid="account-submit">
          {submitLabel}
        </Button>
      </Stack>
      <Modal opened={tosOpen} onClose={() => setTosOpen(false)} title="Terms of service" size="lg">
        <TosText height={420} />
      </Modal>
    </form>
  );
}
