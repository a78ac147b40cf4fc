import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser.js';
import { startToyChain, type ToyChain } from './chain.js';
import { toyWalletInitScript } from './initScript.js';
import { ALICE, ALICE_KEY, BOB, BOB_KEY, verifyToySignature } from './toy.testSupport.js';

// A dapp page reduced to the app side of the toy handshake: it asks, and records who announced.
const DAPP_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>toy handshake</title></head>
<body><script>
  window.announced = [];
  window.addEventListener('toy:announceWallet', (event) => window.announced.push(event.detail));
  window.dispatchEvent(new Event('toy:requestWallet'));
</script></body></html>`;

interface PageWallet {
  info: { id: string; name: string; icon: string };
  connect(): Promise<{ address: string; chainId: string }>;
  getAccount(): Promise<{ address: string; chainId: string } | null>;
  signMessage(message: string): Promise<string>;
  sendTransfer(request: { to: string; amount: string }): Promise<string>;
  setFailure(failure: string, on: boolean): void;
}
interface PageWindow {
  announced: { info: PageWallet['info']; wallet: PageWallet }[];
  __latchToyWallets: Record<string, PageWallet>;
}

async function serveDapp(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(DAPP_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('toy wallet in Chromium (toyWalletInitScript)', () => {
  let chain: ToyChain;
  let browser: Browser;
  let dapp: { server: Server; url: string };
  let page: Page | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  beforeEach(async () => {
    [chain, dapp] = await Promise.all([startToyChain(), serveDapp()]);
    chain.fund(ALICE, 10_000_000n);
  });
  afterEach(async () => {
    await page?.close();
    page = undefined;
    await Promise.allSettled([chain?.stop(), new Promise((resolve) => dapp?.server.close(resolve))]);
    expect(pageErrors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openDapp(): Promise<Page> {
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const wallets = [
      { secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl },
      { secretKey: BOB_KEY, rpcUrl: chain.rpcUrl, id: 'dev.second', name: 'Second Toy' },
    ];
    await page.addInitScript({ content: toyWalletInitScript({ wallets }) });
    await page.goto(dapp.url);
    return page;
  }

  it('announces every wallet to a page that asks, with a frozen detail, and exposes them for tests', async () => {
    const opened = await openDapp();
    const seen = await opened.evaluate(() => {
      const w = window as unknown as PageWindow;
      return {
        announced: w.announced.map((detail) => ({
          info: detail.info,
          same: detail.wallet === w.__latchToyWallets[detail.info.id],
          frozen: Object.isFrozen(detail),
        })),
        ids: Object.keys(w.__latchToyWallets),
      };
    });
    // The init script announced before the page listened; the page hears the answers to its own request.
    expect(seen.announced.map((a) => a.info.id)).toEqual(['io.latch.toywallet', 'dev.second']);
    expect(seen.announced.every((a) => a.same && a.frozen)).toBe(true);
    expect(seen.announced[1]?.info).toMatchObject({ name: 'Second Toy', icon: expect.stringMatching(/^data:image\/svg\+xml,/) });
    expect(seen.ids).toEqual(['io.latch.toywallet', 'dev.second']);
  });

  it('connects, signs with the real key and sends a transfer to the chain on another origin (CORS)', async () => {
    const opened = await openDapp();
    const result = await opened.evaluate(async (to) => {
      const wallet = (window as unknown as PageWindow).announced[0]!.wallet;
      const account = await wallet.connect();
      const signature = await wallet.signMessage('hello from the page');
      const hash = await wallet.sendTransfer({ to, amount: '2500000' });
      wallet.setFailure('rejectSign', true);
      const declined = await wallet.signMessage('no').then(
        () => undefined,
        (error: { code?: number }) => error.code,
      );
      return { account, signature, hash, declined };
    }, BOB);
    expect(result.account).toEqual({ address: ALICE, chainId: 'local' });
    expect(verifyToySignature({ message: 'hello from the page', signature: result.signature, address: ALICE })).toBe(true);
    expect(result.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(chain.balanceOf(BOB)).toBe(2_500_000n);
    expect(result.declined).toBe(4001);
  });

  it('stays authorised across a reload through localStorage, so the page can reconnect silently', async () => {
    const opened = await openDapp();
    const readAccount = () => opened.evaluate(() => (window as unknown as PageWindow).__latchToyWallets['dev.second']!.getAccount());
    expect(await readAccount()).toBeNull();
    await opened.evaluate(() => (window as unknown as PageWindow).__latchToyWallets['dev.second']!.connect());
    expect(await opened.evaluate(() => localStorage.getItem('latch-toy-wallet:dev.second:connected'))).toBe('true');
    await opened.reload();
    expect(await readAccount()).toEqual({ address: BOB, chainId: 'local' });
  });
});
