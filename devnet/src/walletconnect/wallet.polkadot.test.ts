import type { Signer, SignerResult } from '@polkadot/api/types';
import { stringToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util';
import { decodeAddress, sr25519Verify } from '@polkadot/util-crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { polkadotAddressFromUri } from '@latch/testkit';
import { sharedPolkadotChain } from '../../../scripts/test-support/sharedPolkadot.js';
import type { PolkadotChainClient } from '../polkadot/chain.js';
import { startWalletConnectRelay, type WalletConnectRelay } from './relay.js';
import { startWalletConnectWallet } from '@latch/testkit/walletconnect';
import type { WalletConnectWallet, WalletConnectWalletOptions } from '@latch/testkit/walletconnect';
import { closeDapp, connect, type Dapp, startDapp } from './walletconnect.testSupport.js';

// The test wallet's polkadot namespace over the local relay: a real sr25519 key, signatures checked with
// @polkadot/util-crypto, and a transfer it signs landing on a real Substrate runtime (chopsticks). Its answers to
// malformed requests and options, which need no chain, are tested in the testkit (walletconnect/walletPolkadot.test.ts).

const UNIT = 10n ** 12n;
const SECRET = '//LatchWalletConnectPolkadot';
const EVM = { privateKey: `0x${'22'.repeat(32)}`, rpcUrls: { 1: 'http://127.0.0.1:9' } } as const;

let relay: WalletConnectRelay;
let chain: PolkadotChainClient;
const opened: { dapps: Dapp[]; wallets: WalletConnectWallet[] } = { dapps: [], wallets: [] };

beforeAll(async () => {
  [relay, chain] = await Promise.all([startWalletConnectRelay(), sharedPolkadotChain()]);
});
afterAll(async () => {
  await Promise.all([relay?.stop(), chain?.stop()]);
});
afterEach(async () => {
  const walletErrors = opened.wallets.flatMap((each) => each.errors.map((error) => error.message));
  await Promise.all([...opened.dapps.splice(0).map(closeDapp), ...opened.wallets.splice(0).map((wallet) => wallet.close())]);
  expect(walletErrors).toEqual([]);
});

const polkadotOptions = (overrides: Partial<NonNullable<WalletConnectWalletOptions['polkadot']>> = {}) => ({
  uri: SECRET,
  chainId: chain.caipNetworkId,
  ss58Format: chain.ss58Format,
  ...overrides,
});

async function session(polkadot = polkadotOptions()) {
  const [wallet, dapp] = await Promise.all([startWalletConnectWallet({ relayUrl: relay.url, evm: EVM, polkadot }), startDapp(relay.url)]);
  opened.wallets.push(wallet);
  opened.dapps.push(dapp);
  const { topic, namespaces } = await connect(dapp, wallet, {
    polkadot: { chains: [chain.caipNetworkId], methods: ['polkadot_signTransaction', 'polkadot_signMessage'], events: ['accountsChanged'] },
  });
  const request = (method: string, params: unknown) => dapp.request({ topic, chainId: chain.caipNetworkId, request: { method, params } });
  return { wallet, namespaces, request };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { code?: number; message?: string },
  );

describe('the polkadot namespace of the WalletConnect test wallet', () => {
  test('approves its SS58 account on the chain it signs for', async () => {
    const { wallet, namespaces } = await session();
    const address = await polkadotAddressFromUri(SECRET, chain.ss58Format);
    expect(wallet.addresses.polkadot).toBe(address);
    expect(namespaces.polkadot?.accounts).toEqual([`${chain.caipNetworkId}:${address}`]);
    expect(namespaces.polkadot?.methods).toEqual(['polkadot_signTransaction', 'polkadot_signMessage']);
  });

  test('polkadot_signMessage signs the <Bytes>-wrapped message with the real key, and a declined one is 5000', async () => {
    const { wallet, request } = await session();
    const address = wallet.addresses.polkadot as string;
    const message = stringToU8a('Sign in to Latch');
    const { signature } = (await request('polkadot_signMessage', { address, message: u8aToHex(message) })) as { signature: string };
    const publicKey = decodeAddress(address);
    expect(sr25519Verify(u8aWrapBytes(message), signature, publicKey)).toBe(true);
    expect(sr25519Verify(message, signature, publicKey)).toBe(false);
    // Already wrapped (as Reown's reference asks dapps to send): not wrapped twice.
    const again = (await request('polkadot_signMessage', { address, data: u8aToHex(u8aWrapBytes(message)), type: 'bytes' })) as {
      signature: string;
    };
    expect(sr25519Verify(u8aWrapBytes(message), again.signature, publicKey)).toBe(true);

    wallet.setBehaviour({ rejectRequests: true });
    expect(await failure(request('polkadot_signMessage', { address, message: u8aToHex(message) }))).toMatchObject({
      code: 5000,
      message: 'User rejected.',
    });
  });

  test('polkadot_signTransaction signs the extrinsic payload; the transfer lands on the local chain', async () => {
    const { wallet, request } = await session();
    const from = wallet.addresses.polkadot as string;
    const to = await polkadotAddressFromUri('//LatchWalletConnectPolkadotReceiver', chain.ss58Format);
    await chain.fund(from, 10n * UNIT);
    const before = await chain.balanceOf(to);
    const answers: unknown[] = [];
    // What a dapp's @polkadot/api Signer does over WalletConnect: the payload goes to the wallet, the signature comes back.
    const signer: Signer = {
      async signPayload(payload): Promise<SignerResult> {
        const answer = (await request('polkadot_signTransaction', {
          address: payload.address,
          transactionPayload: payload,
        })) as SignerResult;
        answers.push(answer);
        return answer;
      },
    };
    const outcome = await new Promise<string>((resolve, reject) => {
      chain.api.tx.balances!.transferKeepAlive!(to, 2n * UNIT)
        .signAndSend(from, { signer }, ({ status, dispatchError }) => {
          // chopsticks finalises at once: a busy client can see `Finalized` without `InBlock`; both mean in a block.
          if (status.isInBlock || status.isFinalized) resolve(dispatchError ? dispatchError.toString() : 'ok');
        })
        .catch(reject);
    });
    expect(outcome).toBe('ok');
    expect((await chain.balanceOf(to)) - before).toBe(2n * UNIT);
    // A MultiSignature: sr25519's type byte 01 then 64 bytes.
    expect(answers).toEqual([{ id: expect.any(Number), signature: expect.stringMatching(/^0x01[0-9a-f]{128}$/) }]);

    wallet.setBehaviour({ rejectRequests: true });
    const refused = await failure(
      chain.api.tx.balances!.transferKeepAlive!(to, UNIT).signAndSend(from, { signer }, () => undefined) as unknown as Promise<unknown>,
    );
    expect(refused).toMatchObject({ code: 5000, message: 'User rejected.' });
  });
});
