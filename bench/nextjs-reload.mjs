// `node bench/nextjs-reload.mjs`: "reload → connected" for the Next.js example (examples/nextjs), with and without
// cookie state. For each mode: one `next start` against a local anvil and Solana RPC, a mock EIP-6963 wallet injected
// as in the e2e (an already-authorised wallet after the first connect), then BENCH_RUNS reloads (default 9, after
// BENCH_WARMUP 1) in Debian's Chromium. Per reload, from navigation start: when the connected address is first in the
// page, when the wallet has confirmed it (the account button no longer busy), and the first contentful paint.
// Prints medians and writes bench/NEXTJS-RELOAD.md. Needs the built example (`npm run build`).
import { writeFileSync } from 'node:fs';
import { chromiumExecutable, MOCK_WALLET_INFO, launchChromium, mockWalletInitScript } from '@latch/testkit';
import { startAnvil, startSolanaRpc } from '@latch/devnet';
import { startNextExample } from '../examples/nextjs/scripts/startServer.mjs';
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const MODES = [
  { name: 'with cookie state', cookieState: 'on' },
  { name: 'without cookie state (localStorage)', cookieState: 'off' },
];

const REPORT_PREFIX = '__reloadMarks:';

/** In the page from its first byte: when the address first shows, when the wallet confirmed it, the paints. */
function timingScript(shortAddress) {
  return `(() => {
    const marks = (window.__reloadMarks = {});
    // Told to the harness through the console once complete: it waits for that message rather than polling the
    // page, whose first evaluation in a new document (Playwright's injected script) is a 13–19 ms task of its own.
    const report = () => {
      if (marks.confirmedAt === undefined || marks.fcp === undefined || marks.reported) return;
      marks.reported = true;
      console.debug(${JSON.stringify(REPORT_PREFIX)} + JSON.stringify(marks));
    };
    const check = () => {
      const button = document.querySelector('[data-testid="latch-account-button"]');
      if (!button || !button.textContent.includes(${JSON.stringify(shortAddress)})) return;
      marks.addressAt ??= performance.now();
      if (!button.hasAttribute('aria-busy')) marks.confirmedAt ??= performance.now();
      report();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
      report();
    }).observe({ type: 'paint', buffered: true });
  })();`;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function measureMode(mode, anvil, solana, browser) {
  const server = await startNextExample({ eip155: anvil, solana, env: { LATCH_COOKIE_STATE: mode.cookieState } });
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  try {
    const url = `${server.url}/`;
    const account = anvil.accounts[0];
    const shortAddress = `${account.address.slice(0, 4)}…${account.address.slice(-6)}`;
    const chains = [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl, name: 'Local Devnet' }];
    const options = { privateKey: account.privateKey, chains, chainId: anvil.chainId };
    const page = await context.newPage();
    await page.addInitScript({ content: mockWalletInitScript({ wallets: [{ info: MOCK_WALLET_INFO, options }] }) });
    await page.addInitScript({ content: timingScript(shortAddress) });
    await page.goto(url);
    await page.getByTestId('latch-connect-button').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(MOCK_WALLET_INFO.name) })
      .click();
    await page.getByTestId('latch-account-button').filter({ hasText: shortAddress }).waitFor();
    const rows = [];
    for (let run = -WARMUP; run < RUNS; run++) {
      const reported = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(REPORT_PREFIX) });
      reported.catch(() => undefined); // awaited below; a failed reload must not leave it unhandled
      await page.reload();
      const marks = JSON.parse((await reported).text().slice(REPORT_PREFIX.length));
      if (run >= 0) rows.push(marks);
    }
    return {
      addressMs: median(rows.map((r) => r.addressAt)),
      confirmedMs: median(rows.map((r) => r.confirmedAt)),
      fcpMs: median(rows.map((r) => r.fcp)),
      inFirstPaint: rows.filter((r) => r.addressAt <= r.fcp).length,
      runs: rows.length,
    };
  } finally {
    await context.close();
    await server.stop();
  }
}

const anvil = await startAnvil({ chainId: 31337, deploy: false });
const solana = await startSolanaRpc();
// Debian's full Chromium, as `npm run bench` measures in, not the tests' headless shell.
const browser = await launchChromium({ executablePath: chromiumExecutable() });
const results = [];
try {
  for (const mode of MODES) {
    const figures = await measureMode(mode, anvil, solana, browser);
    results.push({ mode, figures });
    console.log(`[bench] ${mode.name}: ${JSON.stringify(figures)}`);
  }
} finally {
  await browser.close();
  await Promise.allSettled([anvil.stop(), solana.stop()]);
}

const ms = (value) => `${value.toFixed(0)} ms`;
const table = [
  '| Next.js example, reload | address in the page | wallet confirmed | first contentful paint | address in the first paint |',
  '| --- | --- | --- | --- | --- |',
  ...results.map(
    ({ mode, figures: f }) =>
      `| ${mode.name} | ${ms(f.addressMs)} | ${ms(f.confirmedMs)} | ${ms(f.fcpMs)} | ${f.inFirstPaint} of ${f.runs} reloads |`,
  ),
].join('\n');
const report = `# Reload → connected: the Next.js example

\`node bench/nextjs-reload.mjs\` (after \`npm run build\`): medians of ${RUNS} reloads (after ${WARMUP} warm-up) in Debian's
Chromium, each timed from navigation start, with a mock EIP-6963 wallet already authorised on a local anvil chain.
"Address in the page": the account button first shows the connected address; "wallet confirmed": the wallet
answered the restore (the button is no longer busy); "address in the first paint": reloads where the address was
in the page no later than the first contentful paint. With cookie state the server renders the address (from
\`cookieToInitialState\`); without it (\`LATCH_COOKIE_STATE=off\`, localStorage) the page shows "Connect Wallet"
until the restored session arrives after hydration.

${table}

Measured on ${new Date().toISOString().slice(0, 10)}, one run of the script on the machine that ran it (shared 2 cores): compare rows, not machines.
`;
writeFileSync(new URL('./NEXTJS-RELOAD.md', import.meta.url), report);
console.log(`\n${table}`);
