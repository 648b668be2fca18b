import { Badge, Card, Text, Title } from '@mantine/core';
import { REVIEW_QUEUE_LABELS, type ReviewResponse } from '@common/api/adminReview';
import { formatDate } from '@common/format';

/** The latest decisions recorded: when, by whom, what, in which queue, and the note if any. */
export function ReviewRecentDecisions({ recent }: { recent: ReviewResponse['recent'] | undefined }) {
  return (
    <Card withBorder padding="xs">
      <Title order={2} size="h5" mb="xs">
        Latest decisions
      </Title>
      {recent?.map((d) => (
        <Text key={d.id} size="xs" data-testid="review-recent">
          {formatDate(d.decidedAt)} · {d.decidedBy} · <Badge size="xs">{d.decision}</Badge> {REVIEW_QUEUE_LABELS[d.queue]} · {d.key}
          {d.note ? ` — ${d.note}` : ''}
        </Text>
      ))}
    </Card>
  );
}
