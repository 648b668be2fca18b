import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@common/constants';
import { checkHealth } from '../../api/health';
import { useAppStore } from '../../stores/app';
import { serveApi } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import ErrorPage from './ErrorPage';

afterEach(() => useAppStore.setState(useAppStore.getInitialState()));

describe('the error page', () => {
  it('says the server cannot be reached and names the support address the server gave', async () => {
    serveApi({ [`GET ${API_PATHS.health}`]: { status: 'ok', maintenanceMode: false, supportEmail: 'help@acme.example' } });
    await checkHealth({ notify: () => undefined, navigate: () => undefined });
    renderPage(<ErrorPage />);
    expect(screen.getByTestId('error-page').textContent).toBe(
      'There was an error trying to connect to our server. Please contact support.' +
        'Having trouble? Contact help@acme.example for assistance.' +
        'Try again',
    );
  });

  it('before any answer, the product’s support address', () => {
    renderPage(<ErrorPage />);
    expect(screen.getByText('Having trouble? Contact support@bondwise.local for assistance.')).toBeTruthy();
    expect(screen.getByTestId('error-retry').textContent).toBe('Try again');
  });
});
