/**
 * /bw/primary/pricing-sheet/{id}: one pricing sheet opened — its name, notes and the calculator
 * on its worksheet. Every change is saved a moment after the last one (useSheetAutosave); History
 * lists the states earlier saves replaced, and restoring one undoes an overwrite.
 * A sheet shared with the caller to view opens read-only: marked "View only", every control that
 * would change it disabled, no restore, and nothing ever sent to be saved (the server refuses a
 * viewer's save anyway; the page no longer lets one be attempted).
 */
import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PRICING_SHEET_PATHS, type PricingSheet } from '@common/api/pricingSheets';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { SheetEditor } from './SheetEditor';

export function OpenedPricingSheet({ id }: { id: number }) {
  const sheet = useApiQuery<PricingSheet>(PRICING_SHEET_PATHS.sheet({ id }), { staleTime: Infinity });
  return (
    <Stack gap="sm" data-testid="pricing-sheet-page">
      <PageTitle title={sheet.data ? sheet.data.name : 'Pricing sheet'} />
      {sheet.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {sheet.isError && (
        <Alert color="red" data-testid="pricing-sheet-error">
          <Text size="sm">{apiErrorText(sheet.error)}</Text>
          <Anchor component={Link} to="/bw/primary/pricing-sheet" size="sm">
            All pricing sheets
          </Anchor>
        </Alert>
      )}
      {sheet.data && <SheetEditor key={sheet.data.id} sheet={sheet.data} />}
    </Stack>
  );
}
