import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOND_PATHS, priceHistoryResponseSchema } from '@common/api/bond';
import { MARKET_PATHS, marketIndexResponseSchema, type MarketWeighting } from '@common/api/market';
import { tradeListResponseSchema } from '@common/api/trade';
import { USER_PATHS } from '@common/api/user';
import { makeJwt } from '../../session/testTokens';
import { useSession } from '../../stores/session';
import { serveApi, shaped } from '../../test/apiServer';
import { stubCanvas2d } from '../../test/canvas';
import { renderPage } from '../../test/renderPage';
import { BondHistoryView } from './BondHistoryView';
import { trade } from './tradeFixture';

const bond = { id: 7, description: 'KDP 4.50 11/15/45', ratingSp: 'BBB', ratingMoody: 'Baa2' };
const point = (date: string, price: number) => ({ date, price, yield: 0.0634, gSpread: 152, confidence: 0.4, volume: 1, tradeCount: 1 });
const index = (weighting: MarketWeighting) =>
  shaped(marketIndexResponseSchema, {
    points: [
      { date: '2026-09-23', ig: 100, hy: null, igConstituents: 12, hyConstituents: 0 },
      { date: '2026-09-24', ig: 100.057, hy: null, igConstituents: 12, hyConstituents: 0 },
    ],
    weighting,
  });
let server: ReturnType<typeof serveApi>;

beforeEach(() => {
  useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1', scope: 'user' }) });
  // The view draws the history and the index on a canvas.
  stubCanvas2d();
  server = serveApi({
    [`GET ${USER_PATHS.preferences({ id: 'u-1' })}`]: { preferences: {}, defaults: {} },
    [`GET ${BOND_PATHS.bondPriceHistory({ id: 7 })}`]: shaped(priceHistoryResponseSchema, {
      bondId: 7,
      points: [point('2026-09-23', 151.661), point('2026-09-24', 152.077)],
    }),
    [`GET ${BOND_PATHS.bondTrades({ id: 7 })}`]: shaped(tradeListResponseSchema, { trades: [trade({ bondId: 7 })] }),
  });
});
afterEach(() => {
  // Unmounted first: the chart stops drawing before its canvas loses the stub.
  cleanup();
  useSession.getState().clear();
  vi.restoreAllMocks();
});

const view = () => renderPage(<BondHistoryView bond={bond} metric="price" range="1m" onMetric={() => {}} onRange={() => {}} />);

describe("a bond's history names the weighting of the index it is compared with", () => {
  it('by price alone where amount outstanding is unknown (public FINRA data)', async () => {
    server.answer(`GET ${MARKET_PATHS.marketIndex}`, index('equal'));
    view();
    const line = await screen.findByTestId('history-index-weighting');
    expect(line.getAttribute('data-weighting')).toBe('equal');
    expect(line.textContent).toBe(
      'IG index (dashed, left axis): total return from 100, each bond weighted by price alone (amount outstanding not known for every bond)',
    );
    // The index asked for is the chart's range.
    const [call] = server.callsTo(`GET ${MARKET_PATHS.marketIndex}`);
    expect(call!.query.get('from')).toBe(server.callsTo(`GET ${BOND_PATHS.bondPriceHistory({ id: 7 })}`)[0]!.query.get('from'));
  });

  it('by market value where every bond has a size; no line for an unrated bond, which has no index', async () => {
    server.answer(`GET ${MARKET_PATHS.marketIndex}`, index('amountOutstanding'));
    const first = view();
    await waitFor(() =>
      expect(screen.getByTestId('history-index-weighting').textContent).toBe(
        'IG index (dashed, left axis): total return from 100, weighted by market value (amount outstanding × price)',
      ),
    );
    first.unmount();
    renderPage(
      <BondHistoryView
        bond={{ ...bond, ratingSp: null, ratingMoody: null }}
        metric="price"
        range="1m"
        onMetric={() => {}}
        onRange={() => {}}
      />,
    );
    await screen.findByTestId('history-chart');
    expect(screen.queryByTestId('history-index-weighting')).toBeNull();
  });
});
