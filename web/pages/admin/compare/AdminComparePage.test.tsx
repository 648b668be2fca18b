import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_BOND_PATHS, compareResponseSchema, mergeBodySchema, mergeResultSchema } from '@common/api/adminBonds';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import { makeAdminBond } from '../bond/bondFixtures';
import AdminComparePage from './AdminComparePage';

// The same security loaded twice: once from EDGAR, once from a reference file under a typo'd CUSIP.
const { history: _kept, ...edgar } = makeAdminBond();
const { history: _copy, ...reference } = makeAdminBond({
  id: 6,
  cusip: '000000AB1',
  source: 'reference',
  tradeCount: 0,
  trades: [],
  updatedAt: '2026-11-28T08:00:00.5Z',
});
const MERGE = `POST ${ADMIN_BOND_PATHS.merge}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [`GET ${ADMIN_BOND_PATHS.compare}`]: shaped(compareResponseSchema, { bonds: [edgar, reference], differences: ['cusip'] }),
  });
});
const renderCompare = () => renderPage(<AdminComparePage />, { path: '/bw/admin/:bondIds/compare', at: '/bw/admin/5,6/compare' });

describe('admin bond comparison', () => {
  it('shows the bonds side by side with the differing term highlighted', async () => {
    renderCompare();
    expect((await screen.findByTestId('compare-differences')).textContent).toBe('Differ: cusip');
    const cusipRow = within(screen.getByTestId('compare-table')).getByText('CUSIP').closest('tr')!;
    expect(cusipRow.getAttribute('data-differs')).toBe('true');
    expect(within(cusipRow).getByText('000000AB1')).toBeTruthy();
    expect(server.callsTo(`GET ${ADMIN_BOND_PATHS.compare}`)[0]?.query.get('ids')).toBe('5,6');
    expect(screen.getByTestId('compare-merge').hasAttribute('disabled')).toBe(true);
  });

  it('merging keeps the chosen bond, names the versions compared, and says what moved', async () => {
    server.answer(MERGE, (call: ApiCall) => {
      const body = mergeBodySchema.parse(call.body);
      return shaped(mergeResultSchema, {
        survivorId: body.survivorId,
        mergedIds: body.mergedIds,
        moved: { trades: 0, tranches: 0, ratings: 1 },
      });
    });
    renderCompare();
    fireEvent.click(await screen.findByTestId('compare-keep-5'));
    fireEvent.click(screen.getByTestId('compare-merge'));
    fireEvent.click(await screen.findByTestId('compare-merge-confirm'));
    expect((await screen.findByTestId('compare-merged')).textContent).toBe(
      'Merged bond(s) 6 into bond 5: 0 trade(s), 1 rating(s) and 0 tranche(s) moved; repriced.',
    );
    expect(server.callsTo(MERGE).map((c) => c.body)).toEqual([
      { survivorId: 5, mergedIds: [6], versions: { '5': '2026-11-26T09:00:00.123456Z', '6': '2026-11-28T08:00:00.5Z' }, confirm: true },
    ]);
  });

  it('a comparison gone stale is refused, and the reason shown', async () => {
    server.answer(MERGE, refusal(409, 'bond 6 changed since you compared them'));
    renderCompare();
    fireEvent.click(await screen.findByTestId('compare-keep-5'));
    fireEvent.click(screen.getByTestId('compare-merge'));
    fireEvent.click(await screen.findByTestId('compare-merge-confirm'));
    expect((await screen.findByTestId('compare-error')).textContent).toBe('bond 6 changed since you compared them');
  });
});
