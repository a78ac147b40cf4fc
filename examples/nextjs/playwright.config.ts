import { defineConfig } from '@playwright/test';
import { e2eSettings } from '@latch/devnet/playwright';

// The browser settings every Latch e2e suite shares (Debian's Chromium, bounds sized for a loaded 2-core machine). One
// worker: one `next start` against one anvil and one Solana RPC for the whole file; the app is built once by
// `npm run build`.
export default defineConfig({
  ...e2eSettings,
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: '../../.latch-test-results/playwright-nextjs-artifacts',
  reporter: [['list'], ['json', { outputFile: '../../.latch-test-results/playwright-nextjs.json' }]],
});
