import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ISSUER_PATHS, type AdminIssuerRow, adminIssuersResponseSchema } from '@common/api/adminIssuers';
import { ADMIN_SECTOR_PATHS } from '@common/api/adminSectors';
import { type ApiCall, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminIssuersPage from './AdminIssuersPage';
import { acmeRow, financials } from './referenceFixtures';

const bolt: AdminIssuerRow = {
  ...acmeRow,
  id: 13,
  name: 'Bolt Inc',
  displayName: 'Bolt',
  ticker: 'BOLT',
  displayNameOverride: null,
  parent: acmeRow,
  bondCount: 2,
};
const LIST = `GET ${ADMIN_ISSUER_PATHS.list}`;
/** The server's search: part of the name or ticker, any case. */
const search = (call: ApiCall) => {
  const q = call.query.get('q')?.toLowerCase() ?? '';
  const issuers = [acmeRow, bolt].filter((i) => `${i.name} ${i.ticker}`.toLowerCase().includes(q));
  return shaped(adminIssuersResponseSchema, { issuers, total: issuers.length, offset: 0, limit: 50 });
};
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [LIST]: search,
    [`GET ${ADMIN_SECTOR_PATHS.list}`]: financials,
  });
});
const row = (ticker: string) => screen.getAllByTestId('issuer-row').find((r) => r.getAttribute('data-ticker') === ticker);

describe('admin issuers list', () => {
  it("shows each issuer's display name (marking an override), industry, parent and bonds", async () => {
    renderPage(<AdminIssuersPage />);
    expect((await screen.findByTestId('issuer-total')).textContent).toBe('2 issuer(s)');
    const cells = within(row('BOLT')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['BOLT', 'Bolt', 'Bolt Inc', 'Banks', 'US', 'ACME', '2']);
    expect(within(row('ACME')!).getByText('(override)')).toBeTruthy();
  });

  it("a search asks the server for the text, and a row opens the issuer's admin page", async () => {
    const { router } = renderPage(<AdminIssuersPage />, { path: '/bw/admin/issuers', at: '/bw/admin/issuers' });
    await screen.findByTestId('issuer-total');
    fireEvent.change(screen.getByTestId('issuer-search'), { target: { value: ' bolt ' } });
    await waitFor(() => expect(screen.getByTestId('issuer-total').textContent).toBe('1 issuer(s)'));
    expect(server.callsTo(LIST).at(-1)?.query.get('q')).toBe('bolt');
    fireEvent.click(row('BOLT')!);
    expect(router.state.location.pathname).toBe('/bw/admin/issuer/13');
  });
});
