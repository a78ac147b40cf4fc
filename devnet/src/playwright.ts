import { CHROMIUM_ARGS, headlessChromiumExecutable, SET_UP_TIMEOUT_MS, UI_WAIT_TIMEOUT_MS } from '@latch/testkit';

/*
 * `@latch/devnet/playwright`: the browser and the bounds Latch's end-to-end suites share (the Vite demo's and the
 * Next.js example's Playwright configs spread `e2eSettings`, then set their own folders, workers and reports).
 */

/**
 * The browser the e2e suites drive: the tests' Chromium (`headlessChromiumExecutable` of @latch/testkit): `CHROME_PATH`
 * when set, else Debian's Chromium headless shell when installed, else Debian's `chromium`. The same tests took about a
 * quarter less CPU (browser process and renderers) in the shell than in `--headless=new` Chromium. Never a downloaded
 * browser.
 */
export function e2eChromium(): string {
  return headlessChromiumExecutable();
}

/**
 * Playwright settings every e2e suite uses. Bounds against a hang, sized for a loaded 2-core machine (why: the testkit's
 * timeouts): a test drives real chains through the browser, and each worker fixture that starts them has the same
 * bound as a slot of its own; an `expect` waits for the page, well inside that, so a failure names what it awaited.
 */
export const e2eSettings = {
  timeout: SET_UP_TIMEOUT_MS,
  expect: { timeout: UI_WAIT_TIMEOUT_MS },
  use: {
    browserName: 'chromium' as const,
    headless: true,
    viewport: { width: 1200, height: 900 },
    launchOptions: { executablePath: e2eChromium(), args: [...CHROMIUM_ARGS] },
    trace: 'off' as const,
    screenshot: 'only-on-failure' as const,
    // Pages ask for reduced motion, so the modal's entrance, fades and its 150 ms height glide are off: a glide moves
    // every row of a centred dialog, and on a loaded machine Playwright can aim a click at a row between two frames of
    // it and hit the gap beside it (a token row clicked right after the list changed, with nothing happening). The
    // tests of the motion itself ask for it back (views.spec.ts emulates both settings).
    contextOptions: { reducedMotion: 'reduce' as const },
  },
};
