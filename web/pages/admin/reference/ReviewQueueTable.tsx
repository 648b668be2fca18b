import { Button, Card, Group, Table, Text } from '@mantine/core';
import { ReviewItemRow } from './ReviewItemRow';
import { REVIEW_PAGE_SIZE, type AdminReviewState } from './useAdminReview';

/** The chosen queue's page of items, a note when it is empty, and paging when it holds more than a page. */
export function ReviewQueueTable({ state }: { state: AdminReviewState }) {
  const { queue, offset, data, decided } = state;
  return (
    <Card withBorder padding="xs">
      <Table fz="sm" striped data-testid="review-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>CUSIP</Table.Th>
            <Table.Th>Bond</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th ta="right">Evaluated</Table.Th>
            <Table.Th>Why</Table.Th>
            <Table.Th>Decision</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {/* Rows only of the queue asked for: the page kept while another queue loads belongs to the old one. */}
          {data?.queue === queue && data.items.map((item) => <ReviewItemRow key={item.key} item={item} onDecided={decided} />)}
        </Table.Tbody>
      </Table>
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
