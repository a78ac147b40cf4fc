import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@latch/testkit';
import { REGTEST_PARAMS } from '@latch/testkit';
import { startBitcoinRegtest, type BitcoinRegtest } from '../bitcoin/bitcoinRegtest.js';
import { verifyBitcoinMessageSignature } from '@latch/testkit';
import { bitcoinWalletInitScript } from '@latch/testkit';
import { bitcoinPaymentAddress } from '@latch/testkit';

// A dapp page reduced to what a Bitcoin connect modal reads: the app side of the Wallet Standard handshake.
const DAPP_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Bitcoin wallet smoke</title></head>
<body><script>
  window.registeredWallets = [];
  const api = Object.freeze({ register: (...wallets) => { window.registeredWallets.push(...wallets); return () => {}; } });
  window.addEventListener('wallet-standard:register-wallet', (event) => event.detail(api));
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
</script></body></html>`;

const PAYMENT_KEY = '51'.repeat(32);
const SECOND_KEY = '52'.repeat(32);

type Envelope = { result?: Record<string, unknown>; error?: { code: number; message: string } };
interface PageProvider {
  request(method: string, params?: unknown): Promise<Envelope>;
  addListener(listener: { eventName: string; cb: (event: unknown) => void }): () => void;
}
interface PageWindow {
  btc_providers: { id: string; name: string; icon: string }[];
  BitcoinProvider?: PageProvider;
  registeredWallets: { name: string; features: Record<string, unknown> }[];
  __latchBitcoinWallets: Record<
    string,
    { setFailure(name: string, on: boolean): void; disconnectFromWallet(): void; paymentAddress: string }
  >;
  walletEvents?: unknown[];
}

async function serveDapp(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(DAPP_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('mock Bitcoin wallet in Chromium', () => {
  let regtest: BitcoinRegtest;
  let browser: Browser;
  let dapp: { server: Server; url: string };
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [regtest, browser, dapp] = await Promise.all([startBitcoinRegtest(), launchChromium(), serveDapp()]);
    await regtest.fund(bitcoinPaymentAddress(PAYMENT_KEY, REGTEST_PARAMS), 2_000_000n);
  });
  afterEach(async () => {
    await page?.close();
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), regtest?.stop(), new Promise((resolve) => dapp?.server.close(resolve))]);
  });

  async function openDapp(): Promise<Page> {
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const esploraUrl = regtest.esploraUrl;
    await page.addInitScript({
      content: bitcoinWalletInitScript({
        wallets: [
          { paymentKey: PAYMENT_KEY, esploraUrl, defaultProvider: true },
          {
            paymentKey: SECOND_KEY,
            esploraUrl,
            id: 'standard-only',
            name: 'Standard Bitcoin Wallet',
            satsConnect: false,
            walletStandard: true,
          },
        ],
      }),
    });
    await page.goto(dapp.url);
    return page;
  }

  it('lists itself in btc_providers, connects, signs and sends through the page, against the regtest node', async () => {
    await openDapp();
    const recipient = bitcoinPaymentAddress('53'.repeat(32), REGTEST_PARAMS);
    const seen = await page.evaluate(async (to) => {
      const w = window as unknown as PageWindow & Record<string, Record<string, PageProvider>>;
      const [entry] = w.btc_providers;
      const [holder, key] = entry!.id.split('.') as [string, string];
      const provider = w[holder]![key]!;
      const connected = await provider.request('wallet_connect', { addresses: ['payment', 'ordinals'], network: 'Regtest' });
      const addresses = connected.result!.addresses as { address: string; purpose: string }[];
      const payment = addresses.find((address) => address.purpose === 'payment')!.address;
      const signed = await provider.request('signMessage', { address: payment, message: 'Chromium', protocol: 'BIP322' });
      const sent = await provider.request('sendTransfer', { recipients: [{ address: to, amount: 300_000 }] });
      return {
        entry: { id: entry!.id, name: entry!.name, iconIsData: entry!.icon.startsWith('data:image/svg+xml') },
        sameDefault: w.BitcoinProvider === provider,
        payment,
        signature: signed.result!.signature as string,
        txid: sent.result?.txid ?? sent.error,
        standardNames: w.registeredWallets.map((wallet) => wallet.name),
        standardFeatures: Object.keys(w.registeredWallets[0]?.features ?? {}),
      };
    }, recipient);
    expect(seen.entry).toEqual({ id: 'LatchBitcoinWalletProviders.BitcoinProvider', name: 'Latch Bitcoin Wallet', iconIsData: true });
    expect(seen.sameDefault).toBe(true);
    expect(seen.payment).toBe(bitcoinPaymentAddress(PAYMENT_KEY, REGTEST_PARAMS));
    expect(verifyBitcoinMessageSignature({ address: seen.payment, message: 'Chromium', signature: seen.signature })).toBe(true);
    expect(seen.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await regtest.balanceOf(recipient)).toBe(300_000n);
    expect(seen.standardNames).toEqual(['Standard Bitcoin Wallet']);
    expect(seen.standardFeatures).toEqual(expect.arrayContaining(['bitcoin:connect', 'bitcoin:signMessage', 'standard:events']));
    expect(pageErrors).toEqual([]);
  });

  it('keeps the authorisation across a reload and obeys the switches on window.__latchBitcoinWallets', async () => {
    await openDapp();
    await page.evaluate(() => (window as unknown as PageWindow).BitcoinProvider!.request('wallet_connect', null));
    await page.reload();
    const outcome = await page.evaluate(async () => {
      const w = window as unknown as PageWindow;
      const provider = w.BitcoinProvider!;
      const restored = await provider.request('wallet_getAccount', null);
      w.walletEvents = [];
      provider.addListener({ eventName: 'disconnect', cb: (event) => w.walletEvents!.push(event) });
      const wallet = w.__latchBitcoinWallets['latch-bitcoin-wallet']!;
      wallet.setFailure('rejectSign', true);
      const declined = await provider.request('signMessage', { address: wallet.paymentAddress, message: 'no' });
      wallet.disconnectFromWallet();
      await new Promise((resolve) => setTimeout(resolve, 0));
      const after = await provider.request('wallet_getAccount', null);
      return { restored: Boolean(restored.result), declined: declined.error, events: w.walletEvents, after: after.error?.code };
    });
    expect(outcome).toEqual({
      restored: true,
      declined: { code: -32000, message: 'User rejected the request.' },
      events: [{ type: 'disconnect' }],
      after: -32002,
    });
  });
});
