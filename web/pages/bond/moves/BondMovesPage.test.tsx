import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MARKET_PATHS, type MarketMovesResponse, marketMovesResponseSchema } from '@common/api/market';
import { type ApiCall, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import BondMovesPage from './BondMovesPage';

const MOVES = `GET ${MARKET_PATHS.marketMoves}`;
const bond = {
  bondId: 77,
  cusip: '037833DX5',
  description: 'ACME 5.25 12/01/36',
  ticker: 'ACME',
  ratingSP: 'A',
  ratingMoody: 'A2',
  tenor: 10.0356,
};
const other = {
  bondId: 78,
  cusip: '172967MP3',
  description: 'BETA 4 03/15/29',
  ticker: 'BETA',
  ratingSP: 'BB+',
  ratingMoody: null,
  tenor: 2.29,
};
/** The server's biggest moves for the metric asked: prices in points, yields as decimals, spreads in bp. */
const moves = (call: ApiCall) => {
  const metric = (call.query.get('metric') ?? 'price') as MarketMovesResponse['metric'];
  const figures = {
    price: [
      { value: 98.5, previous: 100.125, change: -1.625 },
      { value: 101.2, previous: 100.7, change: 0.5 },
    ],
    yield: [
      { value: 0.0531, previous: 0.0512, change: 0.0019 },
      { value: 0.047, previous: 0.048, change: -0.001 },
    ],
    spread: [
      { value: 142.35, previous: 120.1, change: 22.25 },
      { value: 88, previous: 95.5, change: -7.5 },
    ],
  }[metric];
  return shaped(marketMovesResponseSchema, {
    metric,
    period: (call.query.get('period') ?? '1d') as MarketMovesResponse['period'],
    baseDate: '2026-11-19',
    moves: [
      { ...bond, ...figures[0]! },
      { ...other, ...figures[1]! },
    ],
  });
};
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [MOVES]: moves });
});
const rows = () =>
  screen.getAllByTestId('moves-row').map((r) =>
    within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );

describe('the bond moves page', () => {
  it('shows the biggest price moves of the day against the previous close', async () => {
    renderPage(<BondMovesPage />);
    await screen.findByTestId('moves-table');
    expect(rows()).toEqual([
      ['ACME 5.25 12/01/36', '037833DX5', 'A2 / A', '10.04', '100.125', '98.500', '-1.625'],
      ['BETA 4 03/15/29', '172967MP3', '— / BB+', '2.29', '100.700', '101.200', '+0.500'],
    ]);
    expect(screen.getByText('Change vs the close of Nov 19, 2026 · points per 100 face')).toBeTruthy();
    expect(within(screen.getByTestId('moves-chart')).getByText('-1.625')).toBeTruthy();
    expect(Object.fromEntries(server.callsTo(MOVES)[0]!.query)).toEqual({ metric: 'price', period: '1d', limit: '30' });
  });

  it('choosing Spread and 1 week asks for them and shows levels and changes in bp', async () => {
    const { router } = renderPage(<BondMovesPage />);
    await screen.findByTestId('moves-table');
    fireEvent.click(within(screen.getByTestId('moves-metric')).getByText('Spread'));
    await waitFor(() => expect(rows()[0]!.slice(4)).toEqual(['120.1 bp', '142.4 bp', '+22.3 bp']));
    fireEvent.click(within(screen.getByTestId('moves-period')).getByText('1 week'));
    await waitFor(() => expect(server.callsTo(MOVES).at(-1)!.query.get('period')).toBe('1w'));
    expect(Object.fromEntries(server.callsTo(MOVES).at(-1)!.query)).toEqual({ metric: 'spread', period: '1w', limit: '30' });
    expect(new URLSearchParams(router.state.location.search).get('metric')).toBe('spread');
  });

  it('yields in percent, their changes in bp; the filters of the URL are sent', async () => {
    renderPage(<BondMovesPage />, { at: '/?metric=yield&sector=FINL&tenor=10Y' });
    await screen.findByTestId('moves-table');
    expect(rows()[0]!.slice(4)).toEqual(['5.120%', '5.310%', '+19.0 bp']);
    const query = server.callsTo(MOVES)[0]!.query;
    expect([query.getAll('sector'), query.getAll('tenor'), query.get('metric')]).toEqual([['FINL'], ['10Y'], 'yield']);
  });
});
