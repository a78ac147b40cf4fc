/*
 * What both sides of a shared session agree on: the wallet's default identity, the global a page finds it on and the
 * names its providers persist under. No imports: the connector (browser, tiny) and the wallet (heavy) both read it.
 */

/** The shared-session wallet's default id; the connector's id too, so the modal lists it under this name. */
export const SHARED_WALLET_ID = 'io.latch.sharedwallet';
export const SHARED_WALLET_NAME = 'Latch Shared Wallet';

// A white padlock with three pairing dots on burnt orange, pre-encoded so importing does no work.
export const SHARED_WALLET_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA5NiA5NiI+PHJlY3Qgd2lkdGg9Ijk2IiBoZWlnaHQ9Ijk2IiByeD0iMjQiIGZpbGw9IiNjMjQxMGMiLz48cGF0aCBkPSJNMzQgNDR2LThhMTQgMTQgMCAwIDEgMjggMHY4IiBmaWxsPSJub25lIiBzdHJva2U9IiNmZmZmZmYiIHN0cm9rZS13aWR0aD0iOCIgc3Ryb2tlLWxpbmVjYXA9InJvdW5kIi8+PHJlY3QgeD0iMjYiIHk9IjQ0IiB3aWR0aD0iNDQiIGhlaWdodD0iMzIiIHJ4PSI4IiBmaWxsPSIjZmZmZmZmIi8+PGNpcmNsZSBjeD0iMzgiIGN5PSI2MCIgcj0iNCIgZmlsbD0iI2MyNDEwYyIvPjxjaXJjbGUgY3g9IjQ4IiBjeT0iNjAiIHI9IjQiIGZpbGw9IiNjMjQxMGMiLz48Y2lyY2xlIGN4PSI1OCIgY3k9IjYwIiByPSI0IiBmaWxsPSIjYzI0MTBjIi8+PC9zdmc+';

/** Where `installSharedSessionWallet` puts the wallet, and where the connector looks for it when asked to connect. */
export const SHARED_WALLET_GLOBAL = '__latchSharedWallet';

/** The namespaces a shared-session wallet can serve, in the order it lists them. */
export const SHARED_WALLET_NAMESPACES = Object.freeze(['eip155', 'solana', 'toy'] as const);

/** The `localStorage` key of a wallet's approved session: `latch-shared-wallet:<id>:session`. */
export const sharedSessionKey = (walletId: string) => `latch-shared-wallet:${walletId}:session`;

/** The names the wallet's providers persist their own authorisation under, derived from the wallet id. */
export const providerNames = (walletId: string) =>
  Object.freeze({
    /** The EVM provider's `rdns`: `latch-mock-wallet:<rdns>:connected`. */
    eip155: `${walletId}.eip155`,
    /** The Solana wallet's name: `latch-mock-solana-wallet:<name>:connected`. */
    solana: `${walletId}.solana`,
    /** The toy wallet's id: `latch-toy-wallet:<id>:connected`. */
    toy: `${walletId}.toy`,
  });
