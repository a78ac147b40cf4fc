import type { Address } from 'viem';
import { getEnsAddress } from 'viem/actions';
import { toLatchError, type CaipNetwork } from '@latch/kernel';
import { toChecksumAddress } from './address.js';
import { ENS_UNIVERSAL_RESOLVERS } from './constants.js';
import { chainIdOf } from './provider.js';
import type { NetworkClient } from './rpc/client.js';

export interface NameOptions {
  /** Universal Resolver per chain id, over the built-in ones. */
  ensUniversalResolvers?: Readonly<Partial<Record<number, `0x${string}`>>>;
  /** ENSIP-15 normalisation (e.g. viem's `normalize` from 'viem/ens'); without it only plain ASCII names resolve. */
  normalizeEnsName?: (name: string) => string;
}

/** A dotted name without spaces: anything else is not asked. */
export function looksLikeName(name: string): boolean {
  return typeof name === 'string' && name.length <= 255 && /^[^\s.]+(?:\.[^\s.]+)+$/u.test(name);
}

/**
 * What ENSIP-15 makes of a plain ASCII name: lowercase letters, digits and hyphens, underscores only
 * at a label's start, no `xx--` label. Undefined for anything else (emoji, other scripts…), since
 * normalising those needs the full ENSIP-15 tables, which an integrator can pass as `normalize`.
 */
export function normalizeAsciiName(name: string): string | undefined {
  const lower = name.toLowerCase();
  const labels = lower.split('.');
  return labels.every((label) => /^_*[a-z0-9-]+$/.test(label) && label.slice(2, 4) !== '--') ? lower : undefined;
}

/** The address an ENS name points to on `network`, through its Universal Resolver; undefined when it has none. */
export async function resolveEnsName(
  name: string,
  network: CaipNetwork,
  clientFor: (network: CaipNetwork) => Promise<NetworkClient>,
  options: NameOptions,
): Promise<string | undefined> {
  const candidate = typeof name === 'string' ? name.trim() : '';
  if (!looksLikeName(candidate)) return undefined;
  const chainId = chainIdOf(network);
  const universalResolverAddress = options.ensUniversalResolvers?.[chainId] ?? ENS_UNIVERSAL_RESOLVERS[chainId];
  if (!universalResolverAddress) return undefined;
  let normalized: string | undefined;
  try {
    normalized = options.normalizeEnsName ? options.normalizeEnsName(candidate) : normalizeAsciiName(candidate);
  } catch {
    return undefined; // not a valid name: it points nowhere
  }
  if (!normalized) return undefined;
  try {
    const client = await clientFor(network);
    // No CCIP-Read: an off-chain name would make the modal call a gateway host instead of the network's RPC.
    const address = await getEnsAddress({ ...client, ccipRead: false }, { name: normalized, universalResolverAddress });
    return address ? toChecksumAddress(address as Address) : undefined;
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
}
