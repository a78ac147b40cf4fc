import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@latch/testkit';
import { sharedSessionWalletInitScript } from '@latch/testkit';
import {
  startChains,
  TOY_ADDRESS,
  verifyEvmSignature,
  verifySolanaSignature,
  verifyToySignature,
  walletOptions,
  type Chains,
} from './sharedSession.testSupport.js';
import type { SharedSessionWallet } from '@latch/testkit';

// The shared-session wallet in a real page: the IIFE bundle through the init script, and real localStorage across reloads.

interface PageWindow {
  __latchSharedWallet: SharedSessionWallet;
}

let chains: Chains;
let browser: Browser;
let dapp: { server: Server; url: string };
let page: Page | undefined;
const pageErrors: string[] = [];

beforeAll(async () => {
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>dapp</title><p>dapp</p>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dapp = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
  [chains, browser] = await Promise.all([startChains(), launchChromium()]);
});
afterEach(async () => {
  await page?.close();
  page = undefined;
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await Promise.allSettled([browser?.close(), chains?.stop(), new Promise((resolve) => dapp?.server.close(resolve))]);
});

/** Runs in the page: proposes, then signs `message` with each namespace's provider, as the dapp's adapters would. */
async function proposeAndSign({ message, evmAddress }: { message: string; evmAddress: string }) {
  const wallet = (window as unknown as PageWindow).__latchSharedWallet;
  const { namespaces } = await wallet.propose(['eip155', 'solana', 'toy']);
  const { eip155, solana, toy } = wallet.providers;
  const [account] = solana!.accounts;
  const [signed] = await solana!.features['solana:signMessage'].signMessage({
    account: account!,
    message: new TextEncoder().encode(message),
  });
  return {
    approved: Object.keys(namespaces),
    evm: (await eip155!.request({ method: 'personal_sign', params: [message, evmAddress] })) as string,
    solana: [...signed!.signature],
    toy: await toy!.signMessage(message),
  };
}

describe('sharedSessionWalletInitScript in Chromium', () => {
  it('installs the wallet on window; its session and keys survive a reload', async () => {
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript({ content: sharedSessionWalletInitScript(walletOptions(chains)) });
    await page.goto(dapp.url);

    const installed = await page.evaluate(() => {
      const wallet = (window as unknown as PageWindow).__latchSharedWallet;
      return { info: wallet.info, namespaces: wallet.namespaces, session: wallet.session };
    });
    expect(installed).toMatchObject({
      info: { id: 'io.latch.sharedwallet', name: 'Latch Shared Wallet' },
      namespaces: ['eip155', 'solana', 'toy'],
    });
    expect(installed.session).toBeNull();

    const message = 'signed in a page';
    const signed = await page.evaluate(proposeAndSign, { message, evmAddress: chains.evmAddress });
    expect(signed.approved).toEqual(['eip155', 'solana', 'toy']);
    expect(await verifyEvmSignature({ message, signature: signed.evm, address: chains.evmAddress })).toBe(true);
    expect(verifySolanaSignature({ message, signature: new Uint8Array(signed.solana), address: chains.solanaAddress })).toBe(true);
    expect(verifyToySignature({ message, signature: signed.toy, address: TOY_ADDRESS })).toBe(true);

    await page.reload();
    const restored = await page.evaluate(async () => {
      const wallet = (window as unknown as PageWindow).__latchSharedWallet;
      const session = await wallet.restore();
      return {
        namespaces: Object.keys(session?.namespaces ?? {}),
        evm: await wallet.providers.eip155!.request({ method: 'eth_accounts' }),
        solana: wallet.providers.solana!.accounts.map((account) => account.address),
        toy: (await wallet.providers.toy!.getAccount())?.address,
      };
    });
    expect(restored).toEqual({
      namespaces: ['eip155', 'solana', 'toy'],
      evm: [chains.evmAddress],
      solana: [chains.solanaAddress],
      toy: TOY_ADDRESS,
    });

    await page.evaluate(() => (window as unknown as PageWindow).__latchSharedWallet.endFromWallet());
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as PageWindow).__latchSharedWallet.restore())).toBeNull();
  });
});
