import type { WalletIcon } from '@wallet-standard/base';
import { MOCK_WALLET_INFO } from '../mockWallet/walletInfo.js';

/**
 * The name of the EVM mock wallet (`MOCK_WALLET_INFO`): a Solana mock wallet registered under it plays the Wallet
 * Standard side of the same multi-chain extension, so a modal can merge the two entries.
 */
export const MULTICHAIN_WALLET_NAME = MOCK_WALLET_INFO.name;

/** A Solana-only mock wallet. */
export const MOCK_SOLANA_WALLET_NAME = 'Latch Solana Wallet';

export const MULTICHAIN_WALLET_ICON = MOCK_WALLET_INFO.icon as WalletIcon;

// A white-and-green padlock on purple, pre-encoded so importing does no work.
export const MOCK_SOLANA_WALLET_ICON: WalletIcon =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA5NiA5NiI+PHJlY3Qgd2lkdGg9Ijk2IiBoZWlnaHQ9Ijk2IiByeD0iMjQiIGZpbGw9IiM5OTQ1ZmYiLz48cGF0aCBkPSJNMzQgNDR2LThhMTQgMTQgMCAwIDEgMjggMHY4IiBmaWxsPSJub25lIiBzdHJva2U9IiNmZmZmZmYiIHN0cm9rZS13aWR0aD0iOCIgc3Ryb2tlLWxpbmVjYXA9InJvdW5kIi8+PHJlY3QgeD0iMjYiIHk9IjQ0IiB3aWR0aD0iNDQiIGhlaWdodD0iMzIiIHJ4PSI4IiBmaWxsPSIjMTRmMTk1Ii8+PC9zdmc+';
