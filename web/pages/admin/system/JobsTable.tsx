/** The background jobs with their last run, and (for the migration page) run-now and pause. */
import { Badge, Button, Group, Text } from '@mantine/core';
import type { JobState } from '@common/api/system';
import { formatDate, formatDuration, formatNumber } from '@common/format';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';

const durationText = (ms: number | null) => (ms !== null && ms < 1000 ? `${formatNumber(ms, 0)} ms` : formatDuration(ms));

function JobStatus({ job }: { job: JobState }) {
  if (job.running) return <Badge color="blue">running</Badge>;
  if (job.paused) return <Badge color="gray">paused</Badge>;
  if (job.lastError) return <Badge color="red">failed</Badge>;
  if (job.runs === 0)
    return (
      <Badge color="gray" variant="outline">
        not run yet
      </Badge>
    );
  return <Badge color="teal">ok</Badge>;
}

/** A job with what its row's buttons do (none on the read-only system panel). */
interface JobRow {
  job: JobState;
  onRun?: (name: string) => void;
  onPause?: (name: string, paused: boolean) => void;
  busy?: string | null;
}

function JobNameCell({ row: { job } }: CellProps<JobRow>) {
  return (
    <>
      <Text size="sm" ff="monospace">
        {job.name}
      </Text>
      {job.lastError && (
        <Text size="xs" c="red" data-testid="job-error">
          {job.lastError}
        </Text>
      )}
    </>
  );
}

function JobStatusCell({ row: { job } }: CellProps<JobRow>) {
  return <JobStatus job={job} />;
}

function JobActionsCell({ row: { job, onRun, onPause, busy } }: CellProps<JobRow>) {
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {onRun && (
        <Button
          size="compact-xs"
          variant="light"
          loading={busy === `run:${job.name}`}
          disabled={job.running}
          onClick={() => onRun(job.name)}
          data-testid="job-run"
        >
          Run now
        </Button>
      )}
      {onPause && (
        <Button
          size="compact-xs"
          variant="default"
          loading={busy === `pause:${job.name}`}
          onClick={() => onPause(job.name, !job.paused)}
          data-testid="job-pause"
        >
          {job.paused ? 'Resume' : 'Pause'}
        </Button>
      )}
    </Group>
  );
}

function jobColumns(withActions: boolean): Column<JobRow>[] {
  return [
    { header: 'Job', id: 'job', cell: JobNameCell },
    { header: 'Status', id: 'status', cell: JobStatusCell },
    { header: 'Every', id: 'every', value: (r) => formatDuration(r.job.intervalMs), headerTooltip: 'Time between runs' },
    { header: 'Last start', field: 'job.lastStartedAt', kind: 'date' },
    { header: 'Took', id: 'took', value: (r) => durationText(r.job.lastDurationMs), align: 'right' },
    {
      header: 'Runs / failed',
      id: 'runs',
      value: (r) => `${formatNumber(r.job.runs, 0)} / ${formatNumber(r.job.failures, 0)}`,
      align: 'right',
      headerTooltip: 'Runs and failed runs since the job first ran',
    },
    { header: 'Next run', id: 'next', value: (r) => (r.job.paused ? 'paused' : formatDate(r.job.nextRunAt)) },
    { header: '', id: 'actions', cell: JobActionsCell, control: true, hidden: !withActions },
  ];
}

export function JobsTable({
  jobs,
  onRun,
  onPause,
  busy,
}: {
  jobs: JobState[];
  onRun?: (name: string) => void;
  onPause?: (name: string, paused: boolean) => void;
  busy?: string | null;
}) {
  return (
    <SimpleTable
      rows={jobs.map((job) => ({ job, onRun, onPause, busy }))}
      columns={jobColumns(Boolean(onRun || onPause))}
      rowKey={(r) => r.job.name}
      rowTestId="job-row"
      rowData={(r) => ({ job: r.job.name })}
      fz="sm"
      verticalSpacing={4}
      testId="jobs-table"
    />
  );
}
