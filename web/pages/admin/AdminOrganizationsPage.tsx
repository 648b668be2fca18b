/**
 * /bw/admin/organizations: the organisations — name, type, e-mail domains (who joins at sign-up),
 * subscription (a subscribed organisation's users have no trial), members — created and edited
 * over /admin/organizations; a row opens its members and per-organisation features. A name or domain the contract refuses is said under its field
 * before anything is sent; a domain another organisation holds is refused by the server (409),
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
  const { list, createForm, error } = state;
  return (
    <Stack gap="sm" data-testid="admin-organizations-page">
      <PageTitle />
      <form onSubmit={state.create} noValidate>
        <Group align="end">
          <OrganizationDraftFields form={createForm} />
          <Button type="submit" size="xs" disabled={!createForm.values.name.trim()} data-testid="organization-create">
            Add organisation
          </Button>
        </Group>
      </form>
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
