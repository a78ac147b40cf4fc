import { invalidOption } from '@latch/kernel/errors';
import { polkadotCaipNetworkId, type PolkadotNetwork } from './polkadotNetwork.js';

export interface PolkadotLocalnetOptions {
  /** The node's WebSocket RPC, e.g. a chopsticks node `ws://127.0.0.1:8000`. */
  rpcUrl: string;
  /** 0x and 64 hex characters: the CAIP-2 id is derived from it. */
  genesisHash: string;
  /** What the modal calls it; 'Polkadot Localnet' by default. */
  name?: string;
  /** The native token's decimals (12 by default, as a Substrate dev chain). */
  decimals?: number;
  /** The native token's symbol ('UNIT' by default, as a Substrate dev chain). */
  symbol?: string;
  /** The chain's address format (42, generic Substrate, by default). */
  ss58Format?: number;
}

const DEFAULTS = { name: 'Polkadot Localnet', decimals: 12, symbol: 'UNIT', ss58Format: 42 } as const;

function webSocketUrl(rpcUrl: string): string {
  let protocol: string | undefined;
  try {
    protocol = new URL(rpcUrl).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'ws:' && protocol !== 'wss:') throw invalidOption(`rpcUrl must be a ws(s) URL (got "${String(rpcUrl)}")`);
  return rpcUrl;
}

const nonEmpty = (value: unknown, what: string): string => {
  if (typeof value !== 'string' || value.trim() === '') throw invalidOption(`${what} must be a non-empty string`);
  return value;
};

/** A local Substrate node (a chopsticks fork, a dev node). Not a testnet, so the modal shows its balances (§5). */
export function createPolkadotLocalnet(options: PolkadotLocalnetOptions): PolkadotNetwork {
  const { genesisHash, name = DEFAULTS.name, decimals = DEFAULTS.decimals, symbol = DEFAULTS.symbol } = options;
  const ss58Format = options.ss58Format ?? DEFAULTS.ss58Format;
  const rpcUrl = webSocketUrl(options.rpcUrl);
  const caipNetworkId = polkadotCaipNetworkId(genesisHash);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) throw invalidOption(`decimals must be an integer 0 to 36`);
  if (!Number.isInteger(ss58Format) || ss58Format < 0 || ss58Format > 16_383 || ss58Format === 46 || ss58Format === 47) {
    throw invalidOption(`ss58Format must be an unreserved integer 0 to 16383 (got ${String(ss58Format)})`);
  }
  nonEmpty(symbol, 'symbol');
  return {
    id: caipNetworkId.slice('polkadot:'.length),
    name: nonEmpty(name, 'name'),
    caipNetworkId,
    chainNamespace: 'polkadot',
    nativeCurrency: { name: symbol, symbol, decimals },
    rpcUrls: { default: { http: [rpcUrl.replace(/^ws/, 'http')], webSocket: [rpcUrl] } },
    testnet: false,
    ss58Format,
  };
}
