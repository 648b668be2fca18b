import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_DEAL_PATHS, type AdminDeal, adminDealSchema, adminDealStatusSchema, adminDealUpdateSchema } from '@common/api/adminDeals';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminDealPage from './AdminDealPage';

const deal = (overrides: Partial<AdminDeal> = {}): AdminDeal =>
  shaped(adminDealSchema, {
    id: 31,
    issuer: { id: 12, ticker: 'ACME', name: 'Acme Corporation' },
    status: 'guidance',
    announcedAt: '2026-11-25T13:00:00.000Z',
    pricedAt: null,
    bookrunners: ['Goldman Sachs'],
    useOfProceeds: null,
    source: 'admin',
    createdBy: null,
    tranches: [
      {
        id: 1,
        tenorYears: 10,
        sizeMm: 1000,
        coupon: null,
        iptSpreadBp: 110,
        guidanceSpreadBp: 95,
        launchSpreadBp: null,
        pricedSpreadBp: null,
        orderBookMm: 4200,
        bondId: null,
      },
    ],
    timeline: [
      { status: 'announced', at: '2026-11-25T13:00:00.000Z' },
      { status: 'initial_price_talk', at: '2026-11-25T14:00:00.000Z' },
      { status: 'guidance', at: '2026-11-25T16:00:00.000Z' },
    ],
    audit: [{ at: '2026-11-25T16:00:00.000Z', actor: 'ann@example.com', action: 'deal.status', details: { status: 'guidance' } }],
    ...overrides,
  });

