/**
 * /bw/admin/deal: every deal (admins see calculator deals kept to an organisation too) by range,
 * stage and issuer; a row opens the deal's admin page; "New deal" announces one with its tranches.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { AdminDealFilters } from './AdminDealFilters';
import { AdminDealTable } from './AdminDealTable';
import { NewDealModal } from './NewDealModal';
import { useAdminDeals } from './useAdminDeals';

export default function AdminDealsPage() {
  const state = useAdminDeals();
  const { deals } = state;
  return (
    <Stack gap="sm" data-testid="admin-deals-page">
      <PageTitle />
      <AdminDealFilters state={state} />
      {deals.isError && <Alert color="red">{apiErrorText(deals.error)}</Alert>}
      {deals.data && (
        <Text size="xs" c="dimmed">
          {deals.data.deals.length} deals announced {deals.data.from} to {deals.data.to}
        </Text>
      )}
      {deals.data && deals.data.deals.length > 0 && <AdminDealTable deals={deals.data.deals} />}
      <NewDealModal opened={state.creating} onClose={() => state.setCreating(false)} />
    </Stack>
  );
}
