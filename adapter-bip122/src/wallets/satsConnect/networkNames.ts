import type { CaipNetworkId } from '@latch/kernel';
import {
  BITCOIN_MAINNET_CAIP_NETWORK_ID,
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  BITCOIN_SIGNET_CAIP_NETWORK_ID,
  BITCOIN_TESTNET4_CAIP_NETWORK_ID,
  BITCOIN_TESTNET_CAIP_NETWORK_ID,
} from '../../networks/chainIds.js';

/** sats-connect's `BitcoinNetworkType` names and the networks they are. */
const NETWORK_BY_NAME: ReadonlyMap<string, CaipNetworkId> = new Map([
  ['Mainnet', BITCOIN_MAINNET_CAIP_NETWORK_ID],
  ['Testnet', BITCOIN_TESTNET_CAIP_NETWORK_ID],
  ['Testnet4', BITCOIN_TESTNET4_CAIP_NETWORK_ID],
  ['Signet', BITCOIN_SIGNET_CAIP_NETWORK_ID],
  ['Regtest', BITCOIN_REGTEST_CAIP_NETWORK_ID],
]);

export function caipNetworkIdOfSatsName(name: unknown): CaipNetworkId | undefined {
  return typeof name === 'string' ? NETWORK_BY_NAME.get(name) : undefined;
}

export function satsNameOfCaipNetworkId(caipNetworkId: CaipNetworkId): string | undefined {
  for (const [name, id] of NETWORK_BY_NAME) if (id === caipNetworkId) return name;
  return undefined;
}
