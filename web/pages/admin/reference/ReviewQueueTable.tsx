import { Button, Card, Group, Text } from '@mantine/core';
import { SimpleTable } from '../../../components/SimpleTable';
import { REVIEW_COLUMNS, ReviewRowScope } from './ReviewItemRow';
import { REVIEW_PAGE_SIZE, type AdminReviewState } from './useAdminReview';

/** The chosen queue's page of items, a note when it is empty, and paging when it holds more than a page. */
export function ReviewQueueTable({ state }: { state: AdminReviewState }) {
  const { queue, offset, data, decided } = state;
  return (
    <Card withBorder padding="xs">
      <SimpleTable
        // Rows only of the queue asked for: the page kept while another queue loads belongs to the old one.
        rows={data?.queue === queue ? data.items.map((item) => ({ item, onDecided: decided })) : []}
        columns={REVIEW_COLUMNS}
        rowKey={(r) => r.item.key}
        rowScope={ReviewRowScope}
        rowTestId="review-item"
        rowData={(r) => ({ key: r.item.key })}
        fz="sm"
        striped
        testId="review-table"
      />
      {data && data.total === 0 && (
        <Text size="sm" c="dimmed" p="sm" data-testid="review-empty">
          Nothing waits in this queue.
        </Text>
      )}
      {data && data.total > REVIEW_PAGE_SIZE && (
        <Group justify="flex-end" mt="xs">
          <Button size="compact-xs" variant="default" disabled={offset === 0} onClick={state.previousPage}>
            Previous
          </Button>
          <Button size="compact-xs" variant="default" disabled={offset + REVIEW_PAGE_SIZE >= data.total} onClick={state.nextPage}>
            Next
          </Button>
        </Group>
      )}
    </Card>
  );
}
