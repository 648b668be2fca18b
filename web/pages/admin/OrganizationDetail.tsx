/**
 * One organisation's members (the users list filtered to it, on the server) and its feature
 * overrides: each feature's global level and this organisation's own level, set or removed with
 * PUT /admin/features/{name}/organizations/{id} (audited as feature.set_level).
 */
import { Anchor, Card, Grid, Group, Select, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_PATHS, type AdminFeatureList, type Organization } from '@common/api/admin';
import { ADMIN_USER_PATHS, type UserListPage } from '@common/api/adminUsers';
import { formatDate } from '@common/format';
import { api } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';

const LEVELS = [
  { value: 'inherit', label: 'as global' },
  { value: '0', label: '0 off' },
  { value: '1', label: '1 test hosts' },
  { value: '2', label: '2 everywhere' },
];

type Member = UserListPage['users'][number];

const MEMBER_COLUMNS: Column<Member>[] = [
  { header: 'E-mail', field: 'email' },
  { header: 'Name', id: 'name', value: (u) => u.name ?? '' },
  { header: 'Role', field: 'role' },
  { header: 'Status', field: 'status' },
  { header: 'Last sign-in', id: 'lastLoginAt', value: (u) => (u.lastLoginAt ? formatDate(u.lastLoginAt) : 'never signed in') },
];

/** A feature as its row shows it, with the organisation's own level and what choosing one does. */
interface FeatureRow {
  name: string;
  globalLevel: number;
  level: string;
  label: string;
  saving: boolean;
  choose: (value: string | null) => void;
}

function FeatureNameCell({ row }: CellProps<FeatureRow>) {
  return (
    <Text span inherit ff="monospace">
      {row.name}
    </Text>
  );
}

function LevelCell({ row }: CellProps<FeatureRow>) {
  return (
    <Select
      size="xs"
      w={140}
      aria-label={row.label}
      data-testid={`organization-feature-${row.name}`}
      data={LEVELS}
      value={row.level}
      disabled={row.saving}
      onChange={row.choose}
    />
  );
}

const FEATURE_COLUMNS: Column<FeatureRow>[] = [
  { header: 'Feature', field: 'name', cell: FeatureNameCell },
  { header: 'Global', field: 'globalLevel' },
  { header: 'This organisation', id: 'level', cell: LevelCell, control: true },
];

export function OrganizationDetail({ organization }: { organization: Organization }) {
  const members = useApiQuery<UserListPage>(ADMIN_USER_PATHS.users, {
    query: { organizationId: organization.id, sort: 'email', limit: 50 },
  });
  const features = useApiQuery<AdminFeatureList>(ADMIN_PATHS.adminFeatures);
  const setLevel = useApiMutation(
    ({ name, value }: { name: string; value: string | null }) =>
      api.put(ADMIN_PATHS.adminFeatureOrganization({ name, organizationId: organization.id }), {
        level: value === null || value === 'inherit' ? null : Number(value),
      }),
    { invalidates: [ADMIN_PATHS.adminFeatures] },
  );
  const featureRows = (features.data?.features ?? []).map((f): FeatureRow => {
    const own = f.organizations.find((o) => o.organizationId === organization.id);
    return {
      name: f.name,
      globalLevel: f.globalLevel,
      level: own ? String(own.level) : 'inherit',
      label: `${f.name} for ${organization.name}`,
      saving: setLevel.busy && setLevel.variables?.name === f.name,
      choose: (value) => void setLevel.run({ name: f.name, value }),
    };
  });
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
          <SimpleTable
            rows={members.data?.users ?? []}
            columns={MEMBER_COLUMNS}
            rowKey={(u) => u.id}
            headless
            fz="xs"
            striped
            testId="organization-members"
          />
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
          {setLevel.error && (
            <Text size="xs" c="red">
              {setLevel.error}
            </Text>
          )}
          <SimpleTable rows={featureRows} columns={FEATURE_COLUMNS} rowKey={(r) => r.name} fz="xs" testId="organization-features" />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
