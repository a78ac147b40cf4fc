import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable, SET_UP_TIMEOUT_MS, UI_WAIT_TIMEOUT_MS } from '@latch/testkit';

// Debian's Chromium, never a downloaded browser. Each worker runs its own anvil chains and server.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Bounds against a hang, sized for a loaded 2-core machine (why: testkit/src/timeouts.ts). A test drives real chains
  // through the browser; each worker fixture that starts them (anvil, chopsticks, bcoin, the name and wallet services)
  // has the same bound as a slot of its own (WORKER_SET_UP in e2e/fixtures.ts). An `expect` waits for the page, well
  // inside that, so a failure names what it awaited.
  timeout: SET_UP_TIMEOUT_MS,
  expect: { timeout: UI_WAIT_TIMEOUT_MS },
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
