import { LatchError, readUntrustedProperty } from '@latch/kernel';
import type { CaipNetwork } from '@latch/kernel';
import { POLKADOT_NAMESPACE } from './networks/polkadotNetwork.js';

export const invalid = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

export function assertPolkadotNetwork(network: CaipNetwork): void {
  if (readUntrustedProperty(network, 'chainNamespace') !== POLKADOT_NAMESPACE) {
    throw invalid(`Not a polkadot network: ${String(readUntrustedProperty(network, 'caipNetworkId'))}`);
  }
}
