/**
 * /bw/admin/review: the queues needing a person — prices the model flagged (outliers rejected, low
 * confidence, big moves without trades), trades far from the evaluated price, stale bonds — each
 * item accepted, corrected (with the right price) or dismissed; the decision is recorded and
 * audited and the item leaves the queues. Thresholds: REVIEW in common/api/adminReview.ts.
 */
import { Alert, Badge, Button, Card, Group, NumberInput, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ADMIN_REVIEW_PATHS,
  isTradeQueue,
  REVIEW_QUEUE_LABELS,
  REVIEW_QUEUES,
  type ReviewDecisionResponse,
  type ReviewItem,
  type ReviewQueue,
  type ReviewResponse,
} from '@common/api/adminReview';
import { formatDate, formatDay, formatPrice, formatMarketTime } from '@common/format';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { useAdminAction } from '../useAdminAction';

function ItemRow({ item, onDecided }: { item: ReviewItem; onDecided: (d: ReviewDecisionResponse) => Promise<unknown> }) {
  const [correcting, setCorrecting] = useState(false);
  const [price, setPrice] = useState<number | string>(item.tradePrice ?? item.price ?? '');
  const [note, setNote] = useState('');
  const { busy, error, run } = useAdminAction();
  const decide = (decision: 'accept' | 'correct' | 'dismiss') =>
    run(decision, async () =>
      onDecided(
        await api.post<ReviewDecisionResponse>(ADMIN_REVIEW_PATHS.decisions, {
          queue: item.queue,
          key: item.key,
          decision,
          ...(decision === 'correct' ? { price: Number(price) } : {}),
          ...(note.trim() ? { note } : {}),
        }),
      ),
    );
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
            <Button
              size="compact-xs"
              color="teal"
              loading={busy === 'accept'}
              onClick={() => void decide('accept')}
              data-testid="review-accept"
            >
              Accept
            </Button>
            {item.queue !== 'stale' && (
              <Button size="compact-xs" variant="light" onClick={() => setCorrecting(!correcting)} data-testid="review-correct-open">
                Correct…
              </Button>
            )}
            <Button
              size="compact-xs"
              variant="default"
              loading={busy === 'dismiss'}
              onClick={() => void decide('dismiss')}
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
              <Button size="compact-xs" loading={busy === 'correct'} onClick={() => void decide('correct')} data-testid="review-correct">
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

export default function AdminReviewPage() {
  const client = useQueryClient();
  const [queue, setQueue] = useState<ReviewQueue>('outlier');
  const [offset, setOffset] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const page = useApiQuery<ReviewResponse>(ADMIN_REVIEW_PATHS.queues, { query: { queue, offset, limit: 50 }, placeholderData: (p) => p });
  const data = page.data;
  const decided = async (d: ReviewDecisionResponse) => {
    setDone(`${d.key}: ${d.decision}${d.repriceError ? ` (not repriced: ${d.repriceError})` : ''}`);
    await client.invalidateQueries({ queryKey: ['api', ADMIN_REVIEW_PATHS.queues] });
  };
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
        onChange={(v) => {
          setQueue(v as ReviewQueue);
          setOffset(0);
        }}
        data-testid="review-queues"
      />
      {page.isError && <Alert color="red">{apiErrorText(page.error)}</Alert>}
      {done && (
        <Alert color="teal" withCloseButton onClose={() => setDone(null)} data-testid="review-done">
          Recorded — {done}
        </Alert>
      )}
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
            {data?.queue === queue && data.items.map((item) => <ItemRow key={item.key} item={item} onDecided={decided} />)}
          </Table.Tbody>
        </Table>
        {data && data.total === 0 && (
          <Text size="sm" c="dimmed" p="sm" data-testid="review-empty">
            Nothing waits in this queue.
          </Text>
        )}
        {data && data.total > 50 && (
          <Group justify="flex-end" mt="xs">
            <Button size="compact-xs" variant="default" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - 50))}>
              Previous
            </Button>
            <Button size="compact-xs" variant="default" disabled={offset + 50 >= data.total} onClick={() => setOffset(offset + 50)}>
              Next
            </Button>
          </Group>
        )}
      </Card>
      <Card withBorder padding="xs">
        <Title order={2} size="h5" mb="xs">
          Latest decisions
        </Title>
        {data?.recent.map((d) => (
          <Text key={d.id} size="xs" data-testid="review-recent">
            {formatDate(d.decidedAt)} · {d.decidedBy} · <Badge size="xs">{d.decision}</Badge> {REVIEW_QUEUE_LABELS[d.queue]} · {d.key}
            {d.note ? ` — ${d.note}` : ''}
          </Text>
        ))}
      </Card>
    </Stack>
  );
}
