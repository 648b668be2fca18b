/**
 * The deal-message inbox: every message the user may see, grouped by deal (named by its issuer and
 * tranches) with its unread count, newest deal activity first. What it shows is read: like the
 * deal page's panel, the unread on screen are marked read after MARK_READ_DELAY_MS (spec §4).
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { PRIMARY_PATHS, type DealDetailResponse } from '@common/api/primary';
import { useApiQueries } from '../../../api/queries';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { useFeature } from '../../../features/useFeature';
import { fetchMessages, markRead, markReadNow, useMessageStore } from '../../../stores/messages';
import { MessageList } from './MessageList';

export default function InboxPage() {
  const enabled = useFeature('primary_deal_messaging');
  const { messages, byDeal, unreadByDeal, hasUnread, loaded } = useMessageStore();
  useEffect(() => {
    if (enabled) fetchMessages().catch((e: unknown) => console.warn('Messages could not be loaded', e));
  }, [enabled]);
  // Deals in the order of their newest message (messages are newest first).
  const dealIds = [...new Set(messages.map((m) => m.dealId))];
  // One GET per deal in the inbox, each cached on its own (the deal page reads the same).
  const deals = useApiQueries<DealDetailResponse>(
    dealIds.map((id) => PRIMARY_PATHS.deal({ id })),
    { enabled, staleTime: 300_000 },
  );
  // What is on screen is read: queued, sent in one batch after the spec's delay.
  const unreadKey = enabled
    ? messages
        .filter((m) => m.readDate === null)
        .map((m) => m.id)
        .join(',')
    : '';
  useEffect(() => {
    if (unreadKey) markRead(unreadKey.split(','));
  }, [unreadKey]);
  if (!enabled) return <Text c="dimmed">Deal messaging is not enabled for your account.</Text>;
  return (
    <Stack gap="sm" data-testid="message-inbox">
      <PageTitle title="Messages" />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {hasUnread ? `${Object.values(unreadByDeal).reduce((a, b) => a + b, 0)} unread` : 'All read'}
        </Text>
        <Button
          size="xs"
          variant="light"
          disabled={!hasUnread}
          onClick={() => void markReadNow(messages.filter((m) => m.readDate === null).map((m) => m.id))}
        >
          Mark all read
        </Button>
      </Group>
      {loaded && dealIds.length === 0 && <Text c="dimmed">No messages yet.</Text>}
      {dealIds.map((dealId, i) => (
        <Card key={dealId} withBorder data-testid="inbox-deal">
          <Group gap="xs" mb={4}>
            <Anchor component={Link} to={`/bw/primary/pricing/${dealId}`} fw={600} data-testid="inbox-deal-name">
              {dealName(deals[i]?.data, dealId)}
            </Anchor>
            {unreadByDeal[dealId] ? (
              <Badge color="orange" size="sm" data-testid="inbox-unread">
                {unreadByDeal[dealId]} unread
              </Badge>
            ) : null}
          </Group>
          <MessageList messages={byDeal[dealId] ?? []} />
        </Card>
      ))}
    </Stack>
  );
}

/** "Apple Inc. 3Y / 10Y": the issuer and the deal's tranches by tenor (the deal's number until its detail arrives). */
export function dealName(detail: DealDetailResponse | undefined, dealId: number): string {
  if (!detail) return `Deal ${dealId}`;
  const tenors = detail.deal.tranches.map((t) => `${+t.tenorYears.toFixed(1)}Y`).join(' / ');
  return `${detail.deal.issuer.displayName}${tenors ? ` ${tenors}` : ''}`;
}
