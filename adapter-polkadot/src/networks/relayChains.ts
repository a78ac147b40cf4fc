/** The Polkadot and Kusama relay chains and the Westend testnet, with their Asset Hubs (balances live there since 2025). */
import type { PolkadotNetwork } from './polkadotNetwork.js';

const subscan = (host: string) => ({ default: { name: 'Subscan', url: `https://${host}.subscan.io` } });
const rpc = (host: string) => ({ default: { http: [`https://${host}`], webSocket: [`wss://${host}`] } });

const DOT = { name: 'Polkadot', symbol: 'DOT', decimals: 10 } as const;
const KSM = { name: 'Kusama', symbol: 'KSM', decimals: 12 } as const;
const WND = { name: 'Westend', symbol: 'WND', decimals: 12 } as const;

/** Genesis 0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3. */
export const polkadot = {
  id: '91b171bb158e2d3848fa23a9f1c25182',
  name: 'Polkadot',
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  nativeCurrency: DOT,
  rpcUrls: rpc('rpc.polkadot.io'),
  blockExplorers: subscan('polkadot'),
  testnet: false,
  ss58Format: 0,
} as const satisfies PolkadotNetwork;

/** Genesis 0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe. */
export const kusama = {
  id: 'b0a8d493285c2df73290dfb7e61f870f',
  name: 'Kusama',
  caipNetworkId: 'polkadot:b0a8d493285c2df73290dfb7e61f870f',
  chainNamespace: 'polkadot',
  nativeCurrency: KSM,
  rpcUrls: rpc('kusama-rpc.polkadot.io'),
  blockExplorers: subscan('kusama'),
  testnet: false,
  ss58Format: 2,
} as const satisfies PolkadotNetwork;

/** Genesis 0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e. */
export const westend = {
  id: 'e143f23803ac50e8f6f8e62695d1ce9e',
  name: 'Westend',
  caipNetworkId: 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e',
  chainNamespace: 'polkadot',
  nativeCurrency: WND,
  rpcUrls: rpc('westend-rpc.polkadot.io'),
  blockExplorers: subscan('westend'),
  testnet: true,
  ss58Format: 42,
} as const satisfies PolkadotNetwork;

/** Polkadot Asset Hub (Statemint), genesis 0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f. */
export const polkadotAssetHub = {
  id: '68d56f15f85d3136970ec16946040bc1',
  name: 'Polkadot Asset Hub',
  caipNetworkId: 'polkadot:68d56f15f85d3136970ec16946040bc1',
  chainNamespace: 'polkadot',
  nativeCurrency: DOT,
  rpcUrls: rpc('polkadot-asset-hub-rpc.polkadot.io'),
  blockExplorers: subscan('assethub-polkadot'),
  testnet: false,
  ss58Format: 0,
} as const satisfies PolkadotNetwork;

/** Kusama Asset Hub (Statemine), genesis 0x48239ef607d7928874027a43a67689209727dfb3d3dc5e5b03a39bdc2eda771a. */
export const kusamaAssetHub = {
  id: '48239ef607d7928874027a43a6768920',
  name: 'Kusama Asset Hub',
  caipNetworkId: 'polkadot:48239ef607d7928874027a43a6768920',
  chainNamespace: 'polkadot',
  nativeCurrency: KSM,
  rpcUrls: rpc('kusama-asset-hub-rpc.polkadot.io'),
  blockExplorers: subscan('assethub-kusama'),
  testnet: false,
  ss58Format: 2,
} as const satisfies PolkadotNetwork;
