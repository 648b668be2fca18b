import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MarketSummaryResponse } from '@common/api/market';
import { renderPage } from '../../test/renderPage';
import { SummaryGrid } from './SummaryGrid';

const cells = (base: number) =>
  (['2Y', '10Y'] as const).map((tenor, i) => ({ tenor, value: base + i * 50, change: i ? -1.25 : 0.5, bondCount: 4 }));
const summary = (metric: MarketSummaryResponse['metric']): MarketSummaryResponse => ({
  metric,
  asOf: '2026-11-20T21:00:00Z',
  tenors: ['2Y', '10Y'],
  rows: [
    { segment: 'IG', label: 'Investment grade', cells: cells(80), total: { value: 100, change: 0.1, bondCount: 8 } },
    { segment: 'rating:AAA', label: 'AAA', cells: [], total: { value: null, change: null, bondCount: 0 } },
    { segment: 'sector:FINL', label: 'Financials', cells: cells(120), total: { value: 140, change: -0.2, bondCount: 8 } },
  ],
  treasury: { date: null, previousDate: null, points: [] },
  mostActive: [],
  weighting: 'amountOutstanding',
});

describe('market summary grid', () => {
  it('shows level and daily change per visible tenor, the 2s10s slope and the total; empty segments are left out', () => {
    renderPage(<SummaryGrid summary={summary('spread')} tenors={['2Y', '10Y']} slopes={['2Y-10Y']} />);
    const ig10 = screen.getByTestId('summary-cell-IG-10Y');
    expect(ig10.textContent).toBe('130.0-1.3');
    expect(ig10.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('good');
    expect(screen.getByTestId('summary-cell-IG-2Y').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('bad');
    expect(screen.getByTestId('summary-slope-IG-2Y-10Y').textContent).toBe('+50.0-1.8');
    expect(screen.getByText('2s10s')).toBeTruthy();
    expect(screen.queryByTestId('summary-row-rating:AAA')).toBeNull();
    expect(screen.getByTestId('summary-cell-sector:FINL-all').textContent).toBe('140.0-0.2');
    expect(screen.getByRole('columnheader', { name: /Segment/ }).getAttribute('title')).toMatch(
      /^G-spread, bp, weighted by amount outstanding;/,
    );
  });

  it('the level header names the weighting the server used: equal weights where sizes are unknown', () => {
    renderPage(<SummaryGrid summary={{ ...summary('spread'), weighting: 'equal' }} tenors={['2Y']} slopes={[]} />);
    expect(screen.getByRole('columnheader', { name: /Segment/ }).getAttribute('title')).toMatch(
      /^G-spread, bp, each bond weighted equally \(amount outstanding not known for every bond\);/,
    );
  });

  it('only the chosen tenors are columns, and price has no slopes', () => {
    renderPage(<SummaryGrid summary={summary('price')} tenors={['10Y']} slopes={['2Y-10Y']} />);
    expect(screen.queryByTestId('summary-cell-IG-2Y')).toBeNull();
    expect(screen.getByTestId('summary-cell-IG-10Y').textContent).toBe('130.000-1.250');
    expect(screen.queryByText('2s10s')).toBeNull();
  });

  it('a cell opens /bw/market/detail/{metric}/{tenor}/{segment}', async () => {
    const { router } = renderPage(<SummaryGrid summary={summary('yield')} tenors={['2Y', '10Y']} slopes={[]} />, {
      path: '/bw/market/summary',
      at: '/bw/market/summary',
    });
    fireEvent.click(screen.getByTestId('summary-cell-sector:FINL-10Y'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/market/detail/yield/10Y/sector%3AFINL'));
  });
});
