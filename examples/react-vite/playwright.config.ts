import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable, SET_UP_TIMEOUT_MS, UI_WAIT_TIMEOUT_MS } from '@latch/testkit';

/** Debian's package `chromium-headless-shell`: the same Chromium release as `chromium`, built as a headless shell. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the e2e suites drive: `CHROME_PATH` when set, else Debian's Chromium headless shell when installed, else
 * Debian's `chromium`. The shell runs the same Blink and V8 as `/usr/bin/chromium`, without the browser's window layer,
 * which the suites never use (no extension, no browser UI): the same tests took about a quarter less CPU (browser
 * process and renderers) than in `--headless=new` Chromium. Without the shell the suites still run, only slower.
 * Never a downloaded browser.
 */
function e2eChromium(): string {
  if (process.env.CHROME_PATH || !existsSync(HEADLESS_SHELL)) return chromiumExecutable();
  return HEADLESS_SHELL;
}

// Each worker runs its own anvil chains and server.
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
    launchOptions: { executablePath: e2eChromium(), args: [...CHROMIUM_ARGS] },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
