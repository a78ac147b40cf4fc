import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable, SET_UP_TIMEOUT_MS, UI_WAIT_TIMEOUT_MS } from '@latch/testkit';

// Debian's Chromium, never a downloaded browser (as examples/react-vite). One worker: one `next start`
// against one anvil and one Solana RPC, for the whole file; the app is built once by `npm run build`.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: SET_UP_TIMEOUT_MS,
  expect: { timeout: UI_WAIT_TIMEOUT_MS },
  outputDir: '../../.latch-test-results/playwright-nextjs-artifacts',
  reporter: [['list'], ['json', { outputFile: '../../.latch-test-results/playwright-nextjs.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1200, height: 900 },
    launchOptions: { executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS] },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
