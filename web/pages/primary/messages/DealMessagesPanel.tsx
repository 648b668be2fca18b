/**
 * The messages panel of a deal page (spec §4 Messages): the deal's messages, newest first; unread
 * ones shown are queued to be marked read (sent in one batch 2.5 s later); follow / unfollow;
 * and, for people the server lets send, a form with the recipient choice and its count.
 */
import { Button, Card, Checkbox, Group, MultiSelect, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { MESSAGE_LIMITS, MESSAGE_PATHS, type RecipientsInput } from '@common/api/messages';
import { ORGANIZATION_TYPES } from '@common/enums';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiMutation, useApiQuery } from '../../../api/queries';
import { useFeature } from '../../../features/useFeature';
import { checkRecipients, fetchMessages, markRead, sendMessage, useMessageStore } from '../../../stores/messages';
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

function Compose({ dealId }: { dealId: number }) {
  const [text, setText] = useState('');
  const [followers, setFollowers] = useState(true);
  const [types, setTypes] = useState<string[]>([]);
  const [orgs, setOrgs] = useState<string[]>([]);
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recipients = useMemo<RecipientsInput>(
    () => ({ followers, organizationTypes: types as RecipientsInput['organizationTypes'], organizations: orgs }),
    [followers, types, orgs],
  );
  const chosen = followers || types.length > 0 || orgs.length > 0;
  useEffect(() => {
    setCount(null);
    if (!chosen) return;
    let live = true;
    checkRecipients(dealId, recipients)
      .then((n) => live && setCount(n))
      .catch((e: unknown) => live && setError(apiErrorText(e)));
    return () => {
      live = false;
    };
  }, [dealId, recipients, chosen]);
  const message = useApiMutation(() => sendMessage({ dealId, message: text, recipients }), { onDone: () => setText('') });
  const send = () => {
    setError(null);
    void message.run();
  };
  return (
    <Stack gap={6} data-testid="message-compose">
      <Textarea
        label="New message"
        placeholder="Plain text; links are clickable"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={MESSAGE_LIMITS.maxLength}
        autosize
        minRows={2}
        description={`${text.length} / ${MESSAGE_LIMITS.maxLength}`}
      />
      <Group gap="sm" align="flex-end">
        <Checkbox label="Deal followers" checked={followers} onChange={(e) => setFollowers(e.currentTarget.checked)} />
        <MultiSelect label="Organisation types" data={[...ORGANIZATION_TYPES]} value={types} onChange={setTypes} size="xs" w={220} />
        <TagsInput
          label="Organisations (tokens)"
          value={orgs}
          onChange={setOrgs}
          size="xs"
          w={220}
          maxTags={MESSAGE_LIMITS.maxOrganizations}
        />
      </Group>
      <Group gap="sm">
        <Button size="xs" onClick={send} loading={message.busy} disabled={!chosen || text.trim() === '' || count === 0}>
          Send
        </Button>
        <Text size="xs" c="dimmed" data-testid="recipient-count">
          {!chosen
            ? 'Choose recipients'
            : count === null
              ? 'Counting recipients…'
              : `Reaches ${count} ${count === 1 ? 'person' : 'people'}`}
        </Text>
      </Group>
      {(message.error ?? error) && (
        <Text size="xs" c="red">
          {message.error ?? error}
        </Text>
      )}
    </Stack>
  );
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
      {canSend && <Compose dealId={dealId} />}
      <MessageList messages={messages} />
    </Card>
  );
}
