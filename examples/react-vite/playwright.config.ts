import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '@latch/testkit';

// Debian's Chromium, never a downloaded browser. Each worker runs its own anvil chains and server.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../../.latch-test-results/playwright-artifacts',
  reporter: [['list'], ['json', { outputFile: '../../.latch-test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1200, height: 900 },
    launchOptions: { executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS] },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
