/** The admin home's view of the system: what needs a person, the queues and the jobs at a glance. */
import { Alert, Anchor, Card, Group, List, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatNumber } from '@common/format';
import { apiErrorText } from '../../../api/errorText';
import { JobsTable } from './JobsTable';
import { SourcesTable } from './SourcesTable';
import { useSystemState } from './useSystemState';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {formatNumber(value, 0)}
      </Text>
    </div>
  );
}

export function SystemStatePanel() {
  const state = useSystemState();
  if (state.isError) return <Alert color="red">{apiErrorText(state.error)}</Alert>;
  const s = state.data;
  if (!s) return null;
  return (
    <Card withBorder padding="md" data-testid="system-state">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>State of the system</Text>
        <Anchor component={Link} to="/bw/admin/migration" size="sm">
          Jobs and migrations
        </Anchor>
      </Group>
      {s.attention.length === 0 ? (
        <Text size="sm" c="teal" data-testid="system-attention-none">
          Nothing needs attention.
        </Text>
      ) : (
        <List size="sm" spacing={2} data-testid="system-attention">
          {s.attention.map((a) => (
            <List.Item key={a.message}>
              <Anchor component={Link} to={a.path} size="sm">
                {a.message}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      <SimpleGrid cols={{ base: 2, sm: 5 }} mt="sm" mb="sm">
        <Count label="E-mails waiting" value={s.queues.outboxWaiting} testId="queue-outbox" />
        <Count label="E-mails failing" value={s.queues.outboxFailing} testId="queue-outbox-failing" />
        <Count label="Term sheets to review" value={s.queues.filingsNeedingReview} testId="queue-filings" />
        <Count label="Unknown identifiers" value={s.queues.unknownIdentifiers} testId="queue-identifiers" />
        <Count label="Pending migrations" value={s.migrations.pending.length} testId="queue-migrations" />
      </SimpleGrid>
      <JobsTable jobs={s.jobs} />
      <Text fw={700} mt="sm" mb={4}>
        Market data sources
      </Text>
      <SourcesTable sources={s.sources} marketSource={s.marketSource} />
    </Card>
  );
}
