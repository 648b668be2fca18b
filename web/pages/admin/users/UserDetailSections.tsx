import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AdminUserDetail } from '@common/api/adminUsers';
import { DataTable } from '../../../components/DataTable';
import type { UserDetailState } from './useUserDetail';
import { featureLevelValue, LEVELS, secondFactorText, SESSION_COLUMNS, type Session } from './userDetailView';

/** The person's sessions and second factors, and their feature overrides with the save button. */
export function UserDetailSections({ user, state }: { user: AdminUserDetail; state: UserDetailState }) {
  const { features, setFeature, ask } = state;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Sessions ({user.sessions.length})
        </Text>
        <DataTable<Session> rows={user.sessions} columns={SESSION_COLUMNS} rowId={(s) => s.id} height={160} testId="user-sessions" />
        <Text fw={600} size="sm" mt="xs">
          Second factors
        </Text>
        {user.secondFactors.length === 0 && <Text size="sm">None</Text>}
        {user.secondFactors.map((f, k) => (
          <Text key={k} size="sm">
            {secondFactorText(f)}
          </Text>
        ))}
      </Stack>
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Features (level in effect; their own override)
          </Text>
          <Button size="compact-xs" disabled={Object.keys(features).length === 0} onClick={ask.features}>
            Save features
          </Button>
        </Group>
        <SimpleGrid cols={2} spacing={4}>
          {user.features.map((f) => (
            <Group key={f.name} gap={4} wrap="nowrap">
              <Text size="xs" w={150} truncate>
                {f.name} ({f.level})
              </Text>
              <Select
                size="xs"
                w={170}
                data={LEVELS}
                value={featureLevelValue(f, features)}
                onChange={(v) => v && setFeature(f.name, v)}
                aria-label={`${f.name} override`}
              />
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </SimpleGrid>
  );
}
