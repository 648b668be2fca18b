import { Button, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { canAdd } from './adminDomainsView';
import type { AdminDomainsState } from './useAdminDomains';

/** Adds a domain to an organisation; the form empties once the server took it. */
export function AddDomainForm({ state }: { state: AdminDomainsState }) {
  const { draft, setDraft, options, add } = state;
  return (
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
      <Button size="xs" disabled={!canAdd(draft)} data-testid="domain-add" onClick={() => void add()}>
        Add domain
      </Button>
    </Group>
  );
}
