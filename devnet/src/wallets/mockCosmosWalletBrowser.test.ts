import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeSecp256k1Pubkey } from '@cosmjs/amino';
import { fromBase64 } from '@cosmjs/encoding';
import { encodePubkey, makeAuthInfoBytes, Registry } from '@cosmjs/proto-signing';
import { defaultRegistryTypes, StargateClient } from '@cosmjs/stargate';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '@latch/testkit';
import { verifyAdr36Signature } from '@latch/testkit';
import { startCosmosChain, type CosmosChain } from '../cosmos/chain.js';
import { LOCAL_CHAIN, privateKey, TEST_MNEMONIC, TEST_MNEMONIC_ADDRESS } from '../cosmos/cosmos.testSupport.js';
import { cosmosWalletInitScript } from '@latch/testkit';

const DAPP_PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>cosmos wallets</title></head><body></body></html>';

interface PageWallet {
  enable(chainId: string): Promise<void>;
  getKey(chainId: string): Promise<{ bech32Address: string; pubKey: Uint8Array }>;
  signArbitrary(chainId: string, signer: string, data: string): Promise<{ pub_key: { type: string; value: string }; signature: string }>;
  getOfflineSigner(chainId: string): {
    signDirect(address: string, doc: object): Promise<{ signature: { signature: string } }>;
  };
  setFailure(failure: string, on: boolean): void;
  switchAccount(secret: string): Promise<void>;
  prompts(): string[];
}
type PageWindow = Record<string, PageWallet> & { __latchCosmosWallets: Record<string, PageWallet>; seenEvents: string[] };

