/**
 * /bw/admin/migration: the database migrations applied and pending, and the background jobs —
 * each one's last start, duration, error and next run, with run-now and pause (audited; a
 * paused job is skipped on every instance, run-now still runs it).
 */
import { Alert, Badge, Card, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SYSTEM_PATHS, type JobState } from '@common/api/system';
import { formatDate } from '@common/format';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { useAdminAction } from '../useAdminAction';
import { JobsTable } from './JobsTable';
import { SourcesTable } from './SourcesTable';
import { systemStateKey, useSystemState } from './useSystemState';

export default function AdminMigrationPage() {
  const state = useSystemState();
  const client = useQueryClient();
  const { busy, error, run } = useAdminAction();
  const act = (key: string, call: () => Promise<unknown>) => run(key, call, () => client.invalidateQueries({ queryKey: systemStateKey }));
  const s = state.data;
  return (
    <Stack gap="sm" data-testid="admin-migration-page">
      <PageTitle />
      {state.isError && <Alert color="red">{apiErrorText(state.error)}</Alert>}
      {error && (
        <Alert color="red" data-testid="job-action-error">
          {error}
        </Alert>
      )}
      {s && (
        <>
          <Card withBorder padding="md">
            <Text fw={700} mb={4}>
              Background jobs
            </Text>
            <Text size="xs" c="dimmed" mb="xs">
              One instance runs each job at a time. Run now starts it on the instance answering you, unless a run is in progress; a paused
              job is skipped everywhere until resumed.
            </Text>
            <JobsTable
              jobs={s.jobs}
              busy={busy}
              onRun={(name) => void act(`run:${name}`, () => api.post(SYSTEM_PATHS.jobRun({ name })))}
              onPause={(name, paused) => void act(`pause:${name}`, () => api.put<JobState>(SYSTEM_PATHS.job({ name }), { paused }))}
            />
          </Card>
          <Card withBorder padding="md">
            <Text fw={700} mb={4}>
              Market data sources
            </Text>
            <Text size="xs" c="dimmed" mb="xs">
              Each public source loads under its own background job and resumes where its last run stopped; the lag counts calendar days
              from the latest market date loaded.
            </Text>
            <SourcesTable sources={s.sources} marketSource={s.marketSource} />
          </Card>
          <Card withBorder padding="md">
            <Text fw={700} mb="xs">
              Database migrations{' '}
              <Badge
                component="span"
                color={s.migrations.pending.length ? 'orange' : 'teal'}
                variant="light"
                data-testid="migrations-pending"
              >
                {s.migrations.pending.length ? `${s.migrations.pending.length} pending` : 'up to date'}
              </Badge>
            </Text>
            <Text size="xs" c="dimmed" mb="xs">
              Migrations run at start-up, in one transaction under a lock, so a pending one means an instance of an older build is serving,
              or the last start failed (its log names the migration).
            </Text>
            <Table fz="sm" verticalSpacing={3} striped data-testid="migrations-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Migration</Table.Th>
                  <Table.Th>Applied</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...s.migrations.pending, ...[...s.migrations.applied].reverse()].map((m) => (
                  <Table.Tr key={m.name}>
                    <Table.Td ff="monospace">{m.name}</Table.Td>
                    <Table.Td>{m.appliedAt ? formatDate(m.appliedAt) : <Badge color="orange">pending</Badge>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </>
      )}
    </Stack>
  );
}
