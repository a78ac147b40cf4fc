import type { MockPolkadotExtension, MockPolkadotExtensionOptions } from './walletTypes.js';

/**
 * A mock polkadot extension with real keys (see buildMockPolkadotExtension). Async so that @polkadot/keyring and
 * @polkadot/types load only for the tests that use it, not with the rest of the testkit.
 */
export async function createMockPolkadotExtension(options: MockPolkadotExtensionOptions): Promise<MockPolkadotExtension> {
  const { buildMockPolkadotExtension } = await import('./mockExtension.js');
  return buildMockPolkadotExtension(options);
}

/** The SS58 address of a secret URI's sr25519 (or ed25519) key, in `ss58Format` (42 by default). */
export async function polkadotAddressFromUri(uri: string, ss58Format = 42, type: 'sr25519' | 'ed25519' = 'sr25519'): Promise<string> {
  const { Keyring } = await import('@polkadot/keyring');
  return new Keyring({ type, ss58Format }).addFromUri(uri).address;
}
