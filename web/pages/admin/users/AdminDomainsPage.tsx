/**
 * /bw/admin/users/domains: the e-mail domains of organisations — a person signing up on one joins
 * its organisation; on an employee domain they are an employee (no trial). A domain another
 * organisation holds is refused by the server (409) and the reason shown; a domain changed by
 * someone else since it was read is refused too (409), and the list re-read.
 */
import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { ADMIN_DOMAIN_PATHS, type AdminDomain, type AdminDomainList } from '@common/api/adminDomains';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { apiKey } from '../../../api/queries';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';

export default function AdminDomainsPage() {
  const client = useQueryClient();
  const key = apiKey(ADMIN_DOMAIN_PATHS.domains);
  const list = useQuery({ queryKey: key, queryFn: () => api.get<AdminDomainList>(ADMIN_DOMAIN_PATHS.domains) });
  const organizations = useQuery({
    queryKey: apiKey(ADMIN_PATHS.adminOrganizations),
    queryFn: () => api.get<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations),
  });
  const options = (organizations.data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name }));
  const [draft, setDraft] = useState<{ domain: string; organizationId: string | null; employee: boolean }>({
    domain: '',
    organizationId: null,
    employee: false,
  });
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      return true;
    } catch (err) {
      setError(apiErrorText(err));
      return false;
    } finally {
      await client.invalidateQueries({ queryKey: key });
      await client.invalidateQueries({ queryKey: apiKey(ADMIN_PATHS.adminOrganizations) });
    }
  };
  const columns: Column<AdminDomain>[] = [
    { field: 'domain', header: 'Domain', flex: 1.5 },
    {
      header: 'Organisation (joined at sign-up)',
      flex: 2,
      cell: ({ row }) => (
        <Select
          size="xs"
          data={options}
          value={row.organization.id}
          aria-label={`Organisation of ${row.domain}`}
          onChange={(organizationId) =>
            organizationId &&
            void run(() => api.put(ADMIN_DOMAIN_PATHS.domain({ domain: row.domain }), { updatedAt: row.updatedAt, organizationId }))
          }
        />
      ),
    },
    {
      header: 'Employees',
      width: 110,
      cell: ({ row }) => (
        <Checkbox
          size="xs"
          mt={6}
          checked={row.employee}
          aria-label={`People on ${row.domain} are employees`}
          onChange={(e) =>
            void run(() =>
              api.put(ADMIN_DOMAIN_PATHS.domain({ domain: row.domain }), {
                updatedAt: row.updatedAt,
                employee: e.currentTarget.checked,
              }),
            )
          }
        />
      ),
    },
    { header: 'Changed', field: 'updatedAt', kind: 'date', flex: 1 },
    {
      header: '',
      width: 100,
      cell: ({ row }) => (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onClick={() =>
            window.confirm(`Remove ${row.domain}? New sign-ups on it will join no organisation; members stay.`) &&
            void run(() =>
              api.delete(`${ADMIN_DOMAIN_PATHS.domain({ domain: row.domain })}?updatedAt=${encodeURIComponent(row.updatedAt)}`),
            )
          }
        >
          Remove
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="sm" data-testid="admin-domains-page">
      <PageTitle />
      <Group align="end">
        <TextInput
          size="xs"
          label="Domain"
          placeholder="example.com"
          value={draft.domain}
          onChange={(e) => setDraft({ ...draft, domain: e.currentTarget.value })}
          data-testid="domain-name"
        />
        <Select
          size="xs"
          label="Organisation"
          data={options}
          value={draft.organizationId}
          onChange={(organizationId) => setDraft({ ...draft, organizationId })}
          w={220}
          searchable
          data-testid="domain-organization"
        />
        <Checkbox
          size="xs"
          label="Employees"
          checked={draft.employee}
          onChange={(e) => setDraft({ ...draft, employee: e.currentTarget.checked })}
        />
        <Button
          size="xs"
          disabled={!draft.domain.trim() || !draft.organizationId}
          data-testid="domain-add"
          onClick={async () => {
            if (await run(() => api.post(ADMIN_DOMAIN_PATHS.domains, draft)))
              setDraft({ domain: '', organizationId: null, employee: false });
          }}
        >
          Add domain
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" data-testid="domain-error">
          {error}
        </Alert>
      )}
      {list.isError && <Alert color="red">{apiErrorText(list.error)}</Alert>}
      <DataTable<AdminDomain> rows={list.data?.domains} columns={columns} rowId={(d) => d.domain} height={460} testId="domain-list" />
      {list.data && (
        <Text size="xs" c="dimmed">
          Employee domains from the configuration (EMPLOYEE_EMAIL_DOMAINS): {list.data.configuredEmployeeDomains.join(', ') || 'none'}
        </Text>
      )}
    </Stack>
  );
}
