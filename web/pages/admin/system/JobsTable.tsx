/** The background jobs with their last run, and (for the migration page) run-now and pause. */
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { JobState } from '@common/api/system';
import { formatDate, formatDuration, formatNumber } from '@common/format';

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
    <Table fz="sm" verticalSpacing={4} data-testid="jobs-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Job</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th title="Time between runs">Every</Table.Th>
          <Table.Th>Last start</Table.Th>
          <Table.Th ta="right">Took</Table.Th>
          <Table.Th ta="right" title="Runs and failed runs since the job first ran">
            Runs / failed
          </Table.Th>
          <Table.Th>Next run</Table.Th>
          {(onRun || onPause) && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {jobs.map((job) => (
          <Table.Tr key={job.name} data-testid="job-row" data-job={job.name}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {job.name}
              </Text>
              {job.lastError && (
                <Text size="xs" c="red" data-testid="job-error">
                  {job.lastError}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <JobStatus job={job} />
            </Table.Td>
            <Table.Td>{formatDuration(job.intervalMs)}</Table.Td>
            <Table.Td>{formatDate(job.lastStartedAt)}</Table.Td>
            <Table.Td ta="right">{durationText(job.lastDurationMs)}</Table.Td>
            <Table.Td ta="right">
              {formatNumber(job.runs, 0)} / {formatNumber(job.failures, 0)}
            </Table.Td>
            <Table.Td>{job.paused ? 'paused' : formatDate(job.nextRunAt)}</Table.Td>
            {(onRun || onPause) && (
              <Table.Td>
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
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
