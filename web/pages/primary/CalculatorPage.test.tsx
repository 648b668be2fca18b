import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { calculatorResponseSchema } from '@common/api/newIssueCalculator';
import { PRICING_SHEET_PATHS, type PricingSheetCreate, pricingSheetSchema } from '@common/api/pricingSheets';
import { PRIMARY_PATHS } from '@common/api/primary';
import { type ApiCall, refusal, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import CalculatorPage from './CalculatorPage';

const ROUTE = '/bw/primary/pricing';
const CALCULATE = `POST ${PRIMARY_PATHS.calculator}`;
const CREATE_SHEET = `POST ${PRICING_SHEET_PATHS.sheets}`;

/** A 10-year tranche on the 10-year benchmark, so the spread to it is the reoffer spread. */
const answer = shaped(calculatorResponseSchema, {
  pricingDay: '2026-11-30',
  curveDay: '2026-11-27',
  issuer: null,
  sector: 'FINL',
  rating: 'A',
  ratingClass: 'IG',
  tranches: [
    {
      tenorYears: 10,
      sizeMm: 1000,
      settlementDate: '2026-12-02',
      maturityDate: '2036-12-02',
      benchmark: { tenorYears: 10, marketYield: 0.042, yield: { value: 0.042, overridden: false } },
      treasuryAtTenor: 0.042,
      fairValue: { spreadBp: 95, overridden: false, method: 'sector and rating curve', issuerBonds: 0 },
      concession: { expectedBp: 5, lowBp: 2, highBp: 9, overridden: false },
      tighteningBp: { value: 20, overridden: false },
      iptSpreadBp: 120,
      reofferSpreadBp: 100,
      spreadToBenchmarkBp: 100,
      reofferYield: 0.052,
      coupon: { value: 0.05125, overridden: false },
      price: 99.4209,
    },
  ],
  model: {
    method: 'median',
    observations: 42,
    from: '2026-05-01',
    to: '2026-11-27',
    coefficients: [],
    r2: null,
    residualBp: 3.1,
    recentCover: 3.4,
    marketVolBp: 6.2,
    typicalTighteningBp: { IG: 20, HY: 35 },
  },
});
/** The server keeps the sheet it was sent, as sheet 12. */
const keepSheet = (call: ApiCall) => {
  const { name, content } = call.body as PricingSheetCreate;
  return shaped(pricingSheetSchema, {
    id: 12,
    name,
    notes: '',
    content,
    version: 1,
    createdAt: '2026-11-30T09:00:00.000Z',
    updatedAt: '2026-11-30T09:00:00.000Z',
  });
};

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [CALCULATE]: answer, [CREATE_SHEET]: keepSheet });
});
const level = (suffix: string) => screen.getByTestId(`tranche-0-${suffix}`).textContent;

describe('the new-issue calculator', () => {
  it('shows where a tranche should price when a sector and rating are picked, from the server’s levels', async () => {
    renderPage(<CalculatorPage />, { path: ROUTE, at: ROUTE });
    expect(screen.getByTestId('page-title').textContent).toBe('New-issue calculator');
    fireEvent.click(screen.getByLabelText('Sector and rating'));
    expect((await screen.findByTestId('calculator-context')).textContent).toBe(
      'Hypothetical issuer · FINL · A (IG) · spreads on the 2026-11-27 close · priced 2026-11-30',
    );
    expect(server.callsTo(CALCULATE).map((c) => c.body)).toEqual([
      { sector: 'FINL', rating: 'A', tranches: [{ tenorYears: 10, sizeMm: 1000 }] },
    ]);
    expect({
      benchmark: level('benchmark'),
      fairValue: level('fair-value'),
      concession: level('concession'),
      ipt: level('ipt'),
      reoffer: level('reoffer-spread'),
      toBenchmark: level('spread-to-benchmark'),
      yield: level('yield'),
      coupon: level('coupon'),
      price: level('price'),
      maturity: level('maturity'),
    }).toEqual({
      benchmark: '4.200%',
      fairValue: '95.0 bp',
      concession: '5.0 bp (2 to 9)',
      ipt: '120.0 bp',
      reoffer: '100.0 bp',
      toBenchmark: '100.0 bp',
      yield: '5.200%',
      coupon: '5.125%',
      price: '99.421',
      maturity: '2036-12-02',
    });
  });

  it('shows the server’s sentence when the calculator refuses the worksheet', async () => {
    server.answer(CALCULATE, refusal(422, 'No curve for this sector and rating today.'));
    renderPage(<CalculatorPage />, { path: ROUTE, at: ROUTE });
    fireEvent.click(screen.getByLabelText('Sector and rating'));
    expect((await screen.findByRole('alert')).textContent).toBe('No curve for this sector and rating today.');
    expect(screen.queryByTestId('tranche-0-ipt')).toBeNull();
  });

  it('says a fair value the server cannot read as a sentence naming the field and the tranche', async () => {
    // As server/services/primary/calculator.ts refuses it.
    server.answer(
      CALCULATE,
      refusal(
        400,
        'Invalid body.tranches.0.fairValueBp: must be entered for the 10-year tranche: no issuer or sector curve to read it from',
      ),
    );
    renderPage(<CalculatorPage />, { path: ROUTE, at: ROUTE });
    fireEvent.click(screen.getByLabelText('Sector and rating'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Fair value (bp) must be entered for the 10-year tranche: no issuer or sector curve to read it from.',
    );
    expect(screen.queryByTestId('tranche-0-ipt')).toBeNull();
  });

  it('keeps the worksheet as a sheet named by sector, rating, tenors and day when saved, and opens it', async () => {
    const { router } = renderPage(<CalculatorPage />, { path: ROUTE, at: ROUTE });
    fireEvent.click(screen.getByLabelText('Sector and rating'));
    await screen.findByTestId('tranche-0-ipt');
    fireEvent.click(screen.getByTestId('calculator-save-sheet'));
    await screen.findByTestId('navigated-elsewhere');
    expect(router.state.location.pathname).toBe('/bw/primary/pricing-sheet/12');
    expect(server.callsTo(CREATE_SHEET).map((c) => c.body)).toEqual([
      { name: 'FINL A 10Y 2026-11-30', content: { sector: 'FINL', rating: 'A', tranches: [{ tenorYears: 10, sizeMm: 1000 }] } },
    ]);
  });

  it('saves a sheet named by its tenors alone when nothing is picked yet, without asking the calculator', async () => {
    const { router } = renderPage(<CalculatorPage />, { path: ROUTE, at: ROUTE });
    fireEvent.click(screen.getByTestId('calculator-save-sheet'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/primary/pricing-sheet/12'));
    expect(server.callsTo(CREATE_SHEET).map((c) => c.body)).toEqual([
      { name: '10Y', content: { tranches: [{ tenorYears: 10, sizeMm: 1000 }] } },
    ]);
    expect(server.callsTo(CALCULATE)).toEqual([]);
  });
});
