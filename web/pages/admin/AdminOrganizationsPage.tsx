/**
 * /bw/admin/organizations: the organisations — name, type, e-mail domains (who joins at sign-up),
 * subscription (a subscribed organisation's users have no trial), members — created and edited
 * over /admin/organizations; a row opens its members and per-organisation features. A domain another organisation holds is refused by the server (409),
 * shown with its reason.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { apiErrorText } from '../../api/errorText';
import { PageTitle } from '../../components/PageTitle';
import { OrganizationDraftFields } from './OrganizationDraftFields';
import { OrganizationTable } from './OrganizationTable';
import { useAdminOrganizations } from './useAdminOrganizations';

export default function AdminOrganizationsPage() {
  const state = useAdminOrganizations();
  const { list, created, error } = state;
  return (
    <Stack gap="sm" data-testid="admin-organizations-page">
      <PageTitle />
      <Group align="end">
        <OrganizationDraftFields draft={created} onChange={state.setCreated} />
        <Button size="xs" disabled={!created.name.trim()} onClick={state.create} data-testid="organization-create">
          Add organisation
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" data-testid="organization-error">
          {error}
        </Alert>
      )}
      {list.isError && <Alert color="red">{apiErrorText(list.error)}</Alert>}
      <OrganizationTable state={state} />
      {list.data?.organizations.length === 0 && <Text size="sm">No organisations yet.</Text>}
    </Stack>
  );
}
