import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MISSING_BONDS_PATHS,
  type MissingGroup,
  attachResultSchema,
  missingGroupsResponseSchema,
  missingTradesResponseSchema,
} from '@common/api/tradesMissingBonds';
import { refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import TradesMissingBondsPage from './TradesMissingBondsPage';

const orphan: MissingGroup = {
  identifier: '000000AA2',
  trades: 12,
  quantity: 25_000_000,
  firstTradeAt: '2026-11-20T14:00:00.000Z',
  lastTradeAt: '2026-11-27T15:00:00.000Z',
  sources: ['trace'],
  sameIssuerBonds: [{ id: 5, cusip: '000000AA1', description: 'ACME 5.25 12/01/36' }],
};
const GROUPS = `GET ${MISSING_BONDS_PATHS.groups}`;
const MAP = `POST ${MISSING_BONDS_PATHS.map({ identifier: '000000AA2' })}`;
const groups = (list: MissingGroup[]) =>
  shaped(missingGroupsResponseSchema, {
    groups: list,
    total: list.length,
    totalTrades: list.reduce((n, g) => n + g.trades, 0),
    offset: 0,
    limit: 50,
  });
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [GROUPS]: groups([orphan]),
    [`GET ${MISSING_BONDS_PATHS.trades({ identifier: '000000AA2' })}`]: shaped(missingTradesResponseSchema, {
      identifier: '000000AA2',
      trades: [{ executionTime: '2026-11-27T15:00:00.000Z', quantity: 2_000_000, price: 99.5, side: 'sell', source: 'trace' }],
    }),
  });
});
const mapToAcme = async () => {
  fireEvent.click(await screen.findByTestId('missing-group'));
  const panel = await screen.findByTestId('missing-identifier');
  fireEvent.click(within(panel).getByTestId('map-bond'));
  fireEvent.click(await screen.findByRole('option', { name: 'ACME 5.25 12/01/36 · 000000AA1' }));
  fireEvent.click(within(panel).getByTestId('map-submit'));
};

describe('admin trades missing bonds', () => {
  it('lists identifiers no bond has, with their trades and bonds of the same issuer prefix', async () => {
    renderPage(<TradesMissingBondsPage />);
    expect((await screen.findByTestId('missing-bonds-total')).textContent).toBe('1 identifier(s), 12 trade(s)');
    const row = screen.getByTestId('missing-group');
    expect(within(row).getByText('000000AA2')).toBeTruthy();
    expect(within(row).getByText('1 bond(s)')).toBeTruthy();
  });

  it('picking an identifier marks its row and shows the trades waiting on it', async () => {
    renderPage(<TradesMissingBondsPage />);
    const row = await screen.findByTestId('missing-group');
    expect(row.getAttribute('aria-selected')).toBe('false');
    fireEvent.click(row);
    fireEvent.click(await screen.findByRole('tab', { name: 'Trades (12)' }));
    const cells = await within(screen.getByTestId('missing-trades')).findAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Nov 27, 2026, 10:00 AM ET', '2MM', '99.500', 'sell', 'trace']);
    expect(screen.getByTestId('missing-group').getAttribute('aria-selected')).toBe('true');
  });

  it('mapping an identifier to a bond of the same issuer attaches its trades, says so, and it leaves the list', async () => {
    server.answer(MAP, () => {
      server.answer(GROUPS, groups([]));
      return shaped(attachResultSchema, { bondId: 5, tradesAttached: 12 });
    });
    renderPage(<TradesMissingBondsPage />);
    await mapToAcme();
    expect((await screen.findByTestId('missing-bonds-done')).textContent).toBe(
      '12 trade(s) of 000000AA2 attached to bond 5; the bond is repriced',
    );
    expect(server.callsTo(MAP).map((c) => c.body)).toEqual([{ bondId: 5 }]);
    expect(await screen.findByTestId('missing-bonds-empty')).toBeTruthy();
  });

  it('a mapping the server refuses is shown in the panel', async () => {
    server.answer(MAP, refusal(409, '000000AA2 was attached by someone else meanwhile.'));
    renderPage(<TradesMissingBondsPage />);
    await mapToAcme();
    expect((await screen.findByTestId('missing-identifier-error')).textContent).toMatch(/attached by someone else/);
  });
});
