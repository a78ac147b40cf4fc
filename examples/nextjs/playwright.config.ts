import { defineConfig } from '@playwright/test';
import vite from '../react-vite/playwright.config.js';

// The Vite demo's browser settings (Debian's Chromium, bounds sized for a loaded 2-core machine). One worker: one
// `next start` against one anvil and one Solana RPC for the whole file; the app is built once by `npm run build`.
export default defineConfig({
  ...vite,
  testDir: './e2e',
  workers: 1,
  outputDir: '../../.latch-test-results/playwright-nextjs-artifacts',
  reporter: [['list'], ['json', { outputFile: '../../.latch-test-results/playwright-nextjs.json' }]],
});
