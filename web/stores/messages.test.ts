import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealMessage } from '@common/api/messages';
import {
  checkRecipients,
  deleteMessage,
  fetchMessages,
  markRead,
  markReadNow,
  queuedReads,
  sendMessage,
  useMessageStore,
} from './messages';
import { runLogoutHooks } from './logout';

const msg = (id: string, dealId: number, created: string, readDate: string | null = null): DealMessage => ({
  id,
  dealId,
  message: `m${id}`,
  created,
  edited: null,
  readDate,
  author: { id: 'syn', name: 'Syn' },
  mine: false,
  recipientCount: 2,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const requests = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
const bodyOf = (k: number) => JSON.parse(String(fetchMock.mock.calls[k]![1]!.body)) as unknown;

describe('the deal message store (spec §3, §4 Messages)', () => {
  let server: DealMessage[];
  beforeEach(() => {
    server = [
      msg('1', 10, '2026-11-20T10:00:00Z'),
      msg('3', 11, '2026-11-20T12:00:00Z', '2026-11-20T12:30:00Z'),
      msg('2', 10, '2026-11-20T11:00:00Z'),
    ];
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.endsWith('/message/query')) return json({ messages: server, canSend: true });
      if (path.endsWith('/mark-read')) return json({ marked: 1 });
      if (path.endsWith('/check-recipients')) return json({ count: 7 });
      if (path.includes('status-badges')) return json({ items: [] });
      if (path.endsWith('/v2/primary/message') && init?.method === 'POST')
        return json(msg('4', 11, '2026-11-20T13:00:00Z', '2026-11-20T13:00:00Z'), 201);
      if (init?.method === 'DELETE') return json({ message: 'Message deleted' });
      return json({ error: 'unexpected' }, 500);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await runLogoutHooks();
    vi.unstubAllGlobals();
  });

  it('keeps messages newest first, grouped by deal, with unread counts per deal and overall', async () => {
    await fetchMessages();
    const s = useMessageStore.getState();
    expect(s.messages.map((m) => m.id)).toEqual(['3', '2', '1']);
    expect(Object.fromEntries(Object.entries(s.byDeal).map(([d, l]) => [d, l.map((m) => m.id)]))).toEqual({ 10: ['2', '1'], 11: ['3'] });
    expect(s.unreadByDeal).toEqual({ 10: 2 });
    expect(s.hasUnread).toBe(true);
    expect(s.canSend).toBe(true);
  });

  it('skips a fetch while one runs, and merges fetched messages by id', async () => {
    const first = fetchMessages();
    expect(await fetchMessages()).toBe(false);
    await first;
    expect(requests().filter((r) => r.endsWith('/query'))).toHaveLength(1);
    server = [{ ...msg('2', 10, '2026-11-20T11:00:00Z'), message: 'edited' }];
    await fetchMessages();
    const s = useMessageStore.getState();
    expect(s.messages.map((m) => [m.id, m.message])).toEqual([
      ['3', 'm3'],
      ['2', 'edited'],
      ['1', 'm1'],
    ]);
  });

  it('send and delete change the list at once; recipient counts are cached', async () => {
    await fetchMessages();
    await sendMessage({ dealId: 11, message: 'hi', recipients: { followers: true } });
    expect(useMessageStore.getState().messages[0]!.id).toBe('4');
    await deleteMessage('1');
    expect(useMessageStore.getState().messages.map((m) => m.id)).toEqual(['4', '3', '2']);
    expect(await checkRecipients(11, { organizationTypes: ['buyside', 'corporate'] })).toBe(7);
    expect(await checkRecipients(11, { organizationTypes: ['corporate', 'buyside'] })).toBe(7);
    expect(requests().filter((r) => r.endsWith('/check-recipients'))).toHaveLength(1);
  });

  it('batches mark-read: ids queued within 2.5 s go in one request, then messages reload and badges refresh', async () => {
    vi.useFakeTimers();
    await fetchMessages();
    fetchMock.mockClear();
    markRead(['1']);
    await vi.advanceTimersByTimeAsync(1000);
    markRead(['2', '1']);
    await vi.advanceTimersByTimeAsync(1499);
    expect(requests()).toEqual([]);
    expect(queuedReads()).toEqual(['1', '2']);
    await vi.advanceTimersByTimeAsync(1);
    await vi.runAllTimersAsync();
    expect(requests().filter((r) => r.endsWith('/mark-read'))).toEqual(['POST /v2/primary/message/mark-read']);
    expect(bodyOf(0)).toEqual({ ids: ['1', '2'] });
    expect(requests()[1]).toBe('POST /v2/primary/message/query');
    expect(queuedReads()).toEqual([]);
  });

  it('marks read at once when asked', async () => {
    vi.useFakeTimers();
    markRead(['3']);
    await markReadNow(['1']);
    expect(requests()[0]).toBe('POST /v2/primary/message/mark-read');
    expect(bodyOf(0)).toEqual({ ids: ['3', '1'] });
  });
});
