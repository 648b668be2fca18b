/**
 * One e-mail field and a button, for sign-up, password reset and unlock requests. After a
 * successful call it shows a neutral confirmation that never says whether the address has an
 * account (no user enumeration).
 */
import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { emailSchema } from '@common/validation/account';
import { FormError, FormNotice } from '../../components/AuthPanel';
import { apiErrorText } from '../../api/errorText';
import { humaneIssue } from '../../api/humaneError';

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
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = emailSchema.safeParse(email);
    if (!checked.success) return setFieldError(humaneIssue(checked.error.issues[0]));
    setFieldError(undefined);
    setError(null);
    setBusy(true);
    try {
      await send(checked.data);
      setSentTo(checked.data);
    } catch (failure) {
      setError(apiErrorText(failure));
    } finally {
      setBusy(false);
    }
  };
  if (sentTo) return <FormNotice testId={`${testId}-sent`}>{confirmation(sentTo)}</FormNotice>;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid={`${testId}-form`}>
      <Stack gap="sm">
        <FormError testId={`${testId}-error`} error={error} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          autoFocus
          required
          value={email}
          description="Your work address, like name@company.com"
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError}
          data-testid={`${testId}-email`}
        />
        <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
