import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, http, stringToHex, verifyMessage, type Hex } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilFixture } from '../anvil.js';
import { existsSync } from 'node:fs';
import { chromiumExecutable, headlessChromiumExecutable, launchChromium } from '@latch/testkit';
import { mockWalletInitScript } from '@latch/testkit';
import { MOCK_WALLET_INFO } from '@latch/testkit';

// A dapp page reduced to EIP-6963 discovery: it records every announcement, then asks wallets to announce.
const DAPP_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>EIP-6963 smoke</title></head>
<body><script>
  window.announcements = [];
  window.addEventListener('eip6963:announceProvider', (event) => window.announcements.push(event.detail));
  window.dispatchEvent(new Event('eip6963:requestProvider'));
</script></body></html>`;

const MALFORMED = { info: { name: 'No provider, no rdns' } };

async function serveDapp(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(DAPP_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

interface PageProvider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

interface PageWindow {
  announcements: ({ info?: { rdns?: string }; provider?: PageProvider } | null)[];
  __latchMockWallets: Record<string, PageProvider>;
}

describe('mock wallet in Chromium', () => {
  let anvil: AnvilFixture;
  let browser: Browser;
  let dapp: { server: Server; url: string };
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [anvil, browser, dapp] = await Promise.all([startAnvil(), launchChromium(), serveDapp()]);
  });
  afterEach(async () => {
    await page?.close();
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), anvil?.stop(), new Promise((resolve) => dapp?.server.close(resolve))]);
  });

  async function openDapp(): Promise<Page> {
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const account = anvil.accounts[0]!;
    await page.addInitScript({
      content: mockWalletInitScript({
        wallets: [
          {
            info: MOCK_WALLET_INFO,
            options: { privateKey: account.privateKey, chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }], chainId: anvil.chainId },
          },
        ],
        malformedAnnouncements: [MALFORMED],
      }),
    });
    await page.goto(dapp.url);
    return page;
  }

  it('announces the wallet to the page, which connects, signs and reads the chain through it', async () => {
    await openDapp();
    const message = 'Sign in to Latch from Chromium';
    const seen = await page.evaluate(async (messageHex) => {
      const { announcements } = window as unknown as PageWindow;
      const valid = announcements.filter((detail) => typeof detail?.provider?.request === 'function');
      const provider = valid[0]!.provider!;
      const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
      return {
        count: announcements.length,
        validInfos: valid.map((detail) => detail!.info),
        malformed: announcements.filter((detail) => !detail?.provider),
        frozen: Object.isFrozen(valid[0]),
        address,
        signature: await provider.request({ method: 'personal_sign', params: [messageHex, address] }),
        balance: await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] }),
      };
    }, stringToHex(message));

    expect(seen.count).toBe(2);
    expect(seen.validInfos).toEqual([MOCK_WALLET_INFO]);
    expect(seen.malformed).toEqual([MALFORMED]);
    expect(seen.frozen).toBe(true);
    expect(seen.address).toBe(anvil.accounts[0]!.address);
    expect(await verifyMessage({ address: anvil.accounts[0]!.address, message, signature: seen.signature as Hex })).toBe(true);
    const balance = await createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({ address: anvil.accounts[0]!.address });
    expect(BigInt(seen.balance as string)).toBe(balance);
    expect(pageErrors).toEqual([]);
  });

  it('keeps the session across a reload, and exposes the providers for test control', async () => {
    await openDapp();
    await page.evaluate(() => (window as unknown as PageWindow).announcements[0]!.provider!.request({ method: 'eth_requestAccounts' }));
    await page.reload();
    const accounts = await page.evaluate(() =>
      (window as unknown as PageWindow).__latchMockWallets['io.latch.testwallet']!.request({ method: 'eth_accounts' }),
    );
    expect(accounts).toEqual([anvil.accounts[0]!.address]);
  });
});

describe('chromiumExecutable', () => {
  const original = process.env.CHROME_PATH;
  afterEach(() => {
    if (original === undefined) delete process.env.CHROME_PATH;
    else process.env.CHROME_PATH = original;
  });

  it('prefers CHROME_PATH and says how to install Chromium when it is missing', () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    expect(() => chromiumExecutable()).toThrow(/\/nonexistent\/chromium.*apt-get install chromium/);
    process.env.CHROME_PATH = process.execPath;
    expect(chromiumExecutable()).toBe(process.execPath);
  });

  it("headlessChromiumExecutable: CHROME_PATH first, else Debian's headless shell when installed, else chromium", () => {
    process.env.CHROME_PATH = process.execPath;
    expect(headlessChromiumExecutable()).toBe(process.execPath);
    delete process.env.CHROME_PATH;
    const shell = '/usr/bin/chromium-headless-shell';
    expect(headlessChromiumExecutable()).toBe(existsSync(shell) ? shell : chromiumExecutable());
  });
});
