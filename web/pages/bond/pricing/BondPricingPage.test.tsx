import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOND_PATHS } from '@common/api/bond';
import { serveApi } from '../../../test/apiServer';
import { bondDetail } from '../../../test/bondDetail';
import { bondRow } from '../../../test/bondRow';
import { renderPage } from '../../../test/renderPage';
import BondPricingPage from './BondPricingPage';

const ROUTE = '/bw/bond/:bondId/pricing';
const BOND = `GET ${BOND_PATHS.bond({ id: 77 })}`;
const description = 'ACME 5.25 12/01/36';
// The helper's bond as it is: a 5.25% coupon the server sends as a decimal, no analytics yet.
const unpriced = bondDetail({ id: 77, description });
/** Settling on its first coupon date, so a yield prices it with no accrued and 20 whole periods left. */
const priced = bondDetail({
  ...unpriced,
  settlementDate: '2026-12-01',
  analytics: bondRow({ id: 77, description, price: 99.5, yieldToMaturity: 0.05315, yieldToWorst: 0.05315, gSpread: 131.5 }),
  // A flat curve: the G-spread is the yield less 4 %.
  analyticsCurve: {
    pricingDay: '2026-11-30',
    date: '2026-11-30',
    points: [
      { tenor: '2Y', years: 2, yield: 0.04 },
      { tenor: '10Y', years: 10, yield: 0.04 },
      { tenor: '30Y', years: 30, yield: 0.04 },
    ],
  },
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [BOND]: priced });
});
const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('the bond pricing page', () => {
  it('shows the terms, today’s analytics and the calculator at the evaluated price when the bond is priced', async () => {
    renderPage(<BondPricingPage />, { path: ROUTE, at: '/bw/bond/77/pricing' });
    await screen.findByTestId('server-analytics');
    expect(screen.getByTestId('bond-terms').textContent).toContain('Coupon5.250%');
    expect(screen.getByTestId('bond-terms').textContent).toContain('MaturityDec 1, 2036');
    expect({ settlement: text('server-settlement'), price: text('server-price'), ytm: text('server-ytm') }).toEqual({
      settlement: 'Dec 1, 2026',
      price: '99.500',
      ytm: '5.315%',
    });
    expect(text('calc-out-price')).toBe('99.500');
    expect(text('calc-note')).toBe(
      "Type in any of price, yield or spread; the others follow. Same engine and conventions as the server's evaluated prices; Treasury curve of Nov 30, 2026, as the analytics.",
    );
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([BOND]);
  });

  it('prices the bond at a yield typed into the calculator, with its G-spread over the analytics’ curve', async () => {
    renderPage(<BondPricingPage />, { path: ROUTE, at: '/bw/bond/77/pricing' });
    fireEvent.change(await screen.findByTestId('calc-yield'), { target: { value: '6' } });
    await waitFor(() => expect(text('calc-out-price')).toBe('94.421'));
    expect({ ytm: text('calc-ytm'), gSpread: text('calc-gspread') }).toEqual({ ytm: '6.000%', gSpread: '200.0 bp' });
    expect((screen.getByTestId('calc-price') as HTMLInputElement).value).toBe('94.420947');
  });

  it('says the bond is not priced yet when the server has no analytics for it', async () => {
    server.answer(BOND, unpriced);
    renderPage(<BondPricingPage />, { path: ROUTE, at: '/bw/bond/77/pricing' });
    expect(await screen.findByText('Not priced yet.')).toBeTruthy();
    expect(screen.queryByTestId('server-analytics')).toBeNull();
  });

  it('shows that the address names no bond when its id has letters, and asks for nothing', async () => {
    renderPage(<BondPricingPage />, { path: ROUTE, at: '/bw/bond/acme/pricing' });
    expect((await screen.findByTestId('bond-error')).textContent).toBe('“acme” is not a bond id.');
    expect(server.calls).toEqual([]);
  });
});
