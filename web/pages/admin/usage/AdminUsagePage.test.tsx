import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USAGE_PATHS, usageResponseSchema } from '@common/api/usage';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { stubCanvas2d } from '../../../test/canvas';
import { renderPage } from '../../../test/renderPage';
import AdminUsagePage from './AdminUsagePage';

const USAGE = `GET ${ADMIN_USAGE_PATHS.usage}`;
// The server's default range is the last four weeks; the range asked is echoed back.
const usage = (call: ApiCall) =>
  shaped(usageResponseSchema, {
    from: call.query.get('from') ?? '2026-11-01',
    to: call.query.get('to') ?? '2026-11-28',
    events: 4321,
    daily: [
      { day: '2026-11-02', activeUsers: 6, events: 210 },
      { day: '2026-11-03', activeUsers: 8, events: 260 },
    ],
    weekly: [
      { week: '2026-11-02', activeUsers: 9 },
      { week: '2026-11-09', activeUsers: 12 },
      { week: '2026-11-16', activeUsers: 7 },
    ],
    byOrganization: [
      { organizationId: 'o-1', name: 'Acme Capital', activeUsers: 9, events: 3100 },
      { organizationId: null, name: null, activeUsers: 3, events: 1221 },
    ],
    byRole: [
      { roleType: 'Buy side', roleFunction: 'Portfolio manager', activeUsers: 7, events: 2000 },
      { roleType: null, roleFunction: null, activeUsers: 5, events: 2321 },
    ],
    pages: [{ route: '/bw/bond', views: 1500, users: 11 }],
    features: [{ name: 'bond_table.sort', events: 640, users: 9 }],
    funnel: { signedUp: 8, loggedIn: 6, createdAlert: 2 },
    retention: [{ cohort: '2026-11-02', users: 8, active: [1, 0.5, 0.375, 0.25, 0.125, 0.125] }],
  });

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  // The page draws daily active users on a canvas.
  stubCanvas2d();
  server = serveApi({ [USAGE]: usage });
});
afterEach(() => {
  // Unmounted first: the chart stops drawing before its canvas loses the stub.
  cleanup();
  vi.restoreAllMocks();
});

const tableRows = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((cells) => cells.length > 0);
const gridRow = async (testId: string, first: string) => {
  const cell = await within(screen.getByTestId(testId)).findByText(first);
  return within(cell.closest('[role="row"]') as HTMLElement)
    .getAllByRole('gridcell')
    .map((c) => c.textContent);
};
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the admin usage page', () => {
  it('shows the busiest week, the funnel, retention and use by organisation, role, page and event over the default range', async () => {
    renderPage(<AdminUsagePage />);
    expect((await screen.findByTestId('usage-summary')).textContent).toBe('4,321 events from 12 people in the busiest week');
    expect(input('From').value).toBe('2026-11-01');
    expect(input('To').value).toBe('2026-11-28');
    expect(tableRows('usage-funnel')).toEqual([
      ['Signed up', '8', '100%'],
      ['Logged in', '6', '75%'],
      ['Created an alert', '2', '25%'],
    ]);
    // Four weeks after the cohort's first are shown, however many the server follows.
    expect(tableRows('usage-retention')).toEqual([['2026-11-02', '8', '100%', '50%', '38%', '25%', '13%']]);
    // Grid counts are whole numbers with thousands separators (tableColumns 'count').
    expect(await gridRow('usage-organizations', 'Acme Capital')).toEqual(['Acme Capital', '9', '3,100']);
    expect(await gridRow('usage-organizations', '(none)')).toEqual(['(none)', '3', '1,221']);
    expect(await gridRow('usage-roles', 'Buy side')).toEqual(['Buy side', 'Portfolio manager', '7']);
    expect(await gridRow('usage-roles', '5')).toEqual(['(not given)', '(not given)', '5']);
    expect(await gridRow('usage-pages', '/bw/bond')).toEqual(['/bw/bond', '1,500', '11']);
    expect(await gridRow('usage-features', 'bond_table.sort')).toEqual(['bond_table.sort', '640', '9']);
    expect(screen.getByTestId('usage-daily-chart')).toBeTruthy();

    const [call] = server.callsTo(USAGE);
    expect([...call!.query.keys()]).toEqual([]);
  });

  it('the range comes from the address, and a new start day asks for the new range', async () => {
    renderPage(<AdminUsagePage />, { at: '/?from=2026-11-09&to=2026-11-22' });
    await screen.findByTestId('usage-summary');
    expect(Object.fromEntries(server.callsTo(USAGE)[0]!.query)).toEqual({ from: '2026-11-09', to: '2026-11-22' });
    expect(input('From').value).toBe('2026-11-09');

    fireEvent.change(input('From'), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(Object.fromEntries(server.callsTo(USAGE).at(-1)!.query)).toEqual({ from: '2026-10-01', to: '2026-11-22' }));
    expect(input('From').value).toBe('2026-10-01');

    // A cleared end day is left to the server's default.
    fireEvent.change(input('To'), { target: { value: '' } });
    await waitFor(() => expect(Object.fromEntries(server.callsTo(USAGE).at(-1)!.query)).toEqual({ from: '2026-10-01' }));
    await waitFor(() => expect(input('To').value).toBe('2026-11-28'));
  });

  it('a refusal is shown with its reason', async () => {
    server.answer(USAGE, refusal(400, 'The range is longer than 366 days.'));
    renderPage(<AdminUsagePage />, { at: '/?from=2025-01-01&to=2026-11-28' });
    expect(await screen.findByText('The range is longer than 366 days.')).toBeTruthy();
    expect(screen.queryByTestId('usage-summary')).toBeNull();
  });
});
