import { CHROMIUM_ARGS, headlessChromiumExecutable, SET_UP_TIMEOUT_MS, UI_WAIT_TIMEOUT_MS } from '@latch/testkit';

/*
 * `@latch/devnet/playwright`: the browser and the bounds Latch's end-to-end suites share (the Vite demo's and the
 * Next.js example's Playwright configs spread `e2eSettings`, then set their own folders, workers and reports).
 */

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
    // The tests' Chromium (@latch/testkit): `CHROME_PATH`, else Debian's headless shell when installed (about a quarter
    // less CPU than `--headless=new` Chromium for the same tests), else `chromium`; never a downloaded browser.
    launchOptions: { executablePath: headlessChromiumExecutable(), args: [...CHROMIUM_ARGS] },
    trace: 'off' as const,
    screenshot: 'only-on-failure' as const,
    // Pages ask for reduced motion, so the modal's entrance, fades and its 150 ms height glide are off: a glide moves
    // every row of a centred dialog, and on a loaded machine Playwright can aim a click at a row between two frames of
    // it and hit the gap beside it (a token row clicked right after the list changed, with nothing happening). The
    // tests of the motion itself ask for it back (views.spec.ts emulates both settings).
    contextOptions: { reducedMotion: 'reduce' as const },
  },
};
