/**
 * The dialog that renames a custom bond table: a form on the update contract, so a name it refuses
 * says so under the field before anything is sent, as does the server's 400 naming it; any other
 * refusal is the §8 error toast. The dialog closes once the server took the name.
 */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { BOND_TABLE_NAME_MAX_LENGTH, bondTableUpdateBodySchema, type BondTableUpdateBody } from '@common/api/bondTables';
import { useContractForm } from '../../../components/forms/useContractForm';

export function BondTableNameModal({
  title,
  initial,
  opened,
  onClose,
  onSubmit,
}: {
  title: string;
  initial: string;
  opened: boolean;
  onClose: () => void;
  /** Sends the body (`{ name }`, trimmed); a refusal it throws comes back onto the form. */
  onSubmit: (body: BondTableUpdateBody) => Promise<unknown>;
}) {
  const { form, onSubmit: submit } = useContractForm({
    schema: bondTableUpdateBodySchema,
    initialValues: { name: initial },
    errorToast: true,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm">
      <form onSubmit={submit(onSubmit)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            maxLength={BOND_TABLE_NAME_MAX_LENGTH}
            data-autofocus
            {...form.getInputProps('name')}
            data-testid="table-name-input"
          />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={form.submitting} disabled={form.values.name === ''} data-testid="table-name-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
