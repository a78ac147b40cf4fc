/** Multicall3, deployed at the same address on every major EVM chain (and by the devnet on anvil). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** ENS Universal Resolver on the chains where ENS lives. */
export const ENS_UNIVERSAL_RESOLVERS: Readonly<Partial<Record<number, `0x${string}`>>> = {
  1: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe',
  11155111: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe',
};
/** §9 RPC timeout. */
export const RPC_TIMEOUT_MS = 10_000;
/** How long a silent reconnect waits for the stored wallet to announce itself. */
export const DEFAULT_RECONNECT_TIMEOUT_MS = 500;
/** Disconnect waits at most this long for a wallet to answer wallet_revokePermissions. */
export const REVOKE_TIMEOUT_MS = 1_000;
