/**
 * The genesis hash every local Solana RPC fixture reports. It is a readable base58 string that decodes to exactly
 * 32 bytes, like a real genesis hash, and never changes, so an app can list the local network statically.
 */
export const LOCAL_SOLANA_GENESIS_HASH = 'LatchLoca1So1anaGenesisHash1111111111111111';

/** CAIP-2 id of the 'Local Solana' network: `solana:` + the first 32 characters of the genesis hash. */
export const LOCAL_SOLANA_CAIP_NETWORK_ID = `solana:${LOCAL_SOLANA_GENESIS_HASH.slice(0, 32)}` as const;

export const LOCAL_SOLANA_NETWORK_NAME = 'Local Solana';

/** What `getVersion` reports: the agave release whose RPC wire format the fixture follows. */
export const LOCAL_SOLANA_RPC_VERSION = { 'solana-core': '2.3.13', 'feature-set': 3294202862 } as const;

export const LAMPORTS_PER_SIGNATURE = 5000n;
