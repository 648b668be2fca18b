import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOND_PATHS, cashflowsResponseSchema } from '@common/api/bond';
import { serveApi, shaped } from '../../../test/apiServer';
import { bondDetail } from '../../../test/bondDetail';
import { stubCanvas2d } from '../../../test/canvas';
import { renderPage } from '../../../test/renderPage';
import BondCashflowPage from './BondCashflowPage';

const ROUTE = '/bw/bond/:bondId/cashflow';
const CASHFLOWS = `GET ${BOND_PATHS.bondCashflows({ id: 77 })}`;
const flows = shaped(cashflowsResponseSchema, {
  bondId: 77,
  settlementDate: '2026-11-23',
  cashflows: [
    { date: '2026-12-01', coupon: 2.625, principal: 0, total: 2.625 },
    { date: '2027-06-01', coupon: 2.625, principal: 0, total: 2.625 },
    { date: '2027-12-01', coupon: 2.625, principal: 100, total: 102.625 },
  ],
  assumedIndexRate: null,
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  // The payments are drawn on a canvas.
  stubCanvas2d();
  server = serveApi({
    [`GET ${BOND_PATHS.bond({ id: 77 })}`]: bondDetail({ id: 77, description: 'ACME 5.25 12/01/27' }),
    [CASHFLOWS]: flows,
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
const rows = () =>
  screen.getAllByTestId('cashflow-row').map((r) =>
    within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );

describe('the bond cash-flow page', () => {
  it('shows each payment per 100 face and their totals, from the settlement date', async () => {
    renderPage(<BondCashflowPage />, { path: ROUTE, at: '/bw/bond/77/cashflow' });
    await screen.findByTestId('cashflow-table');
    expect(rows()).toEqual([
      ['Dec 1, 2026', '2.6250', '', '2.6250'],
      ['Jun 1, 2027', '2.6250', '', '2.6250'],
      ['Dec 1, 2027', '2.6250', '100.0000', '102.6250'],
    ]);
    expect(
      within(screen.getByTestId('cashflow-totals'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Total (3 payments)', '7.8750', '100.0000', '107.8750']);
    expect(screen.getByText('Per 100 face, settling Nov 23, 2026')).toBeTruthy();
    expect((await screen.findByTestId('bond-description')).textContent).toBe('ACME 5.25 12/01/27');
  });

  it('a floater says the index level its later coupons are projected at', async () => {
    server.answer(CASHFLOWS, shaped(cashflowsResponseSchema, { ...flows, assumedIndexRate: 0.04315 }));
    renderPage(<BondCashflowPage />, { path: ROUTE, at: '/bw/bond/77/cashflow' });
    expect(await screen.findByText('Per 100 face, settling Nov 23, 2026 · floating coupons projected at an index of 4.315%')).toBeTruthy();
  });

  it('CSV saves the schedule, unformatted, named by the CUSIP', async () => {
    // The browser's download (jsdom has none): the file becomes an object URL handed to a temporary link.
    const saved: Blob[] = [];
    const revoked: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          saved.push(blob);
          return 'blob:cashflows';
        }
        static override revokeObjectURL(url: string) {
          revoked.push(url);
        }
      },
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage(<BondCashflowPage />, { path: ROUTE, at: '/bw/bond/77/cashflow' });
    await screen.findByTestId('bond-description');
    fireEvent.click(await screen.findByTestId('cashflow-csv'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(names).toEqual(['cashflows-037833DX5.csv']);
    // The page lets go of the file a moment later, while the stub is still in place.
    await waitFor(() => expect(revoked).toEqual(['blob:cashflows']));
    expect(await saved[0]!.text()).toBe(
      'date,coupon,principal,total\r\n2026-12-01,2.625,0,2.625\r\n2027-06-01,2.625,0,2.625\r\n2027-12-01,2.625,100,102.625\r\n',
    );
  });
});
