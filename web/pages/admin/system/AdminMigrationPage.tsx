/**
 * /bw/admin/migration: the database migrations applied and pending, and the background jobs —
 * each one's last start, duration, error and next run, with run-now and pause (audited; a
 * paused job is skipped on every instance, run-now still runs it).
 */
import { Alert, Badge, Card, Stack, Text } from '@mantine/core';
import { SYSTEM_PATHS, type JobState, type SystemState } from '@common/api/system';
import { formatDate } from '@common/format';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiMutation } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { JobsTable } from './JobsTable';
import { SourcesTable } from './SourcesTable';
import { useSystemState } from './useSystemState';

type Migration = SystemState['migrations']['applied'][number];

function MigrationNameCell({ row }: CellProps<Migration>) {
  return (
    <Text span inherit ff="monospace">
      {row.name}
    </Text>
  );
}

function AppliedCell({ row }: CellProps<Migration>) {
  return row.appliedAt ? formatDate(row.appliedAt) : <Badge color="orange">pending</Badge>;
}

const MIGRATION_COLUMNS: Column<Migration>[] = [
  { header: 'Migration', field: 'name', cell: MigrationNameCell },
  { header: 'Applied', field: 'appliedAt', cell: AppliedCell },
];

/** Run-now and pause, each re-reading the system state; one refusal line for both. */
function useJobActions() {
  const invalidates = [SYSTEM_PATHS.system];
  const runJob = useApiMutation((name: string) => api.post(SYSTEM_PATHS.jobRun({ name })), { invalidates });
  const pauseJob = useApiMutation(
    ({ name, paused }: { name: string; paused: boolean }) => api.put<JobState>(SYSTEM_PATHS.job({ name }), { paused }),
    { invalidates },
  );
  // The key JobsTable spins a button by: `run:<job>` or `pause:<job>`.
  const busy = runJob.busy ? `run:${runJob.variables}` : pauseJob.busy ? `pause:${pauseJob.variables?.name}` : null;
  return {
    busy,
    error: runJob.error ?? pauseJob.error,
    run: (name: string) => {
      pauseJob.reset();
      void runJob.run(name);
    },
    pause: (name: string, paused: boolean) => {
      runJob.reset();
      void pauseJob.run({ name, paused });
    },
  };
}

export default function AdminMigrationPage() {
  const state = useSystemState();
  const { busy, error, run, pause } = useJobActions();
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
            <JobsTable jobs={s.jobs} busy={busy} onRun={run} onPause={pause} />
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
            <SimpleTable
              rows={[...s.migrations.pending, ...[...s.migrations.applied].reverse()]}
              columns={MIGRATION_COLUMNS}
              rowKey={(m) => m.name}
              fz="sm"
              verticalSpacing={3}
              striped
              testId="migrations-table"
            />
          </Card>
        </>
      )}
    </Stack>
  );
}
