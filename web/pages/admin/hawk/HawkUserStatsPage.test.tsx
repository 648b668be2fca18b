import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HAWK_ADMIN_PATHS, hawkUserStatsSchema } from '@common/api/adminHawk';
import { refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import HawkUserStatsPage from './HawkUserStatsPage';

const STATS = `GET ${HAWK_ADMIN_PATHS.userStats}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [STATS]: shaped(hawkUserStatsSchema, {
      from: '2026-10-30',
      to: '2026-11-28',
      users: [
        {
          userId: 'u-2',
          email: 'bob@acme.com',
          organization: 'Acme Capital',
          rulesByKind: {},
          active: 3,
          paused: 1,
          firings: 57,
          firingsPerDay: 1.9,
        },
      ],
      organizations: [{ organization: 'Acme Capital', users: 1, rules: 4, firings: 57 }],
      firingsByDay: [{ day: '2026-11-28', firings: 6 }],
      channels: [{ channel: 'email', state: 'active', deliveries: 51 }],
      templates: [],
    }),
  });
});

describe('admin market-hawk user stats', () => {
  it('shows the period, each user with their rules and firings, and the organisations, days, channels and templates', async () => {
    renderPage(<HawkUserStatsPage />);
    expect(await screen.findByText('Market hawk, 2026-10-30 to 2026-11-28')).toBeTruthy();
    expect(await within(screen.getByTestId('hawk-stats-users')).findByText('bob@acme.com')).toBeTruthy();
    expect(
      within(screen.getByTestId('hawk-stats-orgs'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Acme Capital', '1', '4', '57']);
    expect(within(screen.getByTestId('hawk-stats-days')).getByText('2026-11-28')).toBeTruthy();
    expect(within(screen.getByTestId('hawk-stats-channels')).getByText('51')).toBeTruthy();
    expect(within(screen.getByTestId('hawk-stats-templates')).getByText('None yet.')).toBeTruthy();
    expect(server.callsTo(STATS)).toHaveLength(1);
  });

  it('a refusal is shown with its reason', async () => {
    server.answer(STATS, refusal(403, 'Administrators only.'));
    renderPage(<HawkUserStatsPage />);
    expect(await screen.findByText('Administrators only.')).toBeTruthy();
  });
});
