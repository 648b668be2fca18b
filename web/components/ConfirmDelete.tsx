/** The one "are you sure?" before something is deleted for good: names it, and says what goes with it. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface Props {
  /** What is deleted, e.g. "table"; null when nothing is (the dialog is closed). */
  name: string | null;
  title: string;
  /** What goes with it ("and its earlier versions"). */
  alsoDeleted?: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDelete({ name, title, alsoDeleted, busy, onCancel, onConfirm }: Props) {
  return (
    <Modal opened={name !== null} onClose={onCancel} title={title} size="sm">
      <Stack gap="sm">
        <Text size="sm">
          Delete “{name}”{alsoDeleted ? ` ${alsoDeleted}` : ''}? This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button size="xs" color="red" loading={busy} onClick={onConfirm} data-testid="confirm-delete">
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
