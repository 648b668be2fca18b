import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { isTradeQueue, type ReviewDecisionResponse, type ReviewItem } from '@common/api/adminReview';
import { formatDay, formatMarketTime } from '@common/format';
import type { CellProps, Column } from '../../../components/SimpleTable';
import { useReviewDecision } from './useAdminReview';

/** One item waiting for review, with what its decision does once stored. */
export interface ReviewRow {
  item: ReviewItem;
  onDecided: (d: ReviewDecisionResponse) => Promise<unknown>;
}

type ReviewDecision = ReturnType<typeof useReviewDecision>;

// The row's decision (note, correction, request under way, refusal) is shared by its reason and decision cells.
const Decision = createContext<ReviewDecision | null>(null);

function useDecision(): ReviewDecision {
  const decision = useContext(Decision);
  if (!decision) throw new Error('a review cell outside its row');
  return decision;
}

/** Each item's row holds its own decision. */
export function ReviewRowScope({ row, children }: { row: ReviewRow; children: ReactNode }) {
  const decision = useReviewDecision(row.item, row.onDecided);
  return <Decision.Provider value={decision}>{children}</Decision.Provider>;
}

function CusipCell({ text }: CellProps<ReviewRow>) {
  return (
    <Text span inherit ff="monospace">
      {text}
    </Text>
  );
}

function BondCell({ row: { item } }: CellProps<ReviewRow>) {
  return (
    <>
      <Text size="sm">{item.issuer}</Text>
      <Text size="xs" c="dimmed">
        {item.description}
      </Text>
    </>
  );
}

function WhyCell({ row: { item } }: CellProps<ReviewRow>) {
  const { error } = useDecision();
  return (
    <>
      <Text size="sm">{item.reason}</Text>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </>
  );
}

function DecisionCell({ row: { item } }: CellProps<ReviewRow>) {
  const { correcting, toggleCorrecting, price, setPrice, note, setNote, busy, decide } = useDecision();
  return (
    <Stack gap={4}>
      <TextInput size="xs" placeholder="Note (optional)" value={note} onChange={(e) => setNote(e.currentTarget.value)} aria-label="Note" />
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
  );
}

/** A trade's time in New York; an evaluation's day. */
function whenText({ item }: ReviewRow): string {
  if (item.at === null) return '—';
  return isTradeQueue(item.queue) ? formatMarketTime(item.at) : formatDay(item.at);
}

/** The bond, when, the evaluated price, why it is queued, and its decision. */
export const REVIEW_COLUMNS: Column<ReviewRow>[] = [
  { header: 'CUSIP', field: 'item.cusip', cell: CusipCell },
  { header: 'Bond', id: 'bond', cell: BondCell },
  { header: 'When', id: 'when', value: whenText },
  { header: 'Evaluated', field: 'item.price', kind: 'price' },
  { header: 'Why', id: 'why', cell: WhyCell },
  { header: 'Decision', id: 'decision', cell: DecisionCell, control: true },
];
