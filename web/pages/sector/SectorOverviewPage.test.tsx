import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ISSUER_PATHS, issuerSearchResponseSchema } from '@common/api/issuer';
import { MARKET_PATHS, marketSectorsResponseSchema } from '@common/api/market';
import { serveApi, shaped } from '../../test/apiServer';
import { gridCells } from '../../test/grid';
import { renderPage } from '../../test/renderPage';
import SectorOverviewPage from './SectorOverviewPage';

const SECTORS = `GET ${MARKET_PATHS.marketSectors}`;
const ISSUERS = `GET ${ISSUER_PATHS.issuers}`;

const banks = {
  id: 11,
  code: 'BANK',
  name: 'Banks',
  bondCount: 30,
  spread: 98.04,
  spreadChange: -0.5,
  yield: 0.0501,
  yieldChange: 0.0001,
  volume: 120_000_000,
};
const sectors = shaped(marketSectorsResponseSchema, {
  asOf: '2026-11-20T23:59:59.999Z',
  sectors: [
    {
      id: 1,
      code: 'FINL',
      name: 'Financials',
      bondCount: 42,
      spread: 104.56,
      spreadChange: 1.25,
      yield: 0.05234,
      yieldChange: -0.0002,
      volume: 250_000_000,
      industries: [banks],
    },
    {
      id: 2,
      code: 'UTIL',
      name: 'Utilities',
      bondCount: 7,
      spread: 88,
      spreadChange: 0,
      yield: 0.048,
      yieldChange: 0,
      volume: 1_500_000,
      industries: [],
    },
  ],
  weighting: 'amountOutstanding',
});
const issuers = shaped(issuerSearchResponseSchema, {
  issuers: [{ id: 12, name: 'JPMorgan Chase & Co.', displayName: 'JPMorgan', ticker: 'JPM', sectorCode: 'BANK', bondCount: 17 }],
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [SECTORS]: sectors, [ISSUERS]: issuers });
});

describe('the sector overview page', () => {
  it('shows each sector’s bonds, spread, yield, their daily changes and volume', async () => {
    renderPage(<SectorOverviewPage />);
    const table = await screen.findByTestId('sector-table');
    await waitFor(() => expect(gridCells(table, 'FINL')).toMatchObject({ name: 'Financials' }));
    expect(gridCells(table, 'FINL')).toEqual({
      name: 'Financials',
      bondCount: '42',
      spread: '104.6 bp',
      spreadChange: '+1.3 bp',
      yield: '5.234%',
      yieldChange: '-2.0 bp',
      volume: '250MM',
    });
    expect(gridCells(table, 'UTIL')).toMatchObject({ volume: '1.5MM', spread: '88.0 bp' });
    expect(screen.getByTestId('market-as-of').textContent).toBe('Close of Nov 20, 2026');
  });

  it('clicking a sector drills into its industries and asks the server for its issuers', async () => {
    const { router } = renderPage(<SectorOverviewPage />);
    const table = await screen.findByTestId('sector-table');
    fireEvent.click(await within(table).findByText('Financials'));
    await waitFor(() => expect(router.state.location.search).toBe('?sector=FINL'));
    expect((await screen.findByTestId('drill-title')).textContent).toBe('Financials · industries');
    expect(screen.getByTestId('sector-bonds-link').getAttribute('href')).toBe('/bw/bond?sector=FINL');
    const industries = await screen.findByTestId('industry-table');
    await waitFor(() => expect(gridCells(industries, 'BANK')).toMatchObject({ name: 'Banks', spread: '98.0 bp', volume: '120MM' }));

    const issuerTable = await screen.findByTestId('issuer-table');
    await waitFor(() =>
      expect(gridCells(issuerTable, '12')).toEqual({ displayName: 'JPMorgan', ticker: 'JPM', sectorCode: 'Banks', bondCount: '17' }),
    );
    expect(Object.fromEntries(server.callsTo(ISSUERS)[0]!.query)).toEqual({ sector: 'FINL', limit: '100' });
  });
});
