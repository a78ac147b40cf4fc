import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { verifyMessage } from 'viem';
import { vi } from 'vitest';
import { startAnvil, type BareAnvilFixture } from '../../anvil.js';
import { startSolanaRpc, type SolanaRpcFixture } from '../../solana/rpcServer.js';
import { solanaAddressFromSeed } from '@latch/testkit';
import { toyAddressFromSecretKey } from '@latch/testkit/toy';
import { startToyChain, type ToyChain } from '@latch/testkit';
import { memoryStorage } from '@latch/testkit';
import type { SharedSessionWalletOptions } from '@latch/testkit';

export { verifyToySignature } from '@latch/testkit/toy';

/** The phone's Solana and toy keys (its EVM key is anvil's first account). */
export const SOLANA_SEED = '5e'.repeat(32);
export const TOY_KEY = '7c'.repeat(32);
export const TOY_ADDRESS = toyAddressFromSecretKey(TOY_KEY);

/** The three real local chains a shared session spans, with the phone's keys funded on each. */
export interface Chains {
  anvil: BareAnvilFixture;
  solana: SolanaRpcFixture;
  toy: ToyChain;
  evmAddress: `0x${string}`;
  solanaAddress: string;
  stop(): Promise<void>;
}

export async function startChains(): Promise<Chains> {
  const started = await Promise.allSettled([startAnvil({ deploy: false }), startSolanaRpc(), startToyChain()] as const);
  const [anvil, solana, toy] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined)) as [
    BareAnvilFixture?,
    SolanaRpcFixture?,
    ToyChain?,
  ];
  const stop = async () => void (await Promise.allSettled([anvil?.stop(), solana?.stop(), toy?.stop()]));
  const failed = started.find((result) => result.status === 'rejected');
  if (!anvil || !solana || !toy) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  const solanaAddress = await solanaAddressFromSeed(SOLANA_SEED);
  solana.airdrop(solanaAddress, 3_000_000_000n); // 3 SOL
  toy.fund(TOY_ADDRESS, 5_000_000n); // 5 TOY
  return { anvil, solana, toy, evmAddress: anvil.accounts[0]!.address as `0x${string}`, solanaAddress, stop };
}

/** The phone wallet's options: one real key per namespace, pointed at the local chains. */
export function walletOptions(chains: Chains, extra: Partial<SharedSessionWalletOptions> = {}): SharedSessionWalletOptions {
  const { anvil, solana, toy } = chains;
  return {
    eip155: {
      privateKey: anvil.accounts[0]!.privateKey,
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
      chainId: anvil.chainId,
    },
    solana: { secretKeySeed: SOLANA_SEED, chains: [{ chain: solana.caipNetworkId, rpcUrl: solana.rpcUrl }] },
    toy: { secretKey: TOY_KEY, rpcUrl: toy.rpcUrl },
    ...extra,
  };
}

export const verifyEvmSignature = ({ message, signature, address }: { message: string; signature: string; address: string }) =>
  verifyMessage({ address: address as `0x${string}`, message, signature: signature as `0x${string}` });

/** ed25519 over the message bytes with the key the base58 address is; the signature as bytes or base58. */
export function verifySolanaSignature({
  message,
  signature,
  address,
}: {
  message: string | Uint8Array;
  signature: string | Uint8Array;
  address: string;
}): boolean {
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message;
  return ed25519.verify(typeof signature === 'string' ? base58.decode(signature) : signature, bytes, base58.decode(address));
}

/**
 * One browser profile's `localStorage`, shared by the "page loads" of a test: the Solana and toy mocks (and the shared
 * wallet) read `globalThis.localStorage`, the EVM mock `window.localStorage`. Undo with `vi.unstubAllGlobals()`.
 */
export function stubBrowserStorage(): Storage {
  const storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', { localStorage: storage });
  return storage;
}
