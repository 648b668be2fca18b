import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@common/constants';
import { checkHealth, type HealthResponse } from '../../api/health';
import { makeJwt } from '../../session/testTokens';
import { useAppStore } from '../../stores/app';
import { useSession } from '../../stores/session';
import { serveApi } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import MaintenancePage from './MaintenancePage';

/** The health check the app runs at start, answered as the server does during maintenance. */
async function healthSays(health: HealthResponse) {
  serveApi({ [`GET ${API_PATHS.health}`]: health });
  await checkHealth({ notify: () => undefined, navigate: () => undefined });
}
afterEach(() => {
  useAppStore.setState(useAppStore.getInitialState());
  useSession.getState().clear();
});

describe('the maintenance page', () => {
  it('shows the administrators’ message from the health check, and the sign-in for administrators', async () => {
    await healthSays({ status: 'ok', maintenanceMode: true, maintenanceMessage: 'Back at 6 PM ET after the database upgrade.' });
    renderPage(<MaintenancePage />);
    expect(screen.getByTestId('maintenance-message').textContent).toBe('Back at 6 PM ET after the database upgrade.');
    expect(screen.getByRole('link', { name: 'Administrator sign-in' }).getAttribute('href')).toBe('/bw/login');
  });

  it('without a message, the product’s own notice; a signed-in user may log out', async () => {
    await healthSays({ status: 'ok', maintenanceMode: true });
    useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1', scope: 'user' }) });
    renderPage(<MaintenancePage />);
    expect(screen.getByTestId('maintenance-message').textContent).toBe(
      'Bondwise is being updated. This page will continue automatically once we are back.',
    );
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/bw/logout');
  });
});
