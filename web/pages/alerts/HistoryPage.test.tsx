import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HAWK_PATHS, type HawkFiring, hawkFiringListSchema, hawkSubscriptionListSchema } from '@common/api/hawk';
import { type ApiCall, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import HistoryPage from './HistoryPage';

const FIRINGS = `GET ${HAWK_PATHS.firings}`;

const firing = (fields: Partial<HawkFiring> & Pick<HawkFiring, 'id' | 'summary' | 'message' | 'firedAt'>): HawkFiring => ({
  subscriptionId: 7,
  kind: 'level',
  bondId: null,
  cusip: null,
  issuerId: null,
  ticker: null,
  dealId: null,
  values: {},
  channels: ['in_app'],
  ...fields,
});
const onBond = firing({
  id: 'f-2',
  summary: 'ACME 5.25 12/01/36: price above 101',
  message: 'price 101.25 above 101',
  firedAt: '2026-11-20T15:30:00.000Z',
  bondId: 77,
  cusip: '037833DX5',
  values: { price: 101.25, level: 101 },
});
const onDeal = firing({
  id: 'f-1',
  subscriptionId: 8,
  kind: 'newDeal',
  summary: 'New IG financials deals',
  message: 'Acme Corp announced 5Y / 10Y',
  firedAt: '2026-11-17T13:31:00.000Z',
  dealId: 31,
});
const onMarket = firing({
  id: 'f-0',
  subscriptionId: 9,
  kind: 'marketMove',
  summary: 'IG index moves 5 bp',
  message: 'IG spread +5.2 bp in a day',
  firedAt: '2026-11-16T21:00:00.000Z',
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [`GET ${HAWK_PATHS.subscriptions}`]: shaped(hawkSubscriptionListSchema, { subscriptions: [] }),
    // The server's filter on dates: only what fired from `from` on.
    [FIRINGS]: (call: ApiCall) =>
      shaped(hawkFiringListSchema, {
        firings: [onBond, onDeal, onMarket].filter((f) => !call.query.has('from') || f.firedAt >= call.query.get('from')!),
      }),
  });
});
const rows = () =>
  within(screen.getByTestId('history-firings'))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('the alert history page', () => {
  it('lists what fired, in New York time, on a bond (linked to its chart), a deal or the market', async () => {
    renderPage(<HistoryPage />);
    await screen.findByTestId('history-firings');
    expect(rows()).toEqual([
      ['Nov 20, 2026, 10:30 AM ET', 'ACME 5.25 12/01/36: price above 101', '037833DX5', 'price 101.25 above 101'],
      ['Nov 17, 2026, 8:31 AM ET', 'New IG financials deals', 'deal #31', 'Acme Corp announced 5Y / 10Y'],
      ['Nov 16, 2026, 4:00 PM ET', 'IG index moves 5 bp', 'market', 'IG spread +5.2 bp in a day'],
    ]);
    expect(screen.getByRole('link', { name: '037833DX5' }).getAttribute('href')).toBe(
      '/bw/bond/77/history?hawkFiring=2026-11-20T15%3A30%3A00.000Z',
    );
    expect(server.callsTo(FIRINGS)[0]!.query.toString()).toBe('');
  });

  it('the filters of the URL are sent, and a date typed is added to them', async () => {
    const { router } = renderPage(<HistoryPage />, { at: '/?subscriptionId=7&issuerId=12' });
    await screen.findByTestId('history-firings');
    expect(Object.fromEntries(server.callsTo(FIRINGS)[0]!.query)).toEqual({ subscriptionId: '7', issuerId: '12' });
    fireEvent.change(screen.getByTestId('history-from'), { target: { value: '2026-11-18' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(Object.fromEntries(server.callsTo(FIRINGS).at(-1)!.query)).toEqual({ subscriptionId: '7', issuerId: '12', from: '2026-11-18' });
    expect(router.state.location.search).toBe('?subscriptionId=7&issuerId=12&from=2026-11-18');
  });

  it('says so when nothing fired', async () => {
    server.answer(FIRINGS, shaped(hawkFiringListSchema, { firings: [] }));
    renderPage(<HistoryPage />);
    expect((await screen.findByTestId('history-empty')).textContent).toBe('Nothing fired with these filters.');
  });
});
