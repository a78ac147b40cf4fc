import { defineConfig } from '@playwright/test';
import { e2eSettings } from '@latch/devnet/playwright';

// Each worker runs its own anvil chains and server. The browser (Debian's Chromium) and the bounds are the ones every
// Latch e2e suite shares (`e2eSettings`, in @latch/devnet/playwright).
export default defineConfig({
  ...e2eSettings,
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  outputDir: '../../.latch-test-results/playwright-artifacts',
  reporter: [['list'], ['json', { outputFile: '../../.latch-test-results/playwright.json' }]],
});
