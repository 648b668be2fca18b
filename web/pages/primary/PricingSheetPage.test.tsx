import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PRICING_SHEET_PATHS, pricingSheetListSchema, pricingSheetSchema } from '@common/api/pricingSheets';
import { serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import PricingSheetPage from './PricingSheetPage';

const ROUTE = '/bw/primary/pricing-sheet/:id?';
const owner = { email: 'ann@example.com', name: 'Ann Lee' };

afterEach(cleanup);

describe('the pricing sheet page', () => {
  it('lists the caller’s sheets, naming who shared one and leaving its delete out', async () => {
    serveApi({
      [`GET ${PRICING_SHEET_PATHS.sheets}`]: shaped(pricingSheetListSchema, {
        sheets: [
          { id: 1, name: 'Acme 5Y', version: 2, tranches: 1, updatedAt: '2026-11-27T15:00:00.000Z' },
          {
            id: 2,
            name: 'Beta 10Y',
            version: 1,
            tranches: 2,
            updatedAt: '2026-11-26T15:00:00.000Z',
            shared: { owner, permission: 'view', shareId: 's1' },
          },
        ],
      }),
    });
    renderPage(<PricingSheetPage />, { path: ROUTE, at: '/bw/primary/pricing-sheet' });
    const own = await screen.findByTestId('pricing-sheet-row-1');
    expect(within(own).getByRole('link', { name: 'Acme 5Y' }).getAttribute('href')).toBe('/bw/primary/pricing-sheet/1');
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeTruthy();
    const shared = screen.getByTestId('pricing-sheet-row-2');
    expect(within(shared).getByText('Shared by Ann Lee · view only')).toBeTruthy();
    expect(within(shared).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('opens a sheet shared to view read-only, with its owner in place of the save state', async () => {
    serveApi({
      [`GET ${PRICING_SHEET_PATHS.sheet({ id: 2 })}`]: shaped(pricingSheetSchema, {
        id: 2,
        name: 'Beta 10Y',
        notes: 'for Tuesday',
        content: { issuerId: 40, tranches: [{ tenorYears: 10, sizeMm: 1000 }] },
        version: 1,
        createdAt: '2026-11-26T15:00:00.000Z',
        updatedAt: '2026-11-26T15:00:00.000Z',
        shared: { owner, permission: 'view', shareId: 's1' },
      }),
    });
    renderPage(<PricingSheetPage />, { path: ROUTE, at: '/bw/primary/pricing-sheet/2' });
    expect((await screen.findByTestId('sheet-view-only')).textContent).toBe('View only · shared by Ann Lee');
    expect(screen.queryByTestId('sheet-save-state')).toBeNull();
    expect(screen.getByTestId('sheet-view-only-note')).toBeTruthy();
    expect((screen.getByTestId('sheet-name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByTestId('worksheet-read-only').length).toBe(2);
  });
});
