import { Alert, Button, Card, Table, Title } from '@mantine/core';
import { formatDate } from '@common/format';
import type { AdminDisplayNameState } from './useAdminDisplayName';

/** The overrides in force, each removable. */
export function DisplayNameOverrides({ state }: { state: AdminDisplayNameState }) {
  const { overrides, removeError, remove } = state;
  return (
    <Card withBorder padding="xs">
      <Title order={2} size="h5" mb="xs">
        Overrides in force ({overrides.data?.total ?? '…'})
      </Title>
      {removeError && <Alert color="red">{removeError}</Alert>}
      <Table fz="sm" striped data-testid="display-name-overrides">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th>Reference name</Table.Th>
            <Table.Th>Shown as</Table.Th>
            <Table.Th>Changed</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {overrides.data?.overrides.map((o) => (
            <Table.Tr key={`${o.subjectType}-${o.subjectId}`}>
              <Table.Td>{o.subjectType}</Table.Td>
              <Table.Td ff="monospace">{o.label}</Table.Td>
              <Table.Td>{o.referenceName}</Table.Td>
              <Table.Td>{o.displayName}</Table.Td>
              <Table.Td>
                {formatDate(o.updatedAt)} {o.updatedBy}
              </Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(o)}>
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
