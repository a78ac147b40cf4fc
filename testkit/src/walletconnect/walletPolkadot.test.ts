import { describe, expect, test } from 'vitest';
import { polkadotAddressFromUri } from '../polkadot/createMockExtension.js';
import { createPolkadotWalletNamespace } from './walletPolkadot.js';
import { WalletRequestError } from './walletRequestError.js';
import type { WalletConnectWalletOptions } from './walletTypes.js';

// The test wallet's polkadot namespace asked directly: refusals, malformed payloads and bad options need no chain and
// no relay (nothing here connects). Its answers over the relay, and a transfer it signs landing on chopsticks, are
// tested in the devnet workspace.

const SECRET = '//LatchWalletConnectPolkadot';
const EVM = { privateKey: `0x${'22'.repeat(32)}`, rpcUrls: { 1: 'http://127.0.0.1:9' } } as const;
/** Never dialled: the namespace only keeps it. */
const RELAY_URL = 'ws://127.0.0.1:9';
/** A chain as CAIP-2 names it: `polkadot:` and the first 32 hex digits of its genesis hash. */
const GENESIS = `0x${'cd'.repeat(32)}` as const;
const CHAIN = { genesisHash: GENESIS, caipNetworkId: `polkadot:${GENESIS.slice(2, 34)}` as const, ss58Format: 42 };

const polkadotOptions = (overrides: Partial<NonNullable<WalletConnectWalletOptions['polkadot']>> = {}) => ({
  uri: SECRET,
  chainId: CHAIN.caipNetworkId,
  ss58Format: CHAIN.ss58Format,
  ...overrides,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { code?: number; message?: string },
  );

describe("the WalletConnect test wallet's polkadot requests, answered directly", () => {
  async function namespace(overrides: Partial<NonNullable<WalletConnectWalletOptions['polkadot']>> = {}) {
    const made = await createPolkadotWalletNamespace({ relayUrl: RELAY_URL, evm: EVM, polkadot: polkadotOptions(overrides) });
    if (!made) throw new Error('no polkadot namespace');
    return made;
  }
  const ask = async (method: string, params: unknown, chainId = CHAIN.caipNetworkId) =>
    failure((await namespace()).answer({ chainId, method, params }, { rejectSigning: false }));

  test('refuses another account (5103), a payload for another chain or malformed (-32602), and unknown methods (5101)', async () => {
    const own = await polkadotAddressFromUri(SECRET, CHAIN.ss58Format);
    const stranger = await polkadotAddressFromUri('//Stranger', CHAIN.ss58Format);
    const payload = {
      address: own,
      genesisHash: CHAIN.genesisHash,
      method: '0x00',
      signedExtensions: [],
      version: 4,
    };
    expect(await ask('polkadot_signMessage', { address: stranger, message: '0x00' })).toMatchObject({ code: 5103 });
    expect(await ask('polkadot_signMessage', { address: own })).toMatchObject({ code: -32602, message: /message must be a string/ });
    expect(await ask('polkadot_signMessage', { address: own, message: '0x00', type: 'payload' })).toMatchObject({ code: -32602 });
    expect(await ask('polkadot_signTransaction', { address: stranger, transactionPayload: payload })).toMatchObject({ code: 5103 });
    expect(
      await ask('polkadot_signTransaction', { address: own, transactionPayload: { ...payload, genesisHash: `0x${'ab'.repeat(32)}` } }),
    ).toMatchObject({ code: -32602, message: /another chain/ });
    expect(await ask('polkadot_signTransaction', { address: own, transactionPayload: { ...payload, address: stranger } })).toMatchObject({
      code: -32602,
    });
    expect(
      await ask('polkadot_signTransaction', { address: own, transactionPayload: { ...payload, signedExtensions: 'x' } }),
    ).toMatchObject({
      code: -32602,
    });
    expect(await ask('polkadot_signTransaction', { address: own })).toMatchObject({ code: -32602 });
    expect(await ask('polkadot_signTransaction', 'not an object')).toMatchObject({ code: -32602 });
    const unknown = await ask('polkadot_sendTransaction', {});
    expect(unknown).toBeInstanceOf(WalletRequestError);
    expect(unknown).toMatchObject({ code: 5101 });
    // The same request, well formed, is answered.
    expect(await ask('polkadot_signMessage', { address: own, message: '0x00' })).toBeUndefined();
  });

  test('an ed25519 key signs a MultiSignature with type byte 00', async () => {
    const made = await namespace({ type: 'ed25519' });
    const payload = { address: made.address, genesisHash: CHAIN.genesisHash, method: '0x00', signedExtensions: [], version: 4 };
    const answer = (await made.answer(
      { chainId: CHAIN.caipNetworkId, method: 'polkadot_signTransaction', params: { address: made.address, transactionPayload: payload } },
      { rejectSigning: false },
    )) as { signature: string };
    expect(answer.signature).toMatch(/^0x00[0-9a-f]{128}$/);
    expect(made.address).toBe(await polkadotAddressFromUri(SECRET, CHAIN.ss58Format, 'ed25519'));
  });

  test('bad options fail with one sentence; no polkadot option, no namespace', async () => {
    const base = { relayUrl: RELAY_URL, evm: EVM };
    expect(await createPolkadotWalletNamespace(base)).toBeUndefined();
    for (const [bad, words] of [
      [{ uri: ' ' }, /polkadot\.uri/],
      [{ chainId: 'polkadot:XYZ' }, /polkadot\.chainId/],
      [{ type: 'ecdsa' }, /polkadot\.type/],
      [{ ss58Format: 46 }, /polkadot\.ss58Format/],
    ] as const) {
      await expect(createPolkadotWalletNamespace({ ...base, polkadot: { ...polkadotOptions(), ...bad } as never })).rejects.toThrow(words);
    }
  });
});
