/** A small modal that asks for the password before removing a second factor. */
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormError } from '../../components/AuthPanel';

export function ConfirmWithPassword({
  opened,
  title,
  text,
  busy,
  error,
  onConfirm,
  onClose,
  testId,
}: {
  opened: boolean;
  title: string;
  text: string;
  busy: boolean;
  error: string | null;
  onConfirm: (password: string) => void;
  onClose: () => void;
  testId: string;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onConfirm(password);
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {
        setPassword('');
        onClose();
      }}
      title={title}
      size="sm"
    >
      <form onSubmit={submit} data-testid={testId}>
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          <FormError testId={`${testId}-error`} error={error} />
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            data-autofocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-testid={`${testId}-password`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={!password} data-testid={`${testId}-submit`}>
              Remove
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
