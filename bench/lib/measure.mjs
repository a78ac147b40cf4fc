// One page load in Debian's Chromium: navigation → connect button visible, click → the mock wallet's
// name visible in the modal, JS heap after open, and every request to a host other than 127.0.0.1.
import { CHROMIUM_ARGS, chromiumExecutable, MOCK_WALLET_INFO, mockWalletInitScript } from '@latch/testkit';
import { chromium } from 'playwright-core';
import { privateKeyToAccount } from 'viem/accounts';
import { nextProbeMark, probeInitScript } from './probe.mjs';

export const BUTTON_TEXT = 'Connect Wallet';
export const WALLET_TEXT = MOCK_WALLET_INFO.name;
/** How long the visitor looks at the page before clicking in the "settled" mode. */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
/** After the list shows: time for late requests and allocations to land before heap and requests are read. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1000);
const TIMEOUT_MS = 20_000;

const WALLET_KEY = `0x${'11'.repeat(32)}`;
/** The mock wallet's account: what a page shows once connected. */
export const WALLET_ADDRESS = privateKeyToAccount(WALLET_KEY).address;

// Read once: a concurrent `npm run build` of the testkit must not break the runs that follow.
let walletScript;
const mockWallet = () =>
  (walletScript ??= mockWalletInitScript({
    wallets: [
      { info: MOCK_WALLET_INFO, options: { privateKey: WALLET_KEY, chains: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:9' }], chainId: 1 } },
    ],
  }));

/** Debian's Chromium (or CHROME_PATH), headless, with the testkit's quiet flags. Never a downloaded browser. */
export function launchBrowser() {
  return chromium.launch({ executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS] });
}

function externalHost(url) {
  const { protocol, hostname } = new URL(url);
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(protocol)) return undefined;
  return hostname === '127.0.0.1' ? undefined : hostname;
}

/**
 * Loads `url` in a fresh browser context and opens the modal. `mode` 'settled' clicks after the
 * load event plus a visitor's think time; 'at-once' clicks as soon as the button is visible.
 * `screenshot`: a PNG path to save the open modal to (BENCH_SCREENSHOTS), to check what was timed.
 */
