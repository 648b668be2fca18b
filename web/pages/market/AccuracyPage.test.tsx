import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCURACY_PATHS, type AccuracyRow, type AccuracyStats, accuracyReportSchema } from '@common/api/accuracy';
import { type ApiCall, serveApi, shaped } from '../../test/apiServer';
import { stubCanvas2d } from '../../test/canvas';
import { gridCells as cells } from '../../test/grid';
import { renderPage } from '../../test/renderPage';
import AccuracyPage from './AccuracyPage';

const ACCURACY = `GET ${ACCURACY_PATHS.accuracy}`;

const stats = (withinTight: number, withinWide: number, medianError: number, p95Error: number, bias: number): AccuracyStats => ({
  withinTight,
  withinWide,
  medianError,
  p95Error,
  meanAbsError: medianError * 1.2,
  bias,
});
const row = (ratingClass: AccuracyRow['ratingClass'], key: string, trades: number): AccuracyRow => ({
  ratingClass,
  key,
  trades,
  model: stats(0.7412, 0.8525, 0.21, 0.93, -0.04),
  lastTrade: stats(0.6, 0.7, 0.35, 1.4, 0.02),
  previousClose: stats(0.5, 0.65, 0.4, 1.62, 0.1),
});
const report = (call: ApiCall) =>
  shaped(accuracyReportSchema, {
    evaluatedAt: '2026-11-20T22:15:00.000Z',
    from: call.query.get('from') ?? '2026-06-01',
    to: '2026-11-20',
    evaluatedTrades: 15_230,
    comparedTrades: 12_345,
    thresholds: { IG: [0.4, 0.55], HY: [0.6, 0.82] },
    // The server keys the overall rows by their class.
    overall: [row(null, 'All', 12_345), row('IG', 'IG', 9_000), row('HY', 'HY', 3_345)],
    byRating: [row('IG', 'AA', 2_100)],
    byTenor: [row('IG', '10Y', 1_800)],
    bySize: [],
    byLiquidity: [],
    byConfidence: [],
    byWeek: [row('IG', '2026-11-16', 400)],
    spearman: { all: -0.31, IG: -0.28, HY: -0.405 },
  });

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  // "1M" is counted back from the machine's today; only Date is faked, so waits still tick.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00Z') });
  // The weekly shares are drawn on a canvas.
  stubCanvas2d();
  server = serveApi({ [ACCURACY]: report });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const gridCells = (testId: string, rowId: string) => cells(screen.getByTestId(testId), rowId);

describe('the accuracy page', () => {
  it('shows how many trades were compared, and each predictor’s shares within the thresholds and its errors in points', async () => {
    renderPage(<AccuracyPage />);
    // The evaluation time is shown in the browser's time zone, so only its minutes are fixed here.
    expect((await screen.findByTestId('accuracy-coverage')).textContent).toMatch(
      new RegExp(
        '^12,345 trades compared of 15,230 evaluated, Jun 1, 2026 to Nov 20, 2026; last evaluated Nov 2\\d, 2026, \\d{1,2}:15 [AP]M\\. ' +
          'Rank correlation of confidence and error \\(Spearman\\): -0\\.31 \\(IG -0\\.28, HY -0\\.41\\)\\.$',
      ),
    );
    expect(server.callsTo(ACCURACY)[0]!.query.toString()).toBe('');
    await waitFor(() => expect(gridCells('accuracy-overall', 'All')).toMatchObject({ trades: '12,345' }));
    expect(gridCells('accuracy-overall', 'All')).toMatchObject({
      'model.withinTight': '74.1%',
      'model.withinWide': '85.3%',
      'model.median': '0.21',
      'model.p95': '0.93',
      'model.bias': '-0.04',
      'previousClose.p95': '1.62',
    });
    expect(within(screen.getByTestId('accuracy-overall')).getAllByText('≤ 0.4/0.6').length).toBeGreaterThan(0);
    await waitFor(() => expect(gridCells('accuracy-table', 'IG|AA')).toMatchObject({ trades: '2,100', 'lastTrade.withinWide': '70.0%' }));
  });

  it('switching the lower table to tenor shows the tenor buckets, and a range asks the server for trades from its start', async () => {
    const { router } = renderPage(<AccuracyPage />);
    await screen.findByTestId('accuracy-coverage');
    fireEvent.click(within(screen.getByTestId('accuracy-dimension')).getByText('Tenor'));
    await waitFor(() => expect(gridCells('accuracy-table', 'IG|10Y')).toMatchObject({ trades: '1,800' }));
    expect(router.state.location.search).toBe('?by=byTenor');

    fireEvent.click(within(screen.getByTestId('accuracy-range')).getByText('1M'));
    await waitFor(() => expect(server.callsTo(ACCURACY).at(-1)!.query.get('from')).toBe('2026-10-21'));
    await waitFor(() => expect(screen.getByTestId('accuracy-coverage').textContent).toMatch(/, Oct 21, 2026 to Nov 20, 2026;/));
  });
});
