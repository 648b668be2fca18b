/**
 * The deal-message inbox: every message the user may see, grouped by deal with its unread count,
 * newest deal activity first; opening a deal shows its messages panel (and marks them read there).
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { useFeature } from '../../../features/useFeature';
import { fetchMessages, markReadNow, useMessageStore } from '../../../stores/messages';
import { MessageList } from './MessageList';

export default function InboxPage() {
  const enabled = useFeature('primary_deal_messaging');
  const { messages, byDeal, unreadByDeal, hasUnread, loaded } = useMessageStore();
  useEffect(() => {
    if (enabled) fetchMessages().catch((e: unknown) => console.warn('Messages could not be loaded', e));
  }, [enabled]);
  if (!enabled) return <Text c="dimmed">Deal messaging is not enabled for your account.</Text>;
  // Deals in the order of their newest message (messages are newest first).
  const dealIds = [...new Set(messages.map((m) => m.dealId))];
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
      {dealIds.map((dealId) => (
        <Card key={dealId} withBorder data-testid="inbox-deal">
          <Group gap="xs" mb={4}>
            <Anchor component={Link} to={`/bw/primary/pricing/${dealId}`} fw={600}>
              Deal {dealId}
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
