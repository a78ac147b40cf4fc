import { createPublicClient, getAddress, http, isHex, verifyMessage, type Hex, type PublicClient } from 'viem';
import { SiwxVerificationError } from './SiwxVerificationError.js';
import type { SiwxVerifier } from './verifier.js';

export interface Eip155VerifierOptions {
  /** `{ 'eip155:1': 'https://…' }`: the node asked about smart accounts (ERC-1271, ERC-6492) on that chain. */
  rpcUrls?: Readonly<Record<string, string>>;
}

/**
 * EIP-191 signatures of plain accounts; with the chain's RPC URL also smart accounts, deployed
 * (ERC-1271) or not yet (ERC-6492), through viem's verification against the chain.
 */
export function createEip155Verifier(options: Eip155VerifierOptions = {}): SiwxVerifier {
  const clients = new Map<string, PublicClient>();
  const clientFor = (url: string) => {
    let client = clients.get(url);
    if (!client) clients.set(url, (client = createPublicClient({ transport: http(url, { retryCount: 1, timeout: 10_000 }) })));
    return client;
  };
  return {
    namespace: 'eip155',
    async verify({ data, message, signature }) {
      if (getAddress(data.address) !== data.address) {
        throw new SiwxVerificationError(
          'MALFORMED_MESSAGE',
          `Invalid address: EIP-4361 wants the EIP-55 checksummed form ${getAddress(data.address)}`,
        );
      }
      if (!isHex(signature) || signature.length < 4) return false;
      const url = options.rpcUrls?.[data.caipNetworkId];
      const request = { address: data.address as Hex, message, signature: signature as Hex };
      // An unreachable node is an error, not a refusal: only the offline check maps a throw to false.
      if (url) return clientFor(url).verifyMessage(request);
      return verifyMessage(request).catch(() => false);
    },
  };
}
