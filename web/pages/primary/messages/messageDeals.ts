import type { DealSummary } from '@common/api/primary';
import { formatDay } from '@common/format';

/** The picker's entries: deals with unread messages first (most unread first), then the calendar's order. */
export function messageDealOptions(
  deals: Pick<DealSummary, 'id' | 'issuer' | 'announcedAt'>[],
  unreadByDeal: Record<number, number>,
): { value: string; label: string; unread: number }[] {
  const seen = new Set<number>();
  const list = deals.filter((d) => !seen.has(d.id) && seen.add(d.id));
  return list
    .map((d, k) => ({ d, k, unread: unreadByDeal[d.id] ?? 0 }))
    .sort((a, b) => b.unread - a.unread || a.k - b.k)
    .map(({ d, unread }) => ({
      value: String(d.id),
      label: `${d.issuer.ticker} · ${formatDay(d.announcedAt.slice(0, 10))}${unread > 0 ? ` · ${unread} unread` : ''}`,
      unread,
    }));
}
