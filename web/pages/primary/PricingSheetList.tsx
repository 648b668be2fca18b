/**
 * /bw/primary/pricing-sheet: the caller's pricing sheets, most recently changed first — open,
 * duplicate, delete (confirmed), download as xlsx, or start a new one. The server decides what
 * the caller may do (owner-only; the workbook has its own feature).
 */
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { apiErrorText } from '../../api/errorText';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { PageTitle } from '../../components/PageTitle';
import { SheetListTable } from './SheetListTable';
import { usePricingSheetList } from './usePricingSheetList';

export function PricingSheetList() {
  const { sheets, rows, create, remove, deleting, setDeleting } = usePricingSheetList();
  return (
    <Stack gap="sm" maw={1100} data-testid="pricing-sheets-page">
      <PageTitle title="Pricing sheets" />
      <Group>
        <Button size="xs" onClick={() => void create.run()} loading={create.busy} data-testid="pricing-sheet-new">
          New pricing sheet
        </Button>
        <Text size="sm" c="dimmed">
          Or price in the{' '}
          <Anchor component={Link} to="/bw/primary/pricing">
            calculator
          </Anchor>{' '}
          and save it as a sheet.
        </Text>
      </Group>
      {sheets.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {sheets.isError && <Alert color="red">{apiErrorText(sheets.error)}</Alert>}
      {sheets.data && sheets.data.sheets.length === 0 && (
        <Card withBorder padding="md">
          <Text size="sm">No pricing sheets yet.</Text>
        </Card>
      )}
      {sheets.data && sheets.data.sheets.length > 0 && <SheetListTable rows={rows} />}
      <ConfirmDelete
        name={deleting?.name ?? null}
        title="Delete pricing sheet"
        alsoDeleted="and its earlier versions"
        busy={remove.busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove.run(deleting.id)}
      />
    </Stack>
  );
}
