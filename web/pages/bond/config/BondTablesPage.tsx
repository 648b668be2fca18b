/**
 * /bw/bond/config: the user's custom bond tables — named views with their own columns, sorts and
 * filters, saved on the server under a uuid. Create (starting from the current bond-table view),
 * rename, duplicate, delete, and open (/bw/bond/config/{uuid}).
 *
 * Data and requests live in useBondTables; this file lays out the parts.
 */
import { Alert, Card, Center, Loader, Stack, Text } from '@mantine/core';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { PageTitle } from '../../../components/PageTitle';
import { apiErrorText } from '../../../api/errorText';
import { BondTableNameModal } from './BondTableNameModal';
import { BondTablesList } from './BondTablesList';
import { NewBondTableForm } from './NewBondTableForm';
import { useBondTables } from './useBondTables';

export default function BondTablesPage() {
  const state = useBondTables();
  const { tables, rows, renaming, deleting } = state;

  return (
    <Stack gap="sm" maw={1200} data-testid="bond-tables-page">
      <PageTitle />
      <NewBondTableForm state={state} />
      {tables.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {tables.isError && (
        <Alert color="red" data-testid="bond-tables-error">
          {apiErrorText(tables.error)}
        </Alert>
      )}
      {rows && rows.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="bond-tables-empty">
          No custom tables yet. Name one above to create it.
        </Text>
      )}
      {rows && rows.length > 0 && (
        <Card withBorder padding={0}>
          <BondTablesList rows={rows} />
        </Card>
      )}
      {renaming && (
        <BondTableNameModal
          key={renaming.id}
          title="Rename table"
          initial={renaming.name}
          opened
          onClose={state.stopRenaming}
          onSubmit={(body) => state.renameTo(renaming.id, body)}
        />
      )}
      <ConfirmDelete
        name={deleting?.name ?? null}
        title="Delete table"
        busy={state.removeBusy}
        onCancel={state.stopDeleting}
        onConfirm={() => deleting && state.removeTable(deleting.id)}
      />
    </Stack>
  );
}
