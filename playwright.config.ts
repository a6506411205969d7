// Browser tests: Debian's Chromium (never a downloaded browser) against the real app, started
// on a fresh data folder for each run. `npm test` builds the web app before this runs.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium';

const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

// The config is evaluated by the runner and again by each worker: the runner makes the
// folder and the workers inherit it through the environment (tests/e2e/support/fixtures.ts
// reads it to reach the app's PostgreSQL).
if (!process.env.CAUCUS_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caucus-e2e-'));
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach it
  process.env.CAUCUS_E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.CAUCUS_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 1 : 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker (offline page, push) is tested where it matters (pwa.spec.ts);
    // elsewhere it would only stand between a test's page.route and the network.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_ARGS],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // Stopping the app stops its PostgreSQL: give it the time to do so.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'development',
      SKIP_WEB_BUILD: '1',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      BASE_URL: E2E_BASE_URL,
      DATA_DIR: dataDir!,
      AUTH_RATE_LIMIT_MAX: '10000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  },
});
