import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error('E2E_BASE_URL is not set: run the end-to-end tests with `npm run test:e2e`');
}

export default defineConfig({
  testDir: 'specs',
  globalSetup: './support/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // tools/test.ts reads the JSON report to print the run's closing count.
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  // A spec is a user's whole walk, and CI runs two workers beside the portal
  // on two cores: the password reset walk takes 11 s alone and once ran out
  // of 30 s there, with five more walks past 21 s. A hang is still caught at
  // its own step by expect's 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A trace records every test's screens as it goes: a third of the browsers' time on two
    // cores (the auth specs 183 s with it, 115 s without). CI's clean clone is gone when the
    // run ends, so there it is off; a failure still prints its step, call log and screenshot.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Entrance transitions finish at once, so screenshots and axe see settled screens.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /specs\/policy\// },
    // Portal-wide settings (a second factor required for a role): after every other spec, so
    // none of them meets the setting half-way.
    {
      name: 'policy',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /specs\/policy\/.*\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
});
