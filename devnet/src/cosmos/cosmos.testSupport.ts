import type { MockCosmosWalletChain } from '@latch/testkit';

/** Test keys: 32 bytes of one repeated byte (each file uses its own, so nothing collides). */
export const privateKey = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);
/** The BIP-39 test vector every Cosmos tool documents (its cosmos1… address is well known). */
export const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** Its address at m/44'/118'/0'/0/0, as Keplr and `gaiad keys add --recover` show it. */
export const TEST_MNEMONIC_ADDRESS = 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4';
export const LOCAL_CHAIN: MockCosmosWalletChain = { chainId: 'latch-local-1', bech32Prefix: 'cosmos' };