const DEAL = ADMIN_DEAL_PATHS.deal({ id: 31 });
const STATUS = `POST ${ADMIN_DEAL_PATHS.status({ id: 31 })}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [`GET ${DEAL}`]: deal() });
});
const renderDeal = () => renderPage(<AdminDealPage />, { path: '/bw/admin/deal/:dealId', at: '/bw/admin/deal/31' });

describe('admin deal page', () => {
  it('shows the stage, the tranches with their spreads, the timeline and the audit trail', async () => {
    renderDeal();
    expect((await screen.findByTestId('admin-deal-status')).textContent).toBe('Guidance');
    const tranche = screen.getByTestId('admin-tranche-1');
    expect((within(tranche).getByLabelText('IPT bp') as HTMLInputElement).value).toBe('110');
    expect((within(tranche).getByLabelText('Guidance bp') as HTMLInputElement).value).toBe('95');
    const timeline = screen.getByTestId('admin-deal-timeline');
    expect(within(timeline).getAllByText(/^(Announced|IPT|Guidance) · /)).toHaveLength(3);
    expect(within(screen.getByTestId('admin-deal-audit')).getByText('deal.status')).toBeTruthy();
    expect((screen.getByTestId('admin-deal-next-status') as HTMLInputElement).value).toBe('Launched');
  });

  it('adding the next step sends the stage at the time typed, and the page shows the deal at that stage', async () => {
    server.answer(STATUS, (call: ApiCall) => {
      const step = adminDealStatusSchema.parse(call.body);
      return deal({ status: step.status, timeline: [...deal().timeline, step] });
    });
    renderDeal();
    await screen.findByTestId('admin-deal-status');
    fireEvent.change(screen.getByLabelText('At (empty: now)'), { target: { value: '2026-11-25T17:30' } });
    fireEvent.click(screen.getByTestId('admin-deal-add-status'));
    await screen.findByText('Launched', { selector: '[data-testid="admin-deal-status"] *' });
    expect(server.callsTo(STATUS).map((c) => c.body)).toEqual([{ status: 'launched', at: new Date('2026-11-25T17:30').toISOString() }]);
  });

  it("bookrunners are saved as a list; a refusal that names no field is shown on the deal's error line", async () => {
    const UPDATE = `PATCH ${DEAL}`;
    // As server/services/primary/dealAdmin.ts says a deal deleted meanwhile.
    server.answer(UPDATE, refusal(404, 'Deal 31 not found'));
    renderDeal();
    const bookrunners = await screen.findByLabelText('Bookrunners (comma-separated)');
    fireEvent.change(bookrunners, { target: { value: 'Goldman Sachs, Morgan Stanley,  ' } });
    // The deal's own Save, beside its fields (each tranche has one too).
    fireEvent.click(within(bookrunners.closest<HTMLElement>('.mantine-Group-root')!).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('admin-deal-error')).textContent).toBe('Deal 31 not found');
    const sent = server.callsTo(UPDATE).map((c) => c.body);
    expect(sent).toEqual([{ bookrunners: ['Goldman Sachs', 'Morgan Stanley'], useOfProceeds: null }]);
    expect(adminDealUpdateSchema.safeParse(sent[0]).success).toBe(true);
  });
  it('a step the server refuses for its time (in the future) is said under the time, and the deal keeps its stage', async () => {
    // As server/services/primary/dealAdminSteps.ts refuses it.
    server.answer(STATUS, refusal(400, 'Invalid body.at: must not be in the future'));
    renderDeal();
    await screen.findByTestId('admin-deal-status');
    const at = screen.getByLabelText('At (empty: now)');
    fireEvent.change(at, { target: { value: '2026-11-25T17:30' } });
    fireEvent.click(screen.getByTestId('admin-deal-add-status'));
    expect(await screen.findByText('Time must not be in the future.')).toBeTruthy();
    expect(at.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('admin-deal-error')).toBeNull();
    expect(screen.getByTestId('admin-deal-status').textContent).toBe('Guidance');
    expect(server.callsTo(STATUS).map((c) => c.body)).toEqual([{ status: 'launched', at: new Date('2026-11-25T17:30').toISOString() }]);
  });

  it("a bookrunner the server refuses in the validator's form is said under the bookrunners", async () => {
    const UPDATE = `PATCH ${DEAL}`;
    server.answer(UPDATE, refusal(400, 'Invalid body.bookrunners.1: Too big: expected string to have <=100 characters'));
    renderDeal();
    const bookrunners = await screen.findByLabelText('Bookrunners (comma-separated)');
    fireEvent.change(bookrunners, { target: { value: 'Goldman Sachs, Morgan Stanley' } });
    fireEvent.click(within(bookrunners.closest<HTMLElement>('.mantine-Group-root')!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bookrunners must be at most 100 characters.')).toBeTruthy();
    expect(bookrunners.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('admin-deal-error')).toBeNull();
    expect(server.callsTo(UPDATE).map((c) => c.body)).toEqual([{ bookrunners: ['Goldman Sachs', 'Morgan Stanley'], useOfProceeds: null }]);
  });

  it("a tranche's Save sends only the fields typed, and the row then shows what the server saved", async () => {
    const TRANCHE = `PATCH ${ADMIN_DEAL_PATHS.tranche({ id: 31, trancheId: 1 })}`;
    server.answer(TRANCHE, () => deal({ tranches: [{ ...deal().tranches[0]!, launchSpreadBp: 90 }] }));
    renderDeal();
    await screen.findByTestId('admin-deal-status');
    const tranche = screen.getByTestId('admin-tranche-1');
    const save = within(tranche).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(tranche).getByLabelText('Launch bp'), { target: { value: '90' } });
    fireEvent.click(save);
    await waitFor(() => expect(server.callsTo(TRANCHE).map((c) => c.body)).toEqual([{ launchSpreadBp: 90 }]));
    await waitFor(() =>
      expect(within(screen.getByTestId('admin-tranche-1')).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true),
    );
    expect((within(screen.getByTestId('admin-tranche-1')).getByLabelText('Launch bp') as HTMLInputElement).value).toBe('90');
  });

  it("a tranche change the server refuses is said on the deal's error line, and the deal is not changed", async () => {
    const TRANCHE = `PATCH ${ADMIN_DEAL_PATHS.tranche({ id: 31, trancheId: 1 })}`;
    // As server/services/primary/dealAdminSteps.ts says a tranche that became a bond.
    server.answer(TRANCHE, refusal(409, 'Tranche 1 became bond 77 and stays.'));
    renderDeal();
    await screen.findByTestId('admin-deal-status');
    const tranche = screen.getByTestId('admin-tranche-1');
    fireEvent.change(within(tranche).getByLabelText('Launch bp'), { target: { value: '90' } });
    fireEvent.click(within(tranche).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('admin-deal-error')).textContent).toBe('Tranche 1 became bond 77 and stays.');
    expect(server.callsTo(TRANCHE).map((c) => c.body)).toEqual([{ launchSpreadBp: 90 }]);
    expect(screen.getByTestId('admin-deal-status').textContent).toBe('Guidance');
  });
});
