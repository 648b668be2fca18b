/** The domain list's columns; the organisation, employee and remove cells edit through the page's state. */
import { Button, Checkbox, Select } from '@mantine/core';
import type { AdminDomain } from '@common/api/adminDomains';
import type { Column } from '../../../components/DataTable';
import { removeQuestion } from './adminDomainsView';
import type { AdminDomainsState } from './useAdminDomains';

export function domainColumns({ options, change, remove }: AdminDomainsState): Column<AdminDomain>[] {
  return [
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
          onChange={(organizationId) => organizationId && change(row, { organizationId })}
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
          onChange={(e) => change(row, { employee: e.currentTarget.checked })}
        />
      ),
    },
    { header: 'Changed', field: 'updatedAt', kind: 'date', flex: 1 },
    {
      header: '',
      width: 100,
      cell: ({ row }) => (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => window.confirm(removeQuestion(row.domain)) && remove(row)}>
          Remove
        </Button>
      ),
    },
  ];
}
