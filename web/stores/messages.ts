/**
 * The deal message store (spec §3 Message store, §4 Messages): messages newest first, grouped by
 * deal, unread counts per deal, an overall unread flag and a cache of recipient counts.
 * - A fetch is skipped while one runs; fetched messages merge with the list by id.
 * - Sending, editing and deleting change the list at once.
 * - Marking read is batched: ids queue and go in one request MARK_READ_DELAY_MS (2.5 s) after
 *   the first (at once when asked); then messages reload and badges refresh.
 */
import { create } from 'zustand';
import { MARK_READ_DELAY_MS } from '@common/constants';
import { MESSAGE_PATHS, type DealMessage, type MessageCreateBody, type RecipientsInput } from '@common/api/messages';
import { api } from '../api/client';
import { refreshStatusBadges } from '../notifications/badges';
import { onLogout } from './logout';

export interface MessageState {
  /** Newest first. */
  messages: DealMessage[];
  byDeal: Record<number, DealMessage[]>;
  unreadByDeal: Record<number, number>;
  hasUnread: boolean;
  /** Recipient counts by deal and recipient choice (recipientKey). */
  recipientCounts: Record<string, number>;
  /** The server says the caller may send (sell-side syndicate/DCM, admins). */
  canSend: boolean;
  loaded: boolean;
  fetching: boolean;
}

const EMPTY: MessageState = {
  messages: [],
  byDeal: {},
  unreadByDeal: {},
  hasUnread: false,
  recipientCounts: {},
  canSend: false,
  loaded: false,
  fetching: false,
};

export const useMessageStore = create<MessageState>()(() => ({ ...EMPTY }));

function newestFirst(a: DealMessage, b: DealMessage): number {
  return b.created.localeCompare(a.created) || b.id.length - a.id.length || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0);
}

/** The list with its groupings recomputed. */
function withMessages(messages: DealMessage[]): Pick<MessageState, 'messages' | 'byDeal' | 'unreadByDeal' | 'hasUnread'> {
  const sorted = [...messages].sort(newestFirst);
  const byDeal: Record<number, DealMessage[]> = {};
  const unreadByDeal: Record<number, number> = {};
  for (const m of sorted) {
    (byDeal[m.dealId] ??= []).push(m);
    if (m.readDate === null) unreadByDeal[m.dealId] = (unreadByDeal[m.dealId] ?? 0) + 1;
  }
  return { messages: sorted, byDeal, unreadByDeal, hasUnread: Object.keys(unreadByDeal).length > 0 };
}

function merge(current: DealMessage[], fetched: DealMessage[]): DealMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of fetched) byId.set(m.id, m);
  return [...byId.values()];
}

export function recipientKey(dealId: number, recipients: RecipientsInput): string {
  return JSON.stringify([
    dealId,
    recipients.followers ?? false,
    [...(recipients.organizationTypes ?? [])].sort(),
    [...(recipients.organizations ?? [])].sort(),
  ]);
}

let fetches = 0;

/** Loads the messages the caller may see; skipped (answers false) while a fetch runs. */
export async function fetchMessages(): Promise<boolean> {
  if (useMessageStore.getState().fetching) return false;
  useMessageStore.setState({ fetching: true });
  fetches += 1;
  try {
    const answer = await api.post<{ messages: DealMessage[]; canSend: boolean }>(MESSAGE_PATHS.query, {});
    const { messages } = useMessageStore.getState();
    useMessageStore.setState({ ...withMessages(merge(messages, answer.messages)), canSend: answer.canSend, loaded: true });
    return true;
  } finally {
    useMessageStore.setState({ fetching: false });
  }
}

/** Fetches started so far (tests). */
export function messageFetchCount(): number {
  return fetches;
}

export async function sendMessage(body: MessageCreateBody): Promise<DealMessage> {
  const created = await api.post<DealMessage>(MESSAGE_PATHS.create, body);
  useMessageStore.setState((s) => withMessages(merge(s.messages, [created])));
  return created;
}

export async function editMessage(id: string, message: string): Promise<DealMessage> {
  const updated = await api.put<DealMessage>(MESSAGE_PATHS.message({ messageId: id }), { message });
  useMessageStore.setState((s) => withMessages(merge(s.messages, [updated])));
  return updated;
}

export async function deleteMessage(id: string): Promise<void> {
  await api.delete(MESSAGE_PATHS.message({ messageId: id }));
  useMessageStore.setState((s) => withMessages(s.messages.filter((m) => m.id !== id)));
}

/** How many people a recipient choice reaches (cached per deal and choice). */
export async function checkRecipients(dealId: number, recipients: RecipientsInput): Promise<number> {
  const key = recipientKey(dealId, recipients);
  const cached = useMessageStore.getState().recipientCounts[key];
  if (cached !== undefined) return cached;
  const { count } = await api.post<{ count: number }>(MESSAGE_PATHS.checkRecipients, { dealId, recipients });
  useMessageStore.setState((s) => ({ recipientCounts: { ...s.recipientCounts, [key]: count } }));
  return count;
}

// ---- batched mark-read ------------------------------------------------------------------------

const queued = new Set<string>();
let readTimer: ReturnType<typeof setTimeout> | null = null;

/** Queues messages to mark read; they go MARK_READ_DELAY_MS after the first queued. */
export function markRead(ids: readonly string[]): void {
  for (const id of ids) queued.add(id);
  if (!readTimer && queued.size > 0) {
    readTimer = setTimeout(() => void flushMarkRead(), MARK_READ_DELAY_MS);
  }
}

/** Marks read at once (with whatever else was queued). */
export function markReadNow(ids: readonly string[]): Promise<void> {
  for (const id of ids) queued.add(id);
  return flushMarkRead();
}

/** Sends the queued ids in one request, then reloads messages and refreshes badges. */
export async function flushMarkRead(): Promise<void> {
  if (readTimer) clearTimeout(readTimer);
  readTimer = null;
  const ids = [...queued];
  queued.clear();
  if (ids.length === 0) return;
  try {
    await api.post(MESSAGE_PATHS.markRead, { ids });
  } catch (error) {
    console.warn('Messages could not be marked read', error);
  }
  await fetchMessages().catch((error: unknown) => console.warn('Messages could not be reloaded', error));
  refreshStatusBadges();
}

/** Ids waiting to be marked read (tests). */
export function queuedReads(): string[] {
  return [...queued];
}

onLogout(() => {
  if (readTimer) clearTimeout(readTimer);
  readTimer = null;
  queued.clear();
  useMessageStore.setState({ ...EMPTY });
});
