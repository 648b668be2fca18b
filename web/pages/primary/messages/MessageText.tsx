/**
 * A message as plain text with its web links made clickable. Nothing else is interpreted: React
 * escapes the text, so markup a sender typed shows as typed.
 */
import { Anchor, Text } from '@mantine/core';

const LINK = /(https?:\/\/[^\s<>"']+)/g;

export function MessageText({ text }: { text: string }) {
  const parts = text.split(LINK);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-text">
      {parts.map((part, k) =>
        k % 2 === 1 ? (
          <Anchor key={k} href={part} target="_blank" rel="noopener noreferrer nofollow">
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}
