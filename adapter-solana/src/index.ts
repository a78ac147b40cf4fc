/**
 * @latch/adapter-solana — the Solana chain adapter for Latch.
 * Importing this module does nothing; @solana/kit loads only when a balance, fee, signature or transfer is needed.
 */
export { createSolanaAdapter, SOLANA_SIGN_IN_CAPABILITY, type SolanaAdapterOptions, type SolanaSignInCapability } from './adapter.js';
export type { SolanaRpcOptions } from './rpc/client.js';
export type { SolanaSignInResult } from './signing.js';
export type { SolanaTokenConfig, SolanaTokenConfigEntry } from './tokens.js';
export { readSolanaWallet, connectorIdOf, type SolanaWallet } from './discovery/walletStandard.js';
export { chainMatchesNetwork, walletChainFor, LOCALNET_CHAIN } from './chains.js';
