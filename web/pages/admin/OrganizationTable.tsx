import { Button, Group } from '@mantine/core';
import type { Organization } from '@common/api/admin';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { OrganizationDetail } from './OrganizationDetail';
import { OrganizationDraftFields } from './OrganizationDraftFields';
import type { AdminOrganizationsState } from './useAdminOrganizations';

/** An organisation as its row shows it, with the page's state its buttons change. */
interface OrganizationRow {
  organization: Organization;
  state: AdminOrganizationsState;
}

function ActionsCell({ row: { organization: o, state } }: CellProps<OrganizationRow>) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="subtle" onClick={() => state.edit(o)}>
        Edit
      </Button>
      <Button size="compact-xs" variant="subtle" onClick={() => state.toggleOpened(o.id)} data-testid="organization-open">
        {state.opened === o.id ? 'Close' : 'Members & features'}
      </Button>
    </Group>
  );
}

const COLUMNS: Column<OrganizationRow>[] = [
  { header: 'Name', id: 'name', value: (r) => r.organization.name },
  { header: 'Type', id: 'type', value: (r) => r.organization.type ?? '—' },
  { header: 'Domains', id: 'domains', value: (r) => r.organization.domains.join(', ') || '—' },
  { header: 'Subscribed', id: 'subscribed', value: (r) => (r.organization.subscribed ? 'yes' : 'no') },
  // As it comes, not as a count: the list has always shown "1500", not "1,500".
  { header: 'Members', id: 'members', value: (r) => r.organization.userCount, align: 'right' },
  { header: 'Created', id: 'created', value: (r) => r.organization.created, kind: 'date' },
  { header: '', id: 'actions', cell: ActionsCell, control: true },
];

/** The row being edited: the fields across the whole table, with save and cancel. */
function EditingRow({ id, state }: { id: string; state: AdminOrganizationsState }) {
  return (
    <form onSubmit={state.save(id)} noValidate>
      <Group align="end">
        <OrganizationDraftFields form={state.editForm} />
        <Button type="submit" size="xs" data-testid="organization-save">
          Save
        </Button>
        <Button size="xs" variant="default" onClick={state.cancelEdit}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

/** The organisations, each row opening to its members and features; the one being edited as its fields. */
export function OrganizationTable({ state }: { state: AdminOrganizationsState }) {
  const { editing } = state;
  const isEdited = (r: OrganizationRow) => editing === r.organization.id;
  return (
    <SimpleTable
      rows={state.organizations.map((organization) => ({ organization, state }))}
      columns={COLUMNS}
      rowKey={(r) => r.organization.id}
      rowTestId={(r) => `organization-${r.organization.name}`}
      replaceRow={(r) => (editing && isEdited(r) ? <EditingRow id={editing} state={state} /> : null)}
      expandedRow={(r) =>
        state.opened === r.organization.id && !isEdited(r) ? <OrganizationDetail organization={r.organization} /> : null
      }
      striped
      testId="organization-list"
    />
  );
}
