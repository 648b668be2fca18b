/**
 * /bw/admin/organizations: the organisations — name, type, e-mail domains (who joins at sign-up),
 * subscription (a subscribed organisation's users have no trial), members — created and edited
 * over /admin/organizations; a row opens its members and per-organisation features. A domain another organisation holds is refused by the server (409),
 * shown with its reason.
 */
import { Alert, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PATHS, type Organization, type OrganizationListResponse } from '@common/api/admin';
import { ORGANIZATION_TYPES, type OrganizationType } from '@common/enums';
import { formatDate } from '@common/format';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { apiKey } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { OrganizationDetail } from './OrganizationDetail';

interface Draft {
  name: string;
  type: OrganizationType | null;
  domains: string;
  subscribed: boolean;
}
const EMPTY: Draft = { name: '', type: null, domains: '', subscribed: false };
const draftOf = (o: Organization): Draft => ({ name: o.name, type: o.type, domains: o.domains.join(', '), subscribed: o.subscribed });
const bodyOf = (d: Draft) => ({
  name: d.name,
  type: d.type,
  domains: d.domains
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean),
  subscribed: d.subscribed,
});

function DraftFields({ draft, onChange }: { draft: Draft; onChange: (d: Draft) => void }) {
  return (
    <>
      <TextInput size="xs" label="Name" value={draft.name} onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })} w={220} />
      <Select
        size="xs"
        label="Type"
        clearable
        value={draft.type}
        onChange={(v) => onChange({ ...draft, type: v as OrganizationType | null })}
        data={[...ORGANIZATION_TYPES]}
        w={130}
      />
      <TextInput
        size="xs"
        label="E-mail domains"
        placeholder="example.com, example.co.uk"
        value={draft.domains}
        onChange={(e) => onChange({ ...draft, domains: e.currentTarget.value })}
        w={280}
      />
      <Checkbox
        size="xs"
        label="Subscribed"
        checked={draft.subscribed}
        onChange={(e) => onChange({ ...draft, subscribed: e.currentTarget.checked })}
      />
    </>
  );
}

export default function AdminOrganizationsPage() {
  const client = useQueryClient();
  const key = apiKey(ADMIN_PATHS.adminOrganizations);
  const list = useQuery({ queryKey: key, queryFn: () => api.get<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations) });
  const [created, setCreated] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>, after: () => void) => {
    setError(null);
    try {
      await work();
      after();
      await client.invalidateQueries({ queryKey: key });
    } catch (err) {
      setError(apiErrorText(err));
    }
  };
  return (
    <Stack gap="sm" data-testid="admin-organizations-page">
      <PageTitle />
      <Group align="end">
        <DraftFields draft={created} onChange={setCreated} />
        <Button
          size="xs"
          disabled={!created.name.trim()}
          onClick={() =>
            void run(
              () => api.post(ADMIN_PATHS.adminOrganizations, bodyOf(created)),
              () => setCreated(EMPTY),
            )
          }
          data-testid="organization-create"
        >
          Add organisation
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" data-testid="organization-error">
          {error}
        </Alert>
      )}
      {list.isError && <Alert color="red">{apiErrorText(list.error)}</Alert>}
      <Table striped data-testid="organization-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Domains</Table.Th>
            <Table.Th>Subscribed</Table.Th>
            <Table.Th ta="right">Members</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.organizations ?? []).map((o) =>
            editing?.id === o.id ? (
              <Table.Tr key={o.id}>
                <Table.Td colSpan={7}>
                  <Group align="end">
                    <DraftFields draft={editing.draft} onChange={(draft) => setEditing({ id: o.id, draft })} />
                    <Button
                      size="xs"
                      onClick={() =>
                        void run(
                          () => api.put(ADMIN_PATHS.adminOrganization({ id: o.id }), bodyOf(editing.draft)),
                          () => setEditing(null),
                        )
                      }
                      data-testid="organization-save"
                    >
                      Save
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                      Cancel
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ) : (
              [
                <Table.Tr key={o.id} data-testid={`organization-${o.name}`}>
                  <Table.Td>{o.name}</Table.Td>
                  <Table.Td>{o.type ?? '—'}</Table.Td>
                  <Table.Td>{o.domains.join(', ') || '—'}</Table.Td>
                  <Table.Td>{o.subscribed ? 'yes' : 'no'}</Table.Td>
                  <Table.Td ta="right">{o.userCount}</Table.Td>
                  <Table.Td>{formatDate(o.created)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ id: o.id, draft: draftOf(o) })}>
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setOpened(opened === o.id ? null : o.id)}
                        data-testid="organization-open"
                      >
                        {opened === o.id ? 'Close' : 'Members & features'}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>,
                opened === o.id && (
                  <Table.Tr key={`${o.id}-detail`}>
                    <Table.Td colSpan={7}>
                      <OrganizationDetail organization={o} />
                    </Table.Td>
                  </Table.Tr>
                ),
              ]
            ),
          )}
        </Table.Tbody>
      </Table>
      {list.data?.organizations.length === 0 && <Text size="sm">No organisations yet.</Text>}
    </Stack>
  );
}
