/**
 * One e-mail field and a button, for sign-up, password reset and unlock requests. After a
 * successful call it shows a neutral confirmation that never says whether the address has an
 * account (no user enumeration).
 */
import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { signupBodySchema } from '@common/api/auth';
import { FormError, FormNotice } from '../../components/AuthPanel';
import { useContractForm } from '../../components/forms/useContractForm';

export function EmailRequestForm({
  submitLabel,
  send,
  confirmation,
  testId,
}: {
  submitLabel: string;
  send: (email: string) => Promise<unknown>;
  confirmation: (email: string) => string;
  testId: string;
}) {
  // Sign-up, reset and unlock requests all take `{ email }`, checked by the one e-mail rule.
  const { form, formError, onSubmit } = useContractForm({ schema: signupBodySchema, initialValues: { email: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = onSubmit(async ({ email }) => {
    await send(email);
    setSentTo(email);
  });
  if (sentTo) return <FormNotice testId={`${testId}-sent`}>{confirmation(sentTo)}</FormNotice>;
  return (
    <form onSubmit={submit} noValidate data-testid={`${testId}-form`}>
      <Stack gap="sm">
        <FormError testId={`${testId}-error`} error={formError} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          autoFocus
          required
          description="Your work address, like name@company.com"
          {...form.getInputProps('email')}
          data-testid={`${testId}-email`}
        />
        <Button type="submit" loading={form.submitting} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
