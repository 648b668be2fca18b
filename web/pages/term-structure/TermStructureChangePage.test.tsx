import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKET_PATHS, marketSectorsResponseSchema, termStructureChangeResponseSchema, type MarketWeighting } from '@common/api/market';
import { makeJwt } from '../../session/testTokens';
import { useSession } from '../../stores/session';
import { serveApi, shaped } from '../../test/apiServer';
import { stubCanvas2d } from '../../test/canvas';
import { renderPage } from '../../test/renderPage';
import TermStructureChangePage from './TermStructureChangePage';

const sectors = shaped(marketSectorsResponseSchema, {
  asOf: '2026-09-24',
  sectors: [
    {
      id: 1,
      code: 'CONS',
      name: 'Consumer',
      bondCount: 5,
      spread: 130,
      spreadChange: 0.2,
      yield: 0.055,
      yieldChange: 0,
      volume: 12,
      industries: [],
    },
  ],
  weighting: 'equal',
});
const answer = (weighting: MarketWeighting) =>
  shaped(termStructureChangeResponseSchema, {
    metric: 'spread',
    fromDate: '2026-09-23',
    toDate: '2026-09-24',
    buckets: [{ tenor: '20Y', from: 153.9445, to: 154.354, change: 0.4095, bondCount: 2 }],
    bonds: [],
    weighting,
  });

beforeEach(() => {
  useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1', scope: 'user' }) });
  // The page draws the change by tenor on a canvas.
  stubCanvas2d();
});
afterEach(() => {
  // Unmounted first: the chart stops drawing before its canvas loses the stub.
  cleanup();
  useSession.getState().clear();
  vi.restoreAllMocks();
});

describe('the term-structure page names the weighting the server used', () => {
  it('each bond equally where amount outstanding is unknown (public FINRA data)', async () => {
    const server = serveApi({
      [`GET ${MARKET_PATHS.marketSectors}`]: sectors,
      [`GET ${MARKET_PATHS.termStructureChange}`]: answer('equal'),
    });
    renderPage(<TermStructureChangePage />, { at: '/?sector=CONS&from=2026-09-23&to=2026-09-24' });
    await waitFor(() => expect(screen.getByTestId('tsc-unit').getAttribute('data-weighting')).toBe('equal'));
    expect(screen.getByTestId('tsc-unit').textContent).toBe(
      'Closes used: Sep 23, 2026 → Sep 24, 2026. Buckets by remaining maturity; levels each bond weighted equally (amount outstanding not known for every bond).',
    );
    const [call] = server.callsTo(`GET ${MARKET_PATHS.termStructureChange}`);
    expect(Object.fromEntries(call!.query)).toMatchObject({ sector: 'CONS', from: '2026-09-23', to: '2026-09-24' });
  });

  it('by amount outstanding where every bond has one', async () => {
    serveApi({
      [`GET ${MARKET_PATHS.marketSectors}`]: sectors,
      [`GET ${MARKET_PATHS.termStructureChange}`]: answer('amountOutstanding'),
    });
    renderPage(<TermStructureChangePage />, { at: '/?sector=CONS' });
    await waitFor(() => expect(screen.getByTestId('tsc-unit').getAttribute('data-weighting')).toBe('amountOutstanding'));
    expect(screen.getByTestId('tsc-unit').textContent).toMatch(/levels weighted by amount outstanding\.$/);
  });
});
