import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_DEAL_PATHS, adminDealCreateSchema, adminDealListSchema } from '@common/api/adminDeals';
import { ISSUER_PATHS, issuerSearchResponseSchema } from '@common/api/issuer';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
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
const renderDeals = (at = '/bw/admin/deal') => renderPage(<AdminDealsPage />, { path: '/bw/admin/deal', at });
/** The filters the page last asked the server for, as the server reads them. */
const lastListQuery = () => Object.fromEntries(server.callsTo(LIST).at(-1)?.query ?? []);
const shown = () => ({
  issuer: (screen.getByLabelText('Issuer', { selector: 'input' }) as HTMLInputElement).value,
  stage: (screen.getByLabelText('Stage', { selector: 'input' }) as HTMLInputElement).value,
  from: (screen.getByLabelText('From', { selector: 'input' }) as HTMLInputElement).value,
  to: (screen.getByLabelText('To', { selector: 'input' }) as HTMLInputElement).value,
});

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
    // Said under the issuer, the field it is about.
    expect(await screen.findByText('Pick an issuer.')).toBeTruthy();
    expect(screen.getByTestId('new-deal-issuer').getAttribute('aria-invalid')).toBe('true');
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

  it("the server's refusal of the issuer (gone meanwhile) is said under the issuer, and the modal stays", async () => {
    // As server/services/primary/dealAdmin.ts refuses it.
    server.answer(CREATE, refusal(400, 'Invalid body.issuerId: is unknown: there is no issuer 12'));
    const { router } = renderDeals();
    fireEvent.click(await screen.findByTestId('new-deal'));
    const issuer = await screen.findByTestId('new-deal-issuer');
    act(() => issuer.focus());
    fireEvent.change(issuer, { target: { value: 'acme' } });
    fireEvent.click(await screen.findByRole('option', { name: 'ACME — Acme' }));
    fireEvent.click(screen.getByTestId('new-deal-create'));
    expect(await screen.findByText('Issuer is unknown: there is no issuer 12.')).toBeTruthy();
    expect(screen.getByTestId('new-deal-issuer').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    // The body as the fields make it, the contract's defaults not filled in.
    expect(server.callsTo(CREATE).map((c) => c.body)).toEqual([
      { issuerId: 12, bookrunners: [], useOfProceeds: null, tranches: [{ tenorYears: 10, sizeMm: 1000 }] },
    ]);
    expect(router.state.location.pathname).toBe('/bw/admin/deal');
  });

  it("a tranche's size over the contract's limit is said under that size, and nothing is sent", async () => {
    renderDeals();
    fireEvent.click(await screen.findByTestId('new-deal'));
    const issuer = await screen.findByTestId('new-deal-issuer');
    act(() => issuer.focus());
    fireEvent.change(issuer, { target: { value: 'acme' } });
    fireEvent.click(await screen.findByRole('option', { name: 'ACME — Acme' }));
    const size = screen.getByLabelText('Size (USD mm)');
    fireEvent.change(size, { target: { value: '200000' } });
    fireEvent.click(screen.getByTestId('new-deal-create'));
    expect(await screen.findByText('Size (MM) must be at most 100000.')).toBeTruthy();
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo(CREATE)).toHaveLength(0);
  });

  it('a bookrunner longer than the contract takes is said under the bookrunners, and nothing is sent', async () => {
    renderDeals();
    fireEvent.click(await screen.findByTestId('new-deal'));
    const issuer = await screen.findByTestId('new-deal-issuer');
    act(() => issuer.focus());
    fireEvent.change(issuer, { target: { value: 'acme' } });
    fireEvent.click(await screen.findByRole('option', { name: 'ACME — Acme' }));
    const bookrunners = screen.getByLabelText('Bookrunners (comma-separated)');
    fireEvent.change(bookrunners, { target: { value: `Goldman Sachs, ${'M'.repeat(101)}` } });
    fireEvent.click(screen.getByTestId('new-deal-create'));
    expect(await screen.findByText('Bookrunners must be at most 100 characters.')).toBeTruthy();
    expect(bookrunners.getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo(CREATE)).toHaveLength(0);
  });

  it('a link with filters opens the list filtered: the filters are shown and sent', async () => {
    renderDeals('/bw/admin/deal?q=acme&status=priced&from=2026-10-01&to=2026-11-15');
    await screen.findByTestId('admin-deal-list');
    expect(lastListQuery()).toEqual({ q: 'acme', status: 'priced', from: '2026-10-01', to: '2026-11-15' });
    expect(shown()).toEqual({ issuer: 'acme', stage: 'Priced', from: '2026-10-01', to: '2026-11-15' });
  });

  it('filters that are not valid in the link are left out, and the valid ones kept', async () => {
    renderDeals('/bw/admin/deal?q=%20%20&status=closed&from=2026-02-30&to=2026-11-15');
    await screen.findByTestId('admin-deal-list');
    expect(server.callsTo(LIST).map((c) => Object.fromEntries(c.query))).toEqual([{ to: '2026-11-15' }]);
    expect(shown()).toEqual({ issuer: '', stage: '', from: '', to: '2026-11-15' });
  });

  it('changing a filter writes it into the link in place of the entry, and asks again', async () => {
    const { router } = renderDeals('/bw/admin/deal?to=2026-11-15');
    await screen.findByTestId('admin-deal-list');
    fireEvent.click(screen.getByLabelText('Stage', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Priced' }));
    await waitFor(() => expect(lastListQuery()).toEqual({ status: 'priced', to: '2026-11-15' }));
    fireEvent.change(screen.getByLabelText('From', { selector: 'input' }), { target: { value: '2026-10-01' } });
    const issuer = screen.getByLabelText('Issuer', { selector: 'input' });
    fireEvent.change(issuer, { target: { value: 'acme' } });
    // Typing alone does not filter: the text applies on leaving the field.
    expect(router.state.location.search).toBe('?to=2026-11-15&status=priced&from=2026-10-01');
    fireEvent.blur(issuer);
    await waitFor(() => expect(lastListQuery()).toEqual({ q: 'acme', status: 'priced', from: '2026-10-01', to: '2026-11-15' }));
    expect(router.state.location.search).toBe('?to=2026-11-15&status=priced&from=2026-10-01&q=acme');
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.change(screen.getByLabelText('To', { selector: 'input' }), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=priced&from=2026-10-01&q=acme'));
  });

  it('back returns to the filters of the link before, the issuer box too', async () => {
    const { router } = renderDeals('/bw/admin/deal?q=acme');
    await screen.findByTestId('admin-deal-list');
    await act(() => router.navigate('/bw/admin/deal?q=beta&status=launched'));
    expect(shown()).toEqual({ issuer: 'beta', stage: 'Launched', from: '', to: '' });
    fireEvent.change(screen.getByLabelText('Issuer', { selector: 'input' }), { target: { value: 'typed, not applied' } });
    await act(() => router.navigate(-1));
    expect(shown()).toEqual({ issuer: 'acme', stage: '', from: '', to: '' });
    await waitFor(() => expect(lastListQuery()).toEqual({ q: 'acme' }));
  });
});
