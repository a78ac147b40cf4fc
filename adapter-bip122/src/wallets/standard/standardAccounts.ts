import { readUntrustedProperty, type CaipNetwork, type CaipNetworkId } from '@latch/kernel';
import type { WalletAccount } from '@wallet-standard/base';
import { bitcoinAddressType } from '../../address/bitcoinAddress.js';
import { addressFamilyOf } from '../../address/networkFamily.js';
import { readList } from '../../discovery/untrusted.js';
import {
  BITCOIN_MAINNET_CAIP_NETWORK_ID,
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  BITCOIN_SIGNET_CAIP_NETWORK_ID,
  BITCOIN_TESTNET4_CAIP_NETWORK_ID,
  BITCOIN_TESTNET_CAIP_NETWORK_ID,
} from '../../networks/chainIds.js';
import type { BitcoinAccount, BitcoinAccounts } from '../types.js';

/** The Bitcoin Wallet Standard's chain names (bitcoin:mainnet|testnet|regtest); testnet4 and signet wallets say testnet. */
const STANDARD_CHAIN: ReadonlyMap<string, string> = new Map([
  [BITCOIN_MAINNET_CAIP_NETWORK_ID, 'bitcoin:mainnet'],
  [BITCOIN_TESTNET_CAIP_NETWORK_ID, 'bitcoin:testnet'],
  [BITCOIN_TESTNET4_CAIP_NETWORK_ID, 'bitcoin:testnet'],
  [BITCOIN_SIGNET_CAIP_NETWORK_ID, 'bitcoin:testnet'],
  [BITCOIN_REGTEST_CAIP_NETWORK_ID, 'bitcoin:regtest'],
]);

export function standardChainOf(caipNetworkId: CaipNetworkId): string | undefined {
  return STANDARD_CHAIN.get(caipNetworkId);
}

/** Whether the wallet serves the network: it lists its chain, or lists no Bitcoin chain at all (taken at its word). */
export function servesNetwork(wallet: unknown, network: CaipNetwork): boolean {
  const chains = readList(readUntrustedProperty(wallet, 'chains'), 64).filter(
    (chain): chain is string => typeof chain === 'string' && chain.startsWith('bitcoin:'),
  );
  const chain = standardChainOf(network.caipNetworkId);
  return chains.length === 0 || (chain !== undefined && chains.includes(chain));
}

const hexOf = (bytes: unknown) =>
  bytes instanceof Uint8Array && (bytes.length === 32 || bytes.length === 33)
    ? Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
    : undefined;

export interface StandardAccounts {
  readonly accounts: BitcoinAccounts;
  /** The wallet's own account objects by address: features want them back as given. */
  readonly walletAccounts: ReadonlyMap<string, WalletAccount>;
}

/**
 * The payment and ordinals accounts among a wallet's (`bitcoin:connect` answers in the order of the purposes asked;
 * `wallet.accounts` has no order promise, so a Taproot address is taken as the ordinals one). Undefined when none is usable.
 */
export function readStandardAccounts(list: unknown, caipNetworkId: CaipNetworkId, ordered: boolean): StandardAccounts | undefined {
  const family = addressFamilyOf(caipNetworkId);
  const usable: { account: BitcoinAccount; walletAccount: WalletAccount }[] = [];
  for (const walletAccount of readList(list, 16)) {
    const address = readUntrustedProperty(walletAccount, 'address');
    const type = bitcoinAddressType(address, family ? [family] : undefined);
    if (typeof address !== 'string' || !type) continue;
    const publicKey = hexOf(readUntrustedProperty(walletAccount, 'publicKey'));
    usable.push({ account: { address, type, ...(publicKey ? { publicKey } : {}) }, walletAccount: walletAccount as WalletAccount });
  }
  if (usable.length === 0) return undefined;
  const [first, second] = ordered
    ? usable
    : [...usable.filter((u) => u.account.type !== 'p2tr'), ...usable.filter((u) => u.account.type === 'p2tr')];
  const payment = first!.account;
  const ordinal = second?.account;
  return {
    accounts: { payment, ...(ordinal ? { ordinal } : {}), caipNetworkId },
    walletAccounts: new Map(usable.map((u) => [u.account.address, u.walletAccount])),
  };
}
