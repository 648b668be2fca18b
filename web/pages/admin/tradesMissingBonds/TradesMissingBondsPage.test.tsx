import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MISSING_BONDS_PATHS,
  type MissingGroup,
  attachResultSchema,
  missingGroupsResponseSchema,
  missingTradesResponseSchema,
} from '@common/api/tradesMissingBonds';
import { refusal, serveApi, shaped } from '../../../test/apiServer';
import { fieldError } from '../../../test/fieldError';
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
const CREATE = `POST ${MISSING_BONDS_PATHS.createBond}`;
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

const openCreateTab = async () => {
  fireEvent.click(await screen.findByTestId('missing-group'));
  fireEvent.click(await screen.findByRole('tab', { name: 'Create the bond' }));
};
const typeField = (field: string, value: string) => fireEvent.change(screen.getByTestId(`bond-field-${field}`), { target: { value } });
const createBond = () => fireEvent.click(screen.getByTestId('create-submit'));

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

  it('a new bond’s field with a double quote is refused under it, in the server’s sentence, and nothing is sent', async () => {
    renderPage(<TradesMissingBondsPage />);
    await openCreateTab();
    typeField('issuer_name', 'ACME "Holdings"');
    createBond();
    await waitFor(() =>
      expect(fieldError(screen.getByTestId('bond-field-issuer_name'))).toBe('Issuer name must be one line without double quotes.'),
    );
    expect(server.callsTo(CREATE)).toHaveLength(0);
  });

  it('creating the bond sends the fields filled in, trimmed, with the identifier as its CUSIP, and says what was attached', async () => {
    server.answer(CREATE, () => {
      server.answer(GROUPS, groups([]));
      return shaped(attachResultSchema, { bondId: 9, tradesAttached: 12 });
    });
    renderPage(<TradesMissingBondsPage />);
    await openCreateTab();
    typeField('issuer_name', ' ACME Corp ');
    typeField('coupon_pct', '4.1');
    typeField('maturity_date', '2036-12-01');
    createBond();
    expect((await screen.findByTestId('missing-bonds-done')).textContent).toBe(
      '12 trade(s) of 000000AA2 attached to bond 9; the bond is repriced',
    );
    expect(server.callsTo(CREATE).map((c) => c.body)).toEqual([
      { cusip: '000000AA2', issuer_name: 'ACME Corp', coupon_pct: '4.1', maturity_date: '2036-12-01' },
    ]);
  });

  it('a 400 naming a field of the new bond shows under that field, not in the panel', async () => {
    server.answer(CREATE, refusal(400, 'Invalid body.coupon_type: Too big: expected string to have <=300 characters'));
    renderPage(<TradesMissingBondsPage />);
    await openCreateTab();
    typeField('coupon_type', 'fixed');
    createBond();
    await waitFor(() =>
      expect(fieldError(screen.getByTestId('bond-field-coupon_type'))).toBe('Coupon type must be at most 300 characters.'),
    );
    expect(screen.queryByTestId('missing-identifier-error')).toBeNull();
  });

  it('a refusal of the new bond that names no field (the importer’s) is shown in the panel', async () => {
    server.answer(CREATE, refusal(400, 'Row 1: maturity_date must be after issue_date'));
    renderPage(<TradesMissingBondsPage />);
    await openCreateTab();
    typeField('maturity_date', '2020-01-01');
    createBond();
    expect((await screen.findByTestId('missing-identifier-error')).textContent).toBe('Row 1: maturity_date must be after issue_date');
  });
});
