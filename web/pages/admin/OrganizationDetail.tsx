/**
 * One organisation's members (the users list filtered to it, on the server) and its feature
 * overrides: each feature's global level and this organisation's own level, set or removed with
 * PUT /admin/features/{name}/organizations/{id} (audited as feature.set_level).
 */
import { Anchor, Card, Grid, Group, Select, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ADMIN_PATHS, type AdminFeatureList, type Organization } from '@common/api/admin';
import { ADMIN_USER_PATHS, type UserListPage } from '@common/api/adminUsers';
import { formatDate } from '@common/format';
import { api } from '../../api/client';
import { apiKey, useApiQuery } from '../../api/queries';
import { useAdminAction } from './useAdminAction';

const LEVELS = [
  { value: 'inherit', label: 'as global' },
  { value: '0', label: '0 off' },
  { value: '1', label: '1 test hosts' },
  { value: '2', label: '2 everywhere' },
];

export function OrganizationDetail({ organization }: { organization: Organization }) {
  const client = useQueryClient();
  const members = useApiQuery<UserListPage>(ADMIN_USER_PATHS.users, {
    query: { organizationId: organization.id, sort: 'email', limit: 50 },
  });
  const features = useApiQuery<AdminFeatureList>(ADMIN_PATHS.adminFeatures);
  const { busy, error, run } = useAdminAction();
  const setLevel = (name: string, value: string | null) =>
    run(
      name,
      () =>
        api.put(ADMIN_PATHS.adminFeatureOrganization({ name, organizationId: organization.id }), {
          level: value === null || value === 'inherit' ? null : Number(value),
        }),
      () => client.invalidateQueries({ queryKey: apiKey(ADMIN_PATHS.adminFeatures) }),
    );
  return (
    <Grid gap="sm" data-testid="organization-detail">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder padding="xs">
          <Group justify="space-between" mb={4}>
            <Title order={3} size="h6">
              Members ({members.data?.total ?? '…'})
            </Title>
            <Anchor component={Link} to="/bw/admin/users" size="xs">
              Users page →
            </Anchor>
          </Group>
          <Table fz="xs" striped data-testid="organization-members">
            <Table.Tbody>
              {members.data?.users.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{u.name ?? ''}</Table.Td>
                  <Table.Td>{u.role}</Table.Td>
                  <Table.Td>{u.status}</Table.Td>
                  <Table.Td>{u.lastLoginAt ? formatDate(u.lastLoginAt) : 'never signed in'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {members.data && members.data.total > members.data.users.length && (
            <Text size="xs" c="dimmed">
              The first {members.data.users.length} by e-mail.
            </Text>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder padding="xs">
          <Title order={3} size="h6" mb={4}>
            Features for {organization.name}
          </Title>
          {error && (
            <Text size="xs" c="red">
              {error}
            </Text>
          )}
          <Table fz="xs" data-testid="organization-features">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Feature</Table.Th>
                <Table.Th>Global</Table.Th>
                <Table.Th>This organisation</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {features.data?.features.map((f) => {
                const own = f.organizations.find((o) => o.organizationId === organization.id);
                return (
                  <Table.Tr key={f.name}>
                    <Table.Td ff="monospace">{f.name}</Table.Td>
                    <Table.Td>{f.globalLevel}</Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        w={140}
                        aria-label={`${f.name} for ${organization.name}`}
                        data-testid={`organization-feature-${f.name}`}
                        data={LEVELS}
                        value={own ? String(own.level) : 'inherit'}
                        disabled={busy === f.name}
                        onChange={(v) => void setLevel(f.name, v)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
