import { defineConfig } from '@playwright/test';

// Browser tests run in Debian's Chromium (no browser download). Two servers run the real product
// from `search-api/main.ts`, each on its own fresh embedded PostgreSQL with demo data: one with the
// default timeouts, one whose sessions go idle after a few seconds to test expiry.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SHORT_IDLE_PORT = PORT + 1;

const server = (port: number, dataDir: string, env: Record<string, string> = {}) => ({
  command: `rm -rf ${dataDir} && node --import tsx search-api/main.ts`,
  url: `http://127.0.0.1:${port}/api/health`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // Every browser test signs in from the same loopback address: lift the per-IP sign-in limit for them.
  env: { DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'development', SIGNIN_ATTEMPTS_PER_IP: '100000', ...env },
});

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: [
    server(PORT, `.tmp/e2e-${PORT}`),
    server(SHORT_IDLE_PORT, `.tmp/e2e-${SHORT_IDLE_PORT}-short-idle`, { SESSION_IDLE_TIMEOUT_MINUTES: '0.08' }),
  ],
});

export const SHORT_IDLE_BASE_URL = `http://127.0.0.1:${SHORT_IDLE_PORT}`;
