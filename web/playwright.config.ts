// End-to-end tests against the real portal binary, one per worker (see e2e/fixtures.ts).
import { defineConfig, devices } from '@playwright/test';

// Never let Playwright fetch a browser: use the system Chromium.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // Files run side by side, each worker on a portal of its own (e2e/fixtures.ts); the tests
  // of one file run in order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous for a contended 2-core CI machine running a debug build of the portal beside
  // the Rust API suite: the longest test (the list's keys: three axe runs and six screenshots)
  // took 40 to 50 s, and over 60 s once beside that suite.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // No trace of a passing test: recording one (a screencast and a snapshot of the page at
    // each step) was a third of the browser tests' CPU, and a failure leaves its screenshot
    // and the page's accessibility snapshot (error-context.md) anyway. For a trace of a
    // failure: npx playwright test --trace retain-on-failure.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The staff's browsers are in India, as the portal's days are (domain::clock::today): a
    // browser on UTC would record an action "today" a day before the server's today for the
    // five and a half hours after midnight in India.
    timezoneId: 'Asia/Kolkata',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            '--headless',
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
    },
  ],
});
