/** The card that names and creates a new custom bond table; Create waits for something typed. */
import { Button, Card, Group, Text, TextInput } from '@mantine/core';
import { BOND_TABLE_NAME_MAX_LENGTH } from '@common/api/bondTables';
import type { BondTablesState } from './useBondTables';

export function NewBondTableForm({
  state: { newTableForm, createTable, creating },
}: {
  state: Pick<BondTablesState, 'newTableForm' | 'createTable' | 'creating'>;
}) {
  return (
    <Card withBorder padding="sm">
      <form onSubmit={createTable} noValidate>
        <Group align="flex-end" gap="xs">
          <TextInput
            size="xs"
            w={320}
            label="New table"
            placeholder="e.g. IG financials 5–10Y"
            maxLength={BOND_TABLE_NAME_MAX_LENGTH}
            {...newTableForm.getInputProps('name')}
            data-testid="new-table-name"
          />
          <Button type="submit" size="xs" loading={creating} disabled={newTableForm.values.name === ''} data-testid="create-table">
            Create
          </Button>
          <Text size="xs" c="dimmed">
            Starts with your bond table's columns and sorts; open it to set filters, columns and sorts of its own.
          </Text>
        </Group>
      </form>
    </Card>
  );
}
