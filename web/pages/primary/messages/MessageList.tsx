/** Messages as cards, unread ones marked, the author's own with edit and delete. */
import { Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '@common/format';
import { MESSAGE_LIMITS, type DealMessage } from '@common/api/messages';
import { useSession } from '../../../stores/session';
import { deleteMessage, editMessage } from '../../../stores/messages';
import { apiErrorText } from '../../../api/errorText';
import { MessageText } from './MessageText';

function MessageCard({ message }: { message: DealMessage }) {
  const isAdmin = useSession((s) => s.isAdmin);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const unread = message.readDate === null;
  const run = (work: () => Promise<unknown>) => {
    setError(null);
    work().catch((e: unknown) => setError(apiErrorText(e)));
  };
  return (
    <Card withBorder padding="xs" data-testid="deal-message" data-unread={unread ? 'true' : 'false'} data-message-id={message.id}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {message.author.name ?? 'Someone'} · {formatDate(message.created)}
          {message.edited ? ' · edited' : ''} · {message.recipientCount} recipient{message.recipientCount === 1 ? '' : 's'}
        </Text>
        {unread && (
          <Badge size="xs" color="orange" data-testid="unread-mark">
            Unread
          </Badge>
        )}
      </Group>
      {editing === null ? (
        <MessageText text={message.message} />
      ) : (
        <Textarea
          value={editing}
          onChange={(e) => setEditing(e.currentTarget.value)}
          maxLength={MESSAGE_LIMITS.maxLength}
          autosize
          minRows={2}
        />
      )}
      {(message.mine || isAdmin) && (
        <Group gap="xs" mt={4}>
          {editing === null ? (
            <Button size="compact-xs" variant="subtle" onClick={() => setEditing(message.message)}>
              Edit
            </Button>
          ) : (
            <Button size="compact-xs" onClick={() => run(() => editMessage(message.id, editing).then(() => setEditing(null)))}>
              Save
            </Button>
          )}
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => run(() => deleteMessage(message.id))}>
            Delete
          </Button>
        </Group>
      )}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Card>
  );
}

export function MessageList({ messages }: { messages: DealMessage[] }) {
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-messages">
        No messages yet.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {messages.map((m) => (
        <MessageCard key={m.id} message={m} />
      ))}
    </Stack>
  );
}
