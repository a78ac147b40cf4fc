import { LatchError, readUntrustedProperty } from '@latch/kernel';
import type { CaipNetwork } from '@latch/kernel';
import { isSs58Format } from './address.js';
import { POLKADOT_NAMESPACE } from './networks/polkadotNetwork.js';
import { kusama, kusamaAssetHub, polkadot, polkadotAssetHub, westend } from './networks/relayChains.js';

/** Generic Substrate: the format of a chain that registered none, and what extensions answer by default. */
export const GENERIC_SS58_FORMAT = 42;
const KNOWN_FORMATS: ReadonlyMap<string, number> = new Map(
  [polkadot, kusama, westend, polkadotAssetHub, kusamaAssetHub].map((network) => [network.caipNetworkId, network.ss58Format]),
);

/** The network's own `ss58Format` (see PolkadotNetwork), else the known one for its id, else generic Substrate. */
export function ss58FormatOf(network: CaipNetwork): number {
  const own = readUntrustedProperty(network, 'ss58Format');
  if (isSs58Format(own)) return own;
  return KNOWN_FORMATS.get(network.caipNetworkId) ?? GENERIC_SS58_FORMAT;
}

const invalid = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

export function assertPolkadotNetwork(network: CaipNetwork): void {
  if (readUntrustedProperty(network, 'chainNamespace') !== POLKADOT_NAMESPACE) {
    throw invalid(`Not a polkadot network: ${String(readUntrustedProperty(network, 'caipNetworkId'))}`);
  }
}

/**
 * The node to talk to over WebSocket (subscriptions follow a transfer into a block): `rpcUrls.default.webSocket[0]`,
 * else `http[0]` with its scheme changed, since a Substrate node serves both on one port.
 */
export function endpointOf(network: CaipNetwork): string {
  const urls = network.rpcUrls?.default;
  const candidate = urls?.webSocket?.[0] ?? urls?.http?.[0]?.replace(/^http(s?):/i, 'ws$1:');
  if (typeof candidate !== 'string' || !/^wss?:\/\/\S+$/i.test(candidate)) {
    throw invalid(`Network ${network.caipNetworkId} has no WebSocket RPC URL`);
  }
  return candidate;
}
