import { readUntrustedProperty } from '@latch/kernel';
import type { CaipNetwork } from '@latch/kernel';
import { isSs58Format } from './address.js';

/** Generic Substrate: the format of a chain that registered none, and what extensions answer by default. */
export const GENERIC_SS58_FORMAT = 42;
/**
 * The formats of the networks in networks/relayChains.ts by CAIP-2 id, written out rather than imported so that
 * using them here keeps the unused network definitions out of a host's bundle (networkInfo.test.ts checks they agree).
 */
const KNOWN_FORMATS: ReadonlyMap<string, number> = new Map([
  ['polkadot:91b171bb158e2d3848fa23a9f1c25182', 0],
  ['polkadot:b0a8d493285c2df73290dfb7e61f870f', 2],
  ['polkadot:e143f23803ac50e8f6f8e62695d1ce9e', 42],
  ['polkadot:68d56f15f85d3136970ec16946040bc1', 0],
  ['polkadot:48239ef607d7928874027a43a6768920', 2],
]);

/** The network's own `ss58Format` (see PolkadotNetwork), else the known one for its id, else generic Substrate. */
export function ss58FormatOf(network: CaipNetwork): number {
  const own = readUntrustedProperty(network, 'ss58Format');
  if (isSs58Format(own)) return own;
  return KNOWN_FORMATS.get(network.caipNetworkId) ?? GENERIC_SS58_FORMAT;
}
