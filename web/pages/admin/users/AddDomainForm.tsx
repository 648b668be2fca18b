import { Button, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { canAdd } from './adminDomainsView';
import type { AdminDomainsState } from './useAdminDomains';

/** Adds a domain to an organisation; the form empties once the server took it. */
export function AddDomainForm({ state }: { state: AdminDomainsState }) {
  const { form, options, add } = state;
  return (
    <form onSubmit={add} noValidate>
      <Group align="end">
        <TextInput size="xs" label="Domain" placeholder="example.com" {...form.getInputProps('domain')} data-testid="domain-name" />
        <Select
          size="xs"
          label="Organisation"
          data={options}
          {...form.getInputProps('organizationId')}
          w={220}
          searchable
          data-testid="domain-organization"
        />
        <Checkbox size="xs" label="Employees" {...form.getInputProps('employee', { type: 'checkbox' })} />
        <Button type="submit" size="xs" disabled={!canAdd(form.values)} data-testid="domain-add">
          Add domain
        </Button>
      </Group>
    </form>
  );
}
