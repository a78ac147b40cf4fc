// Issue 3 figures: first-load JS of a button-only Latch page vs a bare React page, the modal's lazy
// chunks, and click → wallet list in headless Chromium. Run: `node bench/modal-open/run.mjs`.
import { createServer } from 'node:http';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { CHROMIUM_ARGS, chromiumExecutable, MOCK_WALLET_INFO, mockWalletInitScript } from '@latch/testkit';
import { chromium } from 'playwright-core';

const here = new URL('.', import.meta.url).pathname;
const RUNS = Number(process.env.RUNS ?? 15);

async function buildScenario(name) {
  const outDir = join(here, '.out', name);
  rmSync(outDir, { recursive: true, force: true });
  await build({ configFile: false, logLevel: 'silent', root: join(here, name), plugins: [react()], build: { outDir, manifest: true, target: 'es2022' } });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const gz = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const firstLoad = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || firstLoad.has(chunk.file)) return;
    firstLoad.add(chunk.file);
    (chunk.imports ?? []).forEach(walk);
  };
  walk(entryKey);
  const allJs = Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.js'));
  const lazy = allJs.filter((f) => !firstLoad.has(f)).map((f) => ({ file: f.replace(/^assets\//, ''), gzip: gz(f) })).sort((a, b) => b.gzip - a.gzip);
  return { outDir, firstLoad: [...firstLoad].reduce((n, f) => n + gz(f), 0), total: allJs.reduce((n, f) => n + gz(f), 0), chunks: allJs.length, lazy };
}

function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const path = req.url === '/' ? '/index.html' : req.url.split('?')[0];
    try {
      const body = readFileSync(join(dir, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() })));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeOpen(url, { waitForIdle }) {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS] });
  const init = mockWalletInitScript({ wallets: [{ info: MOCK_WALLET_INFO, options: { privateKey: `0x${'11'.repeat(32)}`, chains: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:9' }], chainId: 1 } }] });
  const times = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript({ content: init });
      await page.goto(url, { waitUntil: waitForIdle ? 'networkidle' : 'load' });
      await page.getByTestId('latch-connect-button').waitFor();
      if (waitForIdle) await page.waitForTimeout(300);
      times.push(
        await page.evaluate(
          () =>
            new Promise((resolve) => {
              const start = performance.now();
              document.querySelector('[data-testid="latch-connect-button"]').click();
              const poll = () => {
                const list = document.querySelector('latch-modal')?.shadowRoot?.querySelector('[data-testid="latch-wallet-list"] button');
                if (list) requestAnimationFrame(() => resolve(performance.now() - start));
                else requestAnimationFrame(poll);
              };
              poll();
            }),
        ),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return median(times);
}

const kb = (n) => `${(n / 1024).toFixed(2)} kB`;
const bare = await buildScenario('bare');
const button = await buildScenario('button');
const server = await serve(button.outDir);
const warm = await timeOpen(server.url, { waitForIdle: true });
const cold = await timeOpen(server.url, { waitForIdle: false });
server.close();

const lines = [
  '| figure | bare React | Latch button page |',
  '|---|---:|---:|',
  `| first-load JS (gzip) | ${kb(bare.firstLoad)} | ${kb(button.firstLoad)} (+${kb(button.firstLoad - bare.firstLoad)}) |`,
  `| total JS (gzip) | ${kb(bare.total)} | ${kb(button.total)} |`,
  `| JS chunks | ${bare.chunks} | ${button.chunks} |`,
  '',
  `click → wallet list visible, median of ${RUNS} fresh pages: ${warm.toFixed(1)} ms after idle (modal prefetched), ${cold.toFixed(1)} ms clicked right after load`,
  '',
  '| lazy chunk | gzip |',
  '|---|---:|',
  ...button.lazy.map((c) => `| ${c.file} | ${kb(c.gzip)} |`),
];
console.log(lines.join('\n'));
writeFileSync(join(here, 'RESULTS.md'), `# Modal open benchmark\n\n${new Date().toISOString()}, ${process.platform} ${process.arch}, node ${process.version}\n\n${lines.join('\n')}\n`);
rmSync(join(here, '.out'), { recursive: true, force: true });
