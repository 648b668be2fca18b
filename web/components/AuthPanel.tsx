/**
 * Building blocks of the public account pages: a compact panel, the error line, the stated
 * password and e-mail rules (from common/validation/account.ts, so what we say is what we check).
 * Their fields are checked by the one form hook, components/forms/useContractForm.
 */
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@common/validation/account';

export function AuthPanel({ title, children, testId, footer }: { title: string; children: ReactNode; testId: string; footer?: ReactNode }) {
  return (
    <Paper withBorder p="lg" maw={420} mx="auto" mt="lg" data-testid={testId}>
      <Stack gap="md">
        <Title order={1} size="h2" data-testid="page-title">
          {title}
        </Title>
        {children}
        {footer && (
          <Group gap="md" justify="space-between">
            {footer}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The page's error line (role=alert so screen readers announce it). */
export function FormError({ error, testId }: { error: ReactNode | null | undefined; testId: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" p="xs" role="alert" data-testid={testId}>
      <Text size="sm">{error}</Text>
    </Alert>
  );
}

/** Neutral confirmation (e.g. "if an account exists we sent an e-mail"). */
export function FormNotice({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Alert color="blue" variant="light" p="xs" role="status" data-testid={testId}>
      <Text size="sm">{children}</Text>
    </Alert>
  );
}

/** The password rule as users read it; the check is passwordSchema. */
export const PASSWORD_RULE_TEXT = `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters, mixing at least two of: lower case, upper case, digits, symbols.`;

export function PasswordRules() {
  return (
    <Text size="xs" c="dimmed" data-testid="password-rules">
      Password: {PASSWORD_RULE_TEXT}
    </Text>
  );
}

/** Small link used in panel footers. */
export function AuthLink({ to, children, testId }: { to: string; children: ReactNode; testId: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" data-testid={testId}>
      {children}
    </Anchor>
  );
}