async function serveDapp(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(DAPP_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('mock Cosmos wallets in Chromium (cosmosWalletInitScript)', () => {
  let browser: Browser;
  let chain: CosmosChain;
  let dapp: { server: Server; url: string };
  let page: Page | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  beforeEach(async () => {
    [chain, dapp] = await Promise.all([startCosmosChain(), serveDapp()]);
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
      { global: 'keplr', name: 'Keplr test', mnemonicOrPrivateKey: privateKey(0xd1), chains: [LOCAL_CHAIN] },
      { global: 'leap', name: 'Leap test', mnemonicOrPrivateKey: TEST_MNEMONIC, chains: [LOCAL_CHAIN] },
    ];
    await page.addInitScript({ content: cosmosWalletInitScript({ wallets }) });
    await page.goto(dapp.url);
    return page;
  }

  it('injects window.keplr and window.leap before the page runs, the same objects as __latchCosmosWallets', async () => {
    const opened = await openDapp();
    const seen = await opened.evaluate(() => {
      const w = window as unknown as PageWindow;
      return {
        same: w.keplr === w.__latchCosmosWallets.keplr && w.leap === w.__latchCosmosWallets.leap,
        api: ['enable', 'getKey', 'getOfflineSigner', 'signArbitrary', 'experimentalSuggestChain', 'disable'].every(
          (method) => typeof (w.keplr as unknown as Record<string, unknown>)[method] === 'function',
        ),
      };
    });
    expect(seen).toEqual({ same: true, api: true });
  });

  it('signs ADR-36 with the real key, fires its own keystore event on an account switch, and refuses on demand', async () => {
    const opened = await openDapp();
    const result = await opened.evaluate(async (mnemonic) => {
      const w = window as unknown as PageWindow;
      w.seenEvents = [];
      for (const name of ['keplr_keystorechange', 'leap_keystorechange']) window.addEventListener(name, () => w.seenEvents.push(name));
      await w.leap!.enable('latch-local-1');
      const { bech32Address } = await w.leap!.getKey('latch-local-1');
      const signature = await w.leap!.signArbitrary('latch-local-1', bech32Address, 'hello from the page');
      await w.keplr!.switchAccount(mnemonic);
      w.leap!.setFailure('rejectSign', true);
      const declined = await w.leap!.signArbitrary('latch-local-1', bech32Address, 'no').then(
        () => 'signed',
        (error: Error) => error.message,
      );
      return { bech32Address, signature, declined, events: w.seenEvents, prompts: w.leap!.prompts() };
    }, TEST_MNEMONIC);
    expect(result.bech32Address).toBe(TEST_MNEMONIC_ADDRESS);
    expect(verifyAdr36Signature({ signer: TEST_MNEMONIC_ADDRESS, data: 'hello from the page', signature: result.signature })).toBe(true);
    expect(result.declined).toBe('Request rejected');
    expect(result.events).toEqual(['keplr_keystorechange']);
    expect(result.prompts).toEqual(['enable:latch-local-1', 'signArbitrary:latch-local-1', 'signArbitrary:latch-local-1']);
  });

  it('signs a transaction in the page (signDirect) that the stand-in verifies and applies', async () => {
    const opened = await openDapp();
    const key = await opened.evaluate(async () => {
      const w = window as unknown as PageWindow;
      await w.keplr!.enable('latch-local-1');
      const { bech32Address, pubKey } = await w.keplr!.getKey('latch-local-1');
      return { address: bech32Address, pubkey: [...pubKey] };
    });
    chain.fund(key.address, 1_000_000n);
    const bodyBytes = new Registry(defaultRegistryTypes).encode({
      typeUrl: '/cosmos.tx.v1beta1.TxBody',
      value: {
        messages: [
          {
            typeUrl: '/cosmos.bank.v1beta1.MsgSend',
            value: { fromAddress: key.address, toAddress: TEST_MNEMONIC_ADDRESS, amount: [{ denom: 'ustake', amount: '4321' }] },
          },
        ],
      },
    });
    const pubkey = encodePubkey(encodeSecp256k1Pubkey(Uint8Array.from(key.pubkey)));
    const authInfoBytes = makeAuthInfoBytes(
      [{ pubkey, sequence: 0 }],
      [{ denom: 'ustake', amount: '2500' }],
      100_000,
      undefined,
      undefined,
    );
    const signature = await opened.evaluate(
      async ({ address, body, authInfo }) => {
        const signer = (window as unknown as PageWindow).keplr!.getOfflineSigner('latch-local-1');
        const doc = {
          bodyBytes: Uint8Array.from(body),
          authInfoBytes: Uint8Array.from(authInfo),
          chainId: 'latch-local-1',
          accountNumber: 0n,
        };
        return (await signer.signDirect(address, doc)).signature.signature;
      },
      { address: key.address, body: [...bodyBytes], authInfo: [...authInfoBytes] },
    );
    const client = await StargateClient.connect(chain.rpcUrl);
    const tx = TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [fromBase64(signature)] })).finish();
    const result = await client.broadcastTx(tx, 5_000, 20);
    client.disconnect();
    expect(result.code).toBe(0);
    expect(chain.balanceOf(TEST_MNEMONIC_ADDRESS)).toBe(4321n);
  });

  it('keeps the site enabled across a reload (localStorage), so getKey answers without a prompt, and reaches the chain cross-origin', async () => {
    const opened = await openDapp();
    await opened.evaluate(() => (window as unknown as PageWindow).keplr!.enable('latch-local-1'));
    await opened.reload();
    const after = await opened.evaluate(async (rpcUrl) => {
      const w = window as unknown as PageWindow;
      const { bech32Address } = await w.keplr!.getKey('latch-local-1');
      const status = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'status' }),
      });
      const { result } = (await status.json()) as { result: { node_info: { network: string } } };
      const leapKey = await w.leap!.getKey('latch-local-1').then(
        () => 'granted',
        (error: Error) => error.message,
      );
      return { bech32Address, prompts: w.keplr!.prompts(), network: result.node_info.network, leapKey };
    }, chain.rpcUrl);
    expect(after).toMatchObject({ prompts: [], network: 'latch-local-1', leapKey: expect.stringMatching(/not enabled/) });
    expect(after.bech32Address).toMatch(/^cosmos1/);
  });
});
