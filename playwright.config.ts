import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_LOG_FILE, E2E_PORT } from './e2e/support/environment';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real server
 * started exactly as `npm start` does — build, migrate, seed a small demo market — on a private
 * embedded database, with its log captured so tests can check what the server saw.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    colorScheme: 'dark',
    // The browser asks for reduced motion, which the app respects (web/theme.ts): a dialog is where
    // it ends up the moment it opens. On a loaded machine a click aimed at a button still sliding
    // in could hit the overlay instead, which closes the dialog and loses the click.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && exec npx tsx server/index.ts > ${E2E_LOG_FILE} 2>&1`,
    url: `${E2E_BASE_URL}/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'development',
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'debug',
      LIVE_MARKET: 'false',
      SIM_BONDS: '400',
      SIM_HISTORY_DAYS: '30',
      // The browser tests start from empty content (their expectations count what they create).
      DEMO_CONTENT: 'false',
      PUBLIC_URL: E2E_BASE_URL,
      // Short access tokens so the accounts e2e suite sees a refresh keep a session alive; as long
      // as the 60 s test timeout, so a token a test gets in beforeEach lasts the whole test.
      // Every test logs in and calls the API from one IP, so the limits are raised: on a fast
      // machine the suite makes over 1,200 API calls in a minute, the per-address default.
      ACCESS_TOKEN_TTL_SECONDS: '60',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      // The support widget is configured (EU region) but its feature is off by default: only the
      // people e2e/support-widget.e2e.ts switches it on for load it, from a script the test serves.
      INTERCOM_APP_ID: 'e2eapp01',
      INTERCOM_REGION: 'eu',
    },
  },
});
