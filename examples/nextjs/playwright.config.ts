import { defineConfig } from '@playwright/test';
import { e2eSettings } from '@latch/devnet/playwright';

// The browser settings every Latch e2e suite shares (Debian's Chromium, bounds sized for a loaded 2-core machine). One
// worker: one `next start` against one anvil and one Solana RPC for the whole file. It serves this folder's build
// (`npm run build`), or, when LATCH_NEXTJS_PACKED_APP names one (`npm test` does), the copy the packaging tests
// installed from the tarballs and built there (scripts/appDir.mjs).
export default defineConfig({
  ...e2eSettings,
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: '../../.latch-test-results/playwright-nextjs-artifacts',
  reporter: [['list'], ['json', { outputFile: '../../.latch-test-results/playwright-nextjs.json' }]],
});
