import { Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { isTradeQueue, type ReviewDecisionResponse, type ReviewItem } from '@common/api/adminReview';
import { formatDay, formatMarketTime, formatPrice } from '@common/format';
import { useReviewDecision } from './useAdminReview';

/** One item waiting for review: the bond, when, the evaluated price, why it is queued, and its decision. */
export function ReviewItemRow({ item, onDecided }: { item: ReviewItem; onDecided: (d: ReviewDecisionResponse) => Promise<unknown> }) {
  const { correcting, toggleCorrecting, price, setPrice, note, setNote, busy, error, decide } = useReviewDecision(item, onDecided);
  return (
    <Table.Tr data-testid="review-item" data-key={item.key}>
      <Table.Td ff="monospace">{item.cusip}</Table.Td>
      <Table.Td>
        <Text size="sm">{item.issuer}</Text>
        <Text size="xs" c="dimmed">
          {item.description}
        </Text>
      </Table.Td>
      <Table.Td>{item.at === null ? '—' : isTradeQueue(item.queue) ? formatMarketTime(item.at) : formatDay(item.at)}</Table.Td>
      <Table.Td ta="right">{formatPrice(item.price)}</Table.Td>
      <Table.Td>
        <Text size="sm">{item.reason}</Text>
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <TextInput
            size="xs"
            placeholder="Note (optional)"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            aria-label="Note"
          />
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" color="teal" loading={busy === 'accept'} onClick={() => decide('accept')} data-testid="review-accept">
              Accept
            </Button>
            {item.queue !== 'stale' && (
              <Button size="compact-xs" variant="light" onClick={toggleCorrecting} data-testid="review-correct-open">
                Correct…
              </Button>
            )}
            <Button
              size="compact-xs"
              variant="default"
              loading={busy === 'dismiss'}
              onClick={() => decide('dismiss')}
              data-testid="review-dismiss"
            >
              Dismiss
            </Button>
          </Group>
          {correcting && (
            <Group gap={4} wrap="nowrap">
              <NumberInput
                size="xs"
                w={110}
                decimalScale={6}
                aria-label={isTradeQueue(item.queue) ? 'Right trade price' : 'Right clean price'}
                value={price}
                onChange={setPrice}
                data-testid="review-price"
              />
              <Button size="compact-xs" loading={busy === 'correct'} onClick={() => decide('correct')} data-testid="review-correct">
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
