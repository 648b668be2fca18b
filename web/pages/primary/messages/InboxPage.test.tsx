import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DealMessage, MESSAGE_PATHS, markReadResponseSchema, messageListResponseSchema } from '@common/api/messages';
import { dealDetailResponseSchema, PRIMARY_PATHS } from '@common/api/primary';
import { useFeatureStore } from '../../../features/useFeature';
import { runLogoutHooks } from '../../../stores/logout';
import { type ApiCall, serveApi, shaped } from '../../../test/apiServer';
import { deal, tranche } from '../../../test/deals';
import { renderPage } from '../../../test/renderPage';
import InboxPage from './InboxPage';

const QUERY = `POST ${MESSAGE_PATHS.query}`;
const MARK_READ = `POST ${MESSAGE_PATHS.markRead}`;

const message = (fields: Partial<DealMessage> & Pick<DealMessage, 'id' | 'dealId' | 'message' | 'created'>): DealMessage => ({
  edited: null,
  readDate: '2026-11-17T16:00:00.000Z',
  author: { id: 'u-9', name: 'Sam Syndicate' },
  mine: false,
  recipientCount: 12,
  ...fields,
});
const unread = message({
  id: '1002',
  dealId: 31,
  message: 'Books above 4bn, see https://example.com/book',
  created: '2026-11-17T15:40:00.000Z',
  readDate: null,
});
const older = message({ id: '1001', dealId: 31, message: 'IPT +135 area', created: '2026-11-17T14:10:00.000Z' });
const other = message({ id: '990', dealId: 28, message: 'Priced 3Y at +70', created: '2026-10-02T19:05:00.000Z', recipientCount: 1 });
const detail = (id: number, displayName: string, tenors: number[]) =>
  shaped(dealDetailResponseSchema, {
    deal: deal({
      id,
      issuer: { id: id + 100, name: displayName, displayName, ticker: 'X' },
      tranches: tenors.map((tenorYears, i) => tranche({ id: id * 10 + i, tenorYears, size: 500_000_000 })),
    }),
    curveDay: null,
    issuerCurve: { points: [], fitted: [] },
    spreadPath: [],
    comparables: [],
    afterPricing: [],
  });

let server: ReturnType<typeof serveApi>;
let read: string[] = [];
beforeEach(() => {
  read = [];
  useFeatureStore.setState({ levels: { primary_deal_messaging: 2 } });
  server = serveApi({
    // The server's list: what was marked read comes back read.
    [QUERY]: () =>
      shaped(messageListResponseSchema, {
        messages: [unread, older, other].map((m) => (read.includes(m.id) ? { ...m, readDate: '2026-11-29T12:00:00.000Z' } : m)),
        canSend: false,
      }),
    [MARK_READ]: (call: ApiCall) => {
      read.push(...(call.body as { ids: string[] }).ids);
      return shaped(markReadResponseSchema, { marked: 1 });
    },
    [`GET ${PRIMARY_PATHS.deal({ id: 31 })}`]: detail(31, 'Acme Corp', [5, 10]),
    [`GET ${PRIMARY_PATHS.deal({ id: 28 })}`]: detail(28, 'Beta Bank', [3]),
  });
});
afterEach(async () => {
  // The message store and its queued reads live for the session: a logout empties them.
  await runLogoutHooks();
  useFeatureStore.getState().reset();
});

describe('the deal-message inbox', () => {
  it('groups messages by deal, newest activity first, named by issuer and tranches, with the unread counted', async () => {
    renderPage(<InboxPage />);
    await waitFor(() =>
      expect(screen.getAllByTestId('inbox-deal-name').map((a) => a.textContent)).toEqual(['Acme Corp 5Y / 10Y', 'Beta Bank 3Y']),
    );
    expect(screen.getAllByTestId('inbox-deal-name')[0]!.getAttribute('href')).toBe('/bw/primary/pricing/31');
    expect(screen.getByText('1 unread', { selector: 'p' })).toBeTruthy();
    const [acme, beta] = screen.getAllByTestId('inbox-deal');
    expect(within(acme!).getByTestId('inbox-unread').textContent).toBe('1 unread');
    expect(
      within(acme!)
        .getAllByTestId('message-text')
        .map((m) => m.textContent),
    ).toEqual(['Books above 4bn, see https://example.com/book', 'IPT +135 area']);
    expect(within(acme!).getByRole('link', { name: 'https://example.com/book' }).getAttribute('href')).toBe('https://example.com/book');
    expect(
      within(acme!)
        .getAllByTestId('deal-message')
        .map((m) => m.getAttribute('data-unread')),
    ).toEqual(['true', 'false']);
    expect(within(acme!).getAllByText(/^Sam Syndicate · .* · 12 recipients$/)).toHaveLength(2);
    expect(within(beta!).queryByTestId('inbox-unread')).toBeNull();
    expect(within(beta!).getByText(/ · 1 recipient$/)).toBeTruthy();
  });

  it('“Mark all read” sends the unread ids at once and the list reloads all read', async () => {
    renderPage(<InboxPage />);
    await screen.findAllByTestId('inbox-deal');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(server.callsTo(MARK_READ)).toHaveLength(1));
    expect(server.callsTo(MARK_READ)[0]!.body).toEqual({ ids: ['1002'] });
    await waitFor(() => expect(screen.getByText('All read')).toBeTruthy());
    expect(screen.queryByTestId('inbox-unread')).toBeNull();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('without deal messaging the page says so and asks for nothing', async () => {
    useFeatureStore.getState().reset();
    renderPage(<InboxPage />);
    await screen.findByText('Deal messaging is not enabled for your account.');
    expect(server.calls).toEqual([]);
  });
});
