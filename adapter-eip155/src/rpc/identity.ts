import type { Address } from 'viem';
import { getEnsAvatar, getEnsName } from 'viem/actions';
import type { NetworkClient } from './client.js';

export interface Identity {
  name?: string;
  avatar?: string;
}

/** ENS primary name (reverse record, forward-verified by the Universal Resolver) and its avatar. */
export async function readEnsIdentity(client: NetworkClient, address: string): Promise<Identity> {
  const name = await getEnsName(client, { address: address as Address });
  if (!name) return {};
  // A broken avatar record must not hide a valid name.
  const avatar = await getEnsAvatar(client, { name }).catch(() => null);
  return avatar ? { name, avatar } : { name };
}