export async function measureRun(browser, { url, mode, screenshot }) {
  if (mode === 'reload') return measureReload(browser, { url });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const external = [];
  const errors = [];
  const countRequest = (requestUrl) => {
    const host = externalHost(requestUrl);
    if (host) external.push(host);
  };
  context.on('request', (request) => countRequest(request.url()));
  try {
    await context.addInitScript({ content: mockWallet() });
    await context.addInitScript({ content: probeInitScript({ buttonText: BUTTON_TEXT, walletText: WALLET_TEXT }) });
    const page = await context.newPage();
    page.on('websocket', (socket) => countRequest(socket.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    const buttonShown = nextProbeMark(page, 'buttonVisibleAt', `"${BUTTON_TEXT}" showing`, TIMEOUT_MS);
    buttonShown.catch(() => undefined); // awaited below; a failed navigation must not leave it unhandled
    await page.goto(url, { waitUntil: 'commit' });
    const buttonMs = await buttonShown;
    if (mode === 'settled') {
      await page.waitForLoadState('load', { timeout: TIMEOUT_MS });
      await page.waitForTimeout(THINK_MS);
    }
    await page.evaluate(() => window.__benchProbe.armOpen());
    const centre = await page.evaluate(() => window.__benchProbe.buttonCentre());
    if (!centre) throw new Error(`"${BUTTON_TEXT}" is no longer visible`);
    await page.mouse.click(centre.x, centre.y);
    const opened = await page.evaluate(
      (timeout) => Promise.race([window.__benchProbe.opened, new Promise((resolve) => setTimeout(() => resolve(null), timeout))]),
      TIMEOUT_MS,
    );
    if (opened === null) throw new Error(`"${WALLET_TEXT}" did not show within ${TIMEOUT_MS} ms of the click`);

    await page.waitForTimeout(SETTLE_MS);
    if (screenshot) await page.screenshot({ path: screenshot });
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heapBytes = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
    return {
      ok: true,
      mode,
      buttonMs,
      openMs: opened.ms,
      openFrames: opened.frames,
      heapBytes,
      externalRequests: external.length,
      hosts: [...external],
    };
  } catch (error) {
    const pageErrors = errors.length ? ` (page errors: ${errors.slice(0, 3).join(' | ')})` : '';
    return {
      ok: false,
      mode,
      error: `${error.message.split('\n')[0]}${pageErrors}`,
      externalRequests: external.length,
      hosts: [...external],
    };
  } finally {
    await context.close();
  }
}

/** Resolves with `probe[name]` once the page has set it (a frame time, a box centre), or throws naming `what`. */
async function waitForProbe(page, name, what) {
  const handle = await page
    .waitForFunction((key) => window.__benchProbe?.[key], name, { timeout: TIMEOUT_MS, polling: 50 })
    .catch(() => {
      throw new Error(`${what} did not happen within ${TIMEOUT_MS} ms`);
    });
  return handle.jsonValue();
}

/** A probe function's result once it is truthy (e.g. the centre of an element that is about to show). */
async function waitForProbeCall(page, name, what) {
  const handle = await page
    .waitForFunction((key) => window.__benchProbe?.[key]?.(), name, { timeout: TIMEOUT_MS, polling: 50 })
    .catch(() => {
      throw new Error(`${what} did not happen within ${TIMEOUT_MS} ms`);
    });
  return handle.jsonValue();
}

/**
 * In the page: `domInteractive` (ms since navigation) and the first contentful paint's time, once the browser has
 * reported it (it does when that frame is on screen), or undefined after `timeoutMs`.
 */
function paintTimes(timeoutMs) {
  const domInteractiveMs = performance.getEntriesByType('navigation')[0]?.domInteractive;
  return new Promise((resolve) => {
    const done = (firstPaintMs) => resolve({ domInteractiveMs, firstPaintMs });
    setTimeout(() => done(undefined), timeoutMs);
    new PerformanceObserver((list) => {
      const paint = list.getEntries().find((entry) => entry.name === 'first-contentful-paint');
      if (paint) done(paint.startTime);
    }).observe({ type: 'paint', buffered: true });
  });
}

/**
 * Reload → connected: in a fresh context, connects the mock wallet through the page's own UI (connect button, then
 * the wallet's entry; the wallet approves at once), waits until the address shows and the page has stored what it
 * keeps, reloads once untimed (the address shows again), then reloads and times navigation → the connected address
 * visible. Requests are counted on the reload.
 * `extraInitScript` runs after the mock wallet's; `collect` (a page function) is evaluated once the address shows,
 * its result returned as `collected`; `beforeReload(page)` runs just before the reload and `afterReload(page)` once
 * the address shows, its result returned as `after` (bench/reload-trace.mjs).
 */
export async function measureReload(browser, { url, extraInitScript, collect, beforeReload, afterReload }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const external = [];
  const errors = [];
  let counting = false;
  const countRequest = (requestUrl) => {
    const host = counting && externalHost(requestUrl);
    if (host) external.push(host);
  };
  context.on('request', (request) => countRequest(request.url()));
  try {
    await context.addInitScript({ content: mockWallet() });
    await context.addInitScript({
      content: probeInitScript({ buttonText: BUTTON_TEXT, walletText: WALLET_TEXT, addressTail: WALLET_ADDRESS.slice(-4) }),
    });
    if (extraInitScript) await context.addInitScript({ content: extraInitScript });
    const page = await context.newPage();
    page.on('websocket', (socket) => countRequest(socket.url()));
    page.on('pageerror', (error) => errors.push(error.message));

    // Connecting is set-up, not timed: each step waits for the page to settle (modals animate in).
    await page.goto(url, { waitUntil: 'load' });
    const button = await waitForProbeCall(page, 'buttonCentre', `"${BUTTON_TEXT}" showing`);
    await page.mouse.click(button.x, button.y);
    await waitForProbeCall(page, 'walletCentre', `"${WALLET_TEXT}" showing after the click`);
    await page.waitForTimeout(SETTLE_MS);
    const wallet = await waitForProbeCall(page, 'walletCentre', `"${WALLET_TEXT}" still showing`);
    await page.mouse.click(wallet.x, wallet.y);
    await waitForProbe(page, 'addressVisibleAt', 'the address showing after connecting');
    await page.waitForTimeout(SETTLE_MS);
    // One reload, not timed, so the timed one leaves a page that only restored its session, as a later visit finds
    // it, not one whose modal has just closed: the browser frees what it kept for drawing that modal when the next
    // page draws its first frame, which delayed that frame by about 10 ms for the kits with a modal (Chromium traces).
    await page.reload({ waitUntil: 'load' });
    await waitForProbe(page, 'addressVisibleAt', 'the address showing after a first reload');
    await page.waitForTimeout(SETTLE_MS);

    counting = true;
    await beforeReload?.(page);
    const addressShown = nextProbeMark(page, 'addressVisibleAt', 'the address showing after the reload', TIMEOUT_MS);
    addressShown.catch(() => undefined); // awaited below; a failed reload must not leave it unhandled
    await page.reload({ waitUntil: 'commit' });
    const reloadMs = await addressShown;
    // Read once the address shows (nothing is evaluated in the page before): the document's parse end, and the first
    // contentful paint, which the browser reports once that frame is on screen.
    const { domInteractiveMs, firstPaintMs } = await page.evaluate(paintTimes, TIMEOUT_MS);
    const collected = collect ? await page.evaluate(collect) : undefined;
    const after = await afterReload?.(page);
    return {
      ok: true,
      mode: 'reload',
      reloadMs,
      domInteractiveMs,
      firstPaintMs,
      collected,
      after,
      externalRequests: external.length,
      hosts: [...external],
    };
  } catch (error) {
    const pageErrors = errors.length ? ` (page errors: ${errors.slice(0, 3).join(' | ')})` : '';
    return {
      ok: false,
      mode: 'reload',
      error: `${error.message.split('\n')[0]}${pageErrors}`,
      externalRequests: external.length,
      hosts: [...external],
    };
  } finally {
    await context.close();
  }
}
