import { defineConfig } from '@playwright/test';

/**
 * Browser tests run Debian's Chromium (/usr/bin/chromium, `apt-get install chromium`): Playwright
 * never downloads a browser here. e2e/global-setup.ts starts the real built server on a free port
 * with a temp DATA_DIR; e2e/fixtures.ts points every test at it.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  // Without these Chromium keeps trying to reach the internet and gets refused.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const isCi = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // Two cores: one worker leaves the other to the server.
  workers: Number(process.env.E2E_WORKERS) || (isCi ? 1 : 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: isCi,
  outputDir: 'test-results/e2e',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [{ name: 'chromium' }],
});
