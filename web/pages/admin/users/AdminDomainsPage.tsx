/**
 * /bw/admin/users/domains: the e-mail domains of organisations — a person signing up on one joins
 * its organisation; on an employee domain they are an employee (no trial). A domain another
 * organisation holds is refused by the server (409) and the reason shown; a domain changed by
 * someone else since it was read is refused too (409), and the list re-read.
 */
import { Alert, Stack, Text } from '@mantine/core';
import type { AdminDomain } from '@common/api/adminDomains';
import { apiErrorText } from '../../../api/errorText';
import { DataTable } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { AddDomainForm } from './AddDomainForm';
import { configuredDomainsText } from './adminDomainsView';
import { domainColumns } from './domainColumns';
import { useAdminDomains } from './useAdminDomains';

export default function AdminDomainsPage() {
  const state = useAdminDomains();
  const { list, error } = state;
  return (
    <Stack gap="sm" data-testid="admin-domains-page">
      <PageTitle />
      <AddDomainForm state={state} />
      {error && (
        <Alert color="red" role="alert" data-testid="domain-error">
          {error}
        </Alert>
      )}
      {list.isError && <Alert color="red">{apiErrorText(list.error)}</Alert>}
      <DataTable<AdminDomain>
        rows={list.data?.domains}
        columns={domainColumns(state)}
        rowId={(d) => d.domain}
        height={460}
        testId="domain-list"
      />
      {list.data && (
        <Text size="xs" c="dimmed">
          {configuredDomainsText(list.data.configuredEmployeeDomains)}
        </Text>
      )}
    </Stack>
  );
}
