/**
 * Deal messages on the new-issue calendar (spec §4 Messages: "a messages panel on the deal page
 * and the new-issues page"): a picker of the calendar's deals, each with its unread count (deals
 * with unread messages first), and the same panel as the deal page for the picked deal. The pick
 * is in the URL (?messages=<dealId>), so a link or a reload keeps it. Nothing is picked for the
 * user: a shown message counts as read, and the unread counts are what tells them where to look.
 * The list of messages comes from the shared store, which the
 * notification poller refreshes when a message arrives.
 */
import { Card, Group, Select, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import type { DealSummary } from '@common/api/primary';
import { useFeature } from '../../../features/useFeature';
import { fetchMessages, useMessageStore } from '../../../stores/messages';
import { DealMessagesPanel } from './DealMessagesPanel';
import { messageDealOptions } from './messageDeals';

export interface CalendarMessagesProps {
  deals: DealSummary[];
  selected: number | null;
  onSelect: (dealId: number | null) => void;
}

export function CalendarMessages({ deals, selected, onSelect }: CalendarMessagesProps) {
  const enabled = useFeature('primary_deal_messaging');
  const unreadByDeal = useMessageStore((s) => s.unreadByDeal);
  const options = useMemo(() => messageDealOptions(deals, unreadByDeal), [deals, unreadByDeal]);
  useEffect(() => {
    if (enabled) fetchMessages().catch((e: unknown) => console.warn('Messages could not be loaded', e));
  }, [enabled]);
  const shown = selected !== null && options.some((o) => o.value === String(selected)) ? selected : null;
  if (!enabled) return null;
  const totalUnread = options.reduce((s, o) => s + o.unread, 0);
  return (
    <Card withBorder data-testid="calendar-messages">
      <Group justify="space-between" align="flex-end">
        <Text fw={600}>
          Deal messages{' '}
          <Text span size="sm" c={totalUnread > 0 ? 'blue' : 'dimmed'} data-testid="calendar-unread">
            {totalUnread > 0 ? `${totalUnread} unread` : 'nothing unread'}
          </Text>
        </Text>
        <Select
          label="Deal"
          placeholder={options.length > 0 ? 'Pick a deal' : 'No deal on the calendar'}
          w={320}
          searchable
          clearable
          data={options.map(({ value, label }) => ({ value, label }))}
          value={shown === null ? null : String(shown)}
          onChange={(v) => onSelect(v ? Number(v) : null)}
          data-testid="calendar-messages-deal"
        />
      </Group>
      {shown === null ? (
        <Text size="sm" c="dimmed" mt="xs">
          Pick a deal to read its messages and, if you run it, send one.
        </Text>
      ) : (
        <DealMessagesPanel key={shown} dealId={shown} />
      )}
    </Card>
  );
}
