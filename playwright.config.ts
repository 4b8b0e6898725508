import { defineConfig } from '@playwright/test';
import { E2E_PORT, serverEnv } from './tests/e2e/appServer.ts';

// Browser tests run in Debian's Chromium (no browser download), two spec files at a time: each worker starts
// the real product on its own fresh embedded PostgreSQL with demo data (tests/e2e/fixtures.ts), which is most of
// the time idle waiting on the browser, so two of them keep two cores busy. One more server, started here, has
// sessions that go idle after a few seconds to test expiry.
const SHORT_IDLE_PORT = E2E_PORT + 1;
const shortIdleDir = `.tmp/e2e-${SHORT_IDLE_PORT}-short-idle`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${shortIdleDir} && node --import tsx search-api/main.ts`,
    url: `http://127.0.0.1:${SHORT_IDLE_PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: serverEnv(SHORT_IDLE_PORT, shortIdleDir, { SESSION_IDLE_TIMEOUT_MINUTES: '0.08' }),
  },
});

export const SHORT_IDLE_BASE_URL = `http://127.0.0.1:${SHORT_IDLE_PORT}`;
