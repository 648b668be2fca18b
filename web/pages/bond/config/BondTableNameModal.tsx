/** The dialog that renames a custom bond table; Save waits for a name the server will accept. */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BOND_TABLE_NAME_MAX_LENGTH, bondTableNameSchema } from '@common/api/bondTables';
import { humaneIssue } from '../../../api/humaneError';

export function BondTableNameModal({
  title,
  initial,
  opened,
  busy,
  onClose,
  onSubmit,
}: {
  title: string;
  initial: string;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  const parsed = bondTableNameSchema.safeParse(name);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed.success) onSubmit(parsed.data);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={BOND_TABLE_NAME_MAX_LENGTH}
            data-autofocus
            error={name && !parsed.success ? humaneIssue(parsed.error.issues[0]) : undefined}
            data-testid="table-name-input"
          />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={busy} disabled={!parsed.success} data-testid="table-name-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
