import { Button, Group, Table } from '@mantine/core';
import type { Organization } from '@common/api/admin';
import { formatDate } from '@common/format';
import { OrganizationDetail } from './OrganizationDetail';
import { OrganizationDraftFields } from './OrganizationDraftFields';
import { draftOfOrganization, type OrganizationDraft } from './organizationDrafts';
import type { AdminOrganizationsState } from './useAdminOrganizations';

/** The row being edited: the fields across the whole table, with save and cancel. */
function EditingRow({ id, draft, state }: { id: string; draft: OrganizationDraft; state: AdminOrganizationsState }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={7}>
        <Group align="end">
          <OrganizationDraftFields draft={draft} onChange={(next) => state.setEditing({ id, draft: next })} />
          <Button size="xs" onClick={() => state.save(id, draft)} data-testid="organization-save">
            Save
          </Button>
          <Button size="xs" variant="default" onClick={() => state.setEditing(null)}>
            Cancel
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** An organisation's row, and below it its members and features when opened. */
export function OrganizationRows({ organization: o, state }: { organization: Organization; state: AdminOrganizationsState }) {
  if (state.editing?.id === o.id) return <EditingRow id={o.id} draft={state.editing.draft} state={state} />;
  const open = state.opened === o.id;
  return (
    <>
      <Table.Tr data-testid={`organization-${o.name}`}>
        <Table.Td>{o.name}</Table.Td>
        <Table.Td>{o.type ?? '—'}</Table.Td>
        <Table.Td>{o.domains.join(', ') || '—'}</Table.Td>
        <Table.Td>{o.subscribed ? 'yes' : 'no'}</Table.Td>
        <Table.Td ta="right">{o.userCount}</Table.Td>
        <Table.Td>{formatDate(o.created)}</Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="subtle" onClick={() => state.setEditing({ id: o.id, draft: draftOfOrganization(o) })}>
              Edit
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => state.toggleOpened(o.id)} data-testid="organization-open">
              {open ? 'Close' : 'Members & features'}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <OrganizationDetail organization={o} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
