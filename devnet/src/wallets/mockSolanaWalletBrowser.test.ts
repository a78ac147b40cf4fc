import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { address, getPublicKeyFromAddress, verifySignature, type SignatureBytes } from '@solana/kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@latch/testkit';
import { mockWalletInitScript } from '@latch/testkit';
import { MOCK_WALLET_INFO } from '@latch/testkit';
import { startSolanaRpc, type SolanaRpcFixture } from '../solana/rpcServer.js';
import { createLocalRpc, unsignedSolTransfer } from '../solana/solanaTransfers.testSupport.js';
import { mockSolanaWalletInitScript } from '@latch/testkit';
import { solanaAddressFromSeed } from '@latch/testkit';
import { MOCK_SOLANA_WALLET_NAME, MULTICHAIN_WALLET_NAME } from '@latch/testkit';

// A dapp page reduced to the app side of the Wallet Standard handshake, plus EIP-6963 discovery for the merge check.
const DAPP_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Wallet Standard smoke</title></head>
<body><script>
  window.registeredWallets = [];
  window.announcedNames = [];
  const api = Object.freeze({ register: (...wallets) => { window.registeredWallets.push(...wallets); return () => {}; } });
  window.addEventListener('wallet-standard:register-wallet', (event) => event.detail(api));
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
  window.addEventListener('eip6963:announceProvider', (event) => window.announcedNames.push(event.detail.info.name));
  window.dispatchEvent(new Event('eip6963:requestProvider'));
</script></body></html>`;

const SEED = '0b'.repeat(32);
const SOLANA_ONLY_SEED = '0c'.repeat(32);

interface PageWallet {
  name: string;
  accounts: { address: string }[];
  features: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
}

interface PageWindow {
  registeredWallets: PageWallet[];
  announcedNames: string[];
  __latchMockSolanaWallets: Record<string, PageWallet & { setFailure(name: string, value: boolean): void }>;
}

async function serveDapp(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(DAPP_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('mock Solana wallet in Chromium', () => {
  let chain: SolanaRpcFixture;
  let browser: Browser;
  let dapp: { server: Server; url: string };
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [chain, browser, dapp] = await Promise.all([startSolanaRpc(), launchChromium(), serveDapp()]);
    chain.airdrop(await solanaAddressFromSeed(SEED), 5_000_000_000n);
  });
  afterEach(async () => {
    await page?.close();
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), chain?.stop(), new Promise((resolve) => dapp?.server.close(resolve))]);
  });

  async function openDapp(): Promise<Page> {
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const chains = [{ chain: chain.caipNetworkId, rpcUrl: chain.rpcUrl }];
    await page.addInitScript({
      content: mockWalletInitScript({
        wallets: [
          {
            info: MOCK_WALLET_INFO,
            options: { privateKey: `0x${'11'.repeat(32)}`, chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], chainId: 31337 },
          },
        ],
      }),
    });
    await page.addInitScript({
      content: mockSolanaWalletInitScript({
        wallets: [
          { secretKeySeed: SEED, name: MULTICHAIN_WALLET_NAME, chains },
          { secretKeySeed: SOLANA_ONLY_SEED, chains },
        ],
      }),
    });
    await page.goto(dapp.url);
    return page;
  }

  it('registers with a page that loads after it; the page connects, signs and reads the balance from the local RPC', async () => {
    await openDapp();
    const message = 'Sign in to Latch from Chromium';
    const seen = await page.evaluate(async (text) => {
      const { registeredWallets, announcedNames } = window as unknown as PageWindow;
      const wallet = registeredWallets.find((candidate) => candidate.name === 'Latch Test Wallet')!;
      const { accounts } = (await wallet.features['standard:connect']!.connect!()) as { accounts: { address: string; chains: string[] }[] };
      const account = accounts[0]!;
      const [signed] = (await wallet.features['solana:signMessage']!.signMessage!({
        account,
        message: new TextEncoder().encode(text),
      })) as {
        signature: Uint8Array;
      }[];
      return {
        names: registeredWallets.map((candidate) => candidate.name),
        announcedNames,
        address: account.address,
        chains: account.chains,
        signature: [...signed!.signature],
      };
    }, message);

    expect(seen.names).toEqual([MULTICHAIN_WALLET_NAME, MOCK_SOLANA_WALLET_NAME]);
    expect(seen.announcedNames).toEqual([MULTICHAIN_WALLET_NAME]);
    expect(seen.address).toBe(await solanaAddressFromSeed(SEED));
    expect(seen.chains).toEqual([chain.caipNetworkId]);
    const publicKey = await getPublicKeyFromAddress(address(seen.address));
    expect(await verifySignature(publicKey, Uint8Array.from(seen.signature) as SignatureBytes, new TextEncoder().encode(message))).toBe(
      true,
    );

    const balance = await page.evaluate(
      async ([rpcUrl, owner]) => {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'solana-client': 'js/latch-smoke' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [owner] }),
        });
        return ((await response.json()) as { result: { value: number } }).result.value;
      },
      [chain.rpcUrl, seen.address] as const,
    );
    expect(balance).toBe(5_000_000_000);
    expect(pageErrors).toEqual([]);
  });

  it('signs and sends a SOL transfer from the page through the local RPC', async () => {
    await openDapp();
    const rpc = createLocalRpc(chain.rpcUrl);
    const [sender, recipient] = [address(await solanaAddressFromSeed(SEED)), address(await solanaAddressFromSeed('0d'.repeat(32)))];
    const transaction = await unsignedSolTransfer(rpc, sender, recipient, 1_000_000_000n);
    const signatureLength = await page.evaluate(
      async ([bytes, chainId]) => {
        const wallet = (window as unknown as PageWindow).__latchMockSolanaWallets['Latch Test Wallet']!;
        const { accounts } = (await wallet.features['standard:connect']!.connect!()) as { accounts: unknown[] };
        const input = { account: accounts[0], transaction: Uint8Array.from(bytes), chain: chainId };
        const [output] = (await wallet.features['solana:signAndSendTransaction']!.signAndSendTransaction!(input)) as {
          signature: Uint8Array;
        }[];
        return output!.signature.length;
      },
      [[...transaction], chain.caipNetworkId] as const,
    );
    expect(signatureLength).toBe(64);
    expect((await rpc.getBalance(recipient).send()).value).toBe(1_000_000_000n);
  });

  it('keeps the authorisation across a reload and obeys the test switches from window.__latchMockSolanaWallets', async () => {
    await openDapp();
    await page.evaluate(() => (window as unknown as PageWindow).registeredWallets[0]!.features['standard:connect']!.connect!());
    await page.reload();
    const outcome = await page.evaluate(async () => {
      const wallet = (window as unknown as PageWindow).__latchMockSolanaWallets['Latch Test Wallet']!;
      const { accounts } = (await wallet.features['standard:connect']!.connect!({ silent: true })) as { accounts: { address: string }[] };
      wallet.setFailure('rejectSign', true);
      const error = await wallet.features['solana:signMessage']!.signMessage!({ account: accounts[0], message: new Uint8Array([1]) }).catch(
        (caught: { code?: number; message?: string }) => ({ code: caught.code, message: caught.message }),
      );
      return { addresses: accounts.map((account) => account.address), error };
    });
    expect(outcome.addresses).toEqual([await solanaAddressFromSeed(SEED)]);
    expect(outcome.error).toEqual({ code: 4001, message: 'User rejected the request.' });
  });
});
