/**
 * /bw/admin/review: the queues needing a person — prices the model flagged (outliers rejected, low
 * confidence, big moves without trades), trades far from the evaluated price, stale bonds — each
 * item accepted, corrected (with the right price) or dismissed; the decision is recorded and
 * audited and the item leaves the queues. Thresholds: REVIEW in common/api/adminReview.ts.
 * The data and calls live in useAdminReview.ts; the queue table, its rows and the latest decisions in their own files.
 */
import { Alert, SegmentedControl, Stack, Text } from '@mantine/core';
import { REVIEW_QUEUE_LABELS, REVIEW_QUEUES, type ReviewQueue } from '@common/api/adminReview';
import { formatDay } from '@common/format';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { ReviewQueueTable } from './ReviewQueueTable';
import { ReviewRecentDecisions } from './ReviewRecentDecisions';
import { useAdminReview } from './useAdminReview';

export default function AdminReviewPage() {
  const state = useAdminReview();
  const { queue, chooseQueue, page, data, done, clearDone } = state;
  return (
    <Stack gap="sm" data-testid="admin-review-page">
      <PageTitle />
      <Text size="sm" c="dimmed">
        Computed from the end-of-day prices and trades of the week before the latest close{data?.asOf ? ` (${formatDay(data.asOf)})` : ''}
        {data?.computedAt ? `, at ${new Date(data.computedAt).toLocaleTimeString()} (refreshed in the background as the data moves)` : ''}.
        Accept a figure that is right, correct one that is not, or dismiss what needs nothing; each decision is recorded and audited.
      </Text>
      <SegmentedControl
        size="xs"
        data={REVIEW_QUEUES.map((k) => ({ value: k, label: `${REVIEW_QUEUE_LABELS[k]} (${data?.counts[k] ?? '…'})` }))}
        value={queue}
        onChange={(v) => chooseQueue(v as ReviewQueue)}
        data-testid="review-queues"
      />
      {page.isError && <Alert color="red">{apiErrorText(page.error)}</Alert>}
      {done && (
        <Alert color="teal" withCloseButton onClose={clearDone} data-testid="review-done">
          Recorded — {done}
        </Alert>
      )}
      <ReviewQueueTable state={state} />
      <ReviewRecentDecisions recent={data?.recent} />
    </Stack>
  );
}
