import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_DEAL_PATHS, adminDealCreateSchema, adminDealListSchema } from '@common/api/adminDeals';
import { ISSUER_PATHS, issuerSearchResponseSchema } from '@common/api/issuer';
import { type ApiCall, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminDealsPage from './AdminDealsPage';

const deals = shaped(adminDealListSchema, {
  from: '2026-09-01',
  to: '2026-11-29',
  deals: [
    {
      id: 31,
      issuer: { id: 12, ticker: 'ACME', name: 'Acme Corporation' },
      status: 'priced',
      announcedAt: '2026-11-25T13:00:00.000Z',
      pricedAt: '2026-11-25T20:00:00.000Z',
      tranches: 2,
      sizeMm: 1750,
      source: 'edgar',
    },
  ],
});
const LIST = `GET ${ADMIN_DEAL_PATHS.deals}`;
const CREATE = `POST ${ADMIN_DEAL_PATHS.deals}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [LIST]: deals,
    [`GET ${ISSUER_PATHS.issuers}`]: shaped(issuerSearchResponseSchema, {
      issuers: [{ id: 12, name: 'Acme Corporation', displayName: 'Acme', ticker: 'ACME', sectorCode: 'BANKS', bondCount: 14 }],
    }),
  });
});
const renderDeals = () => renderPage(<AdminDealsPage />, { path: '/bw/admin/deal', at: '/bw/admin/deal' });

describe('admin deals', () => {
  it('lists the deals with their issuer, stage and source, and an issuer search is sent to the server', async () => {
    renderDeals();
    const list = await screen.findByTestId('admin-deal-list');
    expect(within(list).getByText('ACME — Acme Corporation')).toBeTruthy();
    expect(within(list).getByText('Priced', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(list).getByRole('link', { name: '#31' }).getAttribute('href')).toBe('/bw/admin/deal/31');
    expect(screen.getByText('1 deals announced 2026-09-01 to 2026-11-29')).toBeTruthy();
    const issuer = screen.getByPlaceholderText('Ticker or name');
    fireEvent.change(issuer, { target: { value: ' acme ' } });
    fireEvent.keyDown(issuer, { key: 'Enter' });
    await waitFor(() => expect(server.callsTo(LIST).at(-1)?.query.get('q')).toBe('acme'));
  });

  it('a new deal is announced with its issuer, bookrunners and tranche, and the page opens it', async () => {
    server.answer(CREATE, (call: ApiCall) => {
      adminDealCreateSchema.parse(call.body);
      return new Response(JSON.stringify({ id: 40 }), { status: 201, headers: { 'Content-Type': 'application/json' } });
    });
    const { router } = renderDeals();
    fireEvent.click(await screen.findByTestId('new-deal'));
    fireEvent.click(await screen.findByTestId('new-deal-create'));
    expect((await screen.findByRole('alert')).textContent).toBe('issuerId: pick an issuer');
    expect(server.callsTo(CREATE)).toHaveLength(0);
    const issuer = screen.getByTestId('new-deal-issuer');
    // Mantine's Select takes a change to an unfocused input for autofill, not typing.
    act(() => issuer.focus());
    fireEvent.change(issuer, { target: { value: 'acme' } });
    fireEvent.click(await screen.findByRole('option', { name: 'ACME — Acme' }));
    fireEvent.change(screen.getByLabelText('Bookrunners (comma-separated)'), { target: { value: 'Goldman Sachs, Morgan Stanley' } });
    fireEvent.click(screen.getByTestId('new-deal-create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/admin/deal/40'));
    expect(server.callsTo(CREATE).map((c) => c.body)).toEqual([
      { issuerId: 12, bookrunners: ['Goldman Sachs', 'Morgan Stanley'], useOfProceeds: null, tranches: [{ tenorYears: 10, sizeMm: 1000 }] },
    ]);
  });
});
