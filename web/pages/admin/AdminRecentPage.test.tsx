import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_RECENT_PATH, type RecentItem, recentResponseSchema } from '@common/api/adminRecent';
import { type ApiCall, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import AdminRecentPage from './AdminRecentPage';

const bond: RecentItem = {
  kind: 'bond',
  id: 5,
  label: 'ACME 5.25 12/01/36',
  change: 'updated',
  createdAt: '2026-11-01T10:00:00.000Z',
  changedAt: '2026-11-29T09:00:00.000Z',
  source: 'edgar',
  lastAction: { action: 'bond.update', at: '2026-11-29T09:00:00.000Z', actor: 'u-1', actorEmail: 'ann@example.com' },
};
const deal: RecentItem = { ...bond, kind: 'deal', id: 31, label: 'Acme Corp $750mm', change: 'created', source: null, lastAction: null };
const RECENT = `GET ${ADMIN_RECENT_PATH}`;
/** The server's filters: kind and whether a person made the change. */
const recent = (call: ApiCall) => {
  const items = [bond, deal]
    .filter((i) => !call.query.has('kind') || i.kind === call.query.get('kind'))
    .filter((i) => call.query.get('byPerson') !== 'true' || i.lastAction?.actor);
  return shaped(recentResponseSchema, { items, total: items.length, offset: 0, limit: 50 });
};
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [RECENT]: recent });
});
const rows = () =>
  screen.getAllByTestId('recent-row').map((r) =>
    within(r)
      .getAllByRole('cell')
      .slice(1)
      .map((c) => c.textContent),
  );

describe('admin recent changes', () => {
  it('shows what changed, who changed it and how, each linked to its admin page', async () => {
    renderPage(<AdminRecentPage />);
    expect((await screen.findByTestId('recent-total')).textContent).toBe('2 in all');
    expect(rows()).toEqual([
      ['ACME 5.25 12/01/36', 'bond', 'updated', 'ann@example.com', 'bond.update · source edgar'],
      ['Acme Corp $750mm', 'deal', 'created', '—', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'Acme Corp $750mm' }).getAttribute('href')).toBe('/bw/admin/deal/31');
  });

  it('changes made by a person only: the filter is sent to the server and the list is what it found', async () => {
    renderPage(<AdminRecentPage />);
    await screen.findByTestId('recent-total');
    fireEvent.click(screen.getByLabelText('Changed by a person'));
    await waitFor(() => expect(screen.getByTestId('recent-total').textContent).toBe('1 in all'));
    expect(Object.fromEntries(server.callsTo(RECENT).at(-1)!.query)).toEqual({ byPerson: 'true', offset: '0', limit: '50' });
    expect(rows().map((r) => r[0])).toEqual(['ACME 5.25 12/01/36']);
  });
});
