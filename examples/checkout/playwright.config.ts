import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  reporter: 'line',
  use: {
    browserName: 'chromium',
    // A machine without Playwright's own browsers (`npx playwright install`) names one, e.g. CHROMIUM_PATH=/usr/bin/chromium.
    launchOptions: process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] } : {},
  },
});
