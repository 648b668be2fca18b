/**
 * The messages panel of a deal page (spec §4 Messages): the deal's messages, newest first; unread
 * ones shown are queued to be marked read (sent in one batch 2.5 s later); follow / unfollow;
 * and, for people the server lets send, the message form (MessageCompose).
 */
import { Button, Card, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { MESSAGE_PATHS } from '@common/api/messages';
import { api } from '../../../api/client';
import { useApiMutation, useApiQuery } from '../../../api/queries';
import { useFeature } from '../../../features/useFeature';
import { fetchMessages, markRead, useMessageStore } from '../../../stores/messages';
import { MessageCompose } from './MessageCompose';
import { MessageList } from './MessageList';

const NO_MESSAGES: never[] = [];

function useFollowing(dealId: number): [boolean | null, (follow: boolean) => void] {
  const follows = useApiQuery<{ dealIds: number[] }>(MESSAGE_PATHS.follows);
  const change = useApiMutation(
    (follow: boolean) => (follow ? api.put(MESSAGE_PATHS.follow({ dealId })) : api.delete(MESSAGE_PATHS.follow({ dealId }))),
    { invalidates: [MESSAGE_PATHS.follows] },
  );
  // Unknown (not read, or the read failed): the button stays hidden.
  const following = follows.data ? follows.data.dealIds.includes(dealId) : null;
  return [following, (follow) => void change.run(follow)];
}

export function DealMessagesPanel({ dealId }: { dealId: number }) {
  const enabled = useFeature('primary_deal_messaging');
  const messages = useMessageStore((s) => s.byDeal[dealId] ?? NO_MESSAGES);
  const canSend = useMessageStore((s) => s.canSend);
  const [following, follow] = useFollowing(dealId);
  useEffect(() => {
    if (enabled) fetchMessages().catch((e: unknown) => console.warn('Messages could not be loaded', e));
  }, [enabled, dealId]);
  // What is on screen is read: queue it (one batched request).
  const unread = messages.filter((m) => m.readDate === null).map((m) => m.id);
  const unreadKey = unread.join(',');
  useEffect(() => {
    if (unreadKey) markRead(unreadKey.split(','));
  }, [unreadKey]);
  if (!enabled) return null;
  return (
    <Card withBorder data-testid="deal-messages">
      <Group justify="space-between">
        <Text fw={600}>Messages</Text>
        {following !== null && (
          <Button size="compact-xs" variant="light" onClick={() => follow(!following)} data-testid="follow-deal">
            {following ? 'Following' : 'Follow this deal'}
          </Button>
        )}
      </Group>
      {canSend && <MessageCompose dealId={dealId} />}
      <MessageList messages={messages} />
    </Card>
  );
}
