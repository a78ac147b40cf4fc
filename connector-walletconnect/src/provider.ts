import { type DappMetadata, LatchError, retryableImport } from '@latch/kernel';
import type UniversalProvider from '@walletconnect/universal-provider';
import type { ConnectorSettings } from './settings.js';

// WalletConnect's libraries load with the first session; after a failed fetch the next try fetches them anew.
const universalProviderCode = /* @__PURE__ */ retryableImport(() => import('@walletconnect/universal-provider'));

/*
 * The UniversalProvider of one connector, made the way Latch needs it: no analytics, no provider ping, Verify only
 * when the integrator turned it on, the app's metadata; and pairing URIs that say when they expire.
 */

export type Provider = InstanceType<typeof UniversalProvider>;
type ProviderMetadata = NonNullable<Parameters<typeof UniversalProvider.init>[0]['metadata']>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * What the wallet shows about the app: the connector's own `metadata` field by field, else the modal's `metadata`
 * option, else the page's title and origin.
 */
export function dappMetadata(settings: ConnectorSettings, modal: DappMetadata | undefined): ProviderMetadata {
  const own = settings.metadata;
  const icons = own?.icons ?? (Array.isArray(modal?.icons) ? modal.icons.filter((icon) => text(icon)) : []);
  return {
    name: own?.name ?? text(modal?.name) ?? (typeof document === 'undefined' ? 'Latch' : document.title || location.host),
    description: own?.description ?? text(modal?.description) ?? '',
    url: own?.url ?? text(modal?.url) ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin),
    icons: [...icons],
    ...(own?.redirect ? { redirect: own.redirect } : {}),
  };
}

export async function createProvider(
  settings: ConnectorSettings,
  modal: DappMetadata | undefined,
  storagePrefix: string,
): Promise<Provider> {
  const { UniversalProvider } = await universalProviderCode();
  const up = await UniversalProvider.init({
    projectId: settings.projectId ?? '',
    relayUrl: settings.relayUrl,
    metadata: dappMetadata(settings, modal),
    customStoragePrefix: storagePrefix,
    ...(settings.storage ? { storage: settings.storage as never } : {}),
    // No pulse.walletconnect.org events, no provider ping through hosted RPCs.
    telemetryEnabled: false,
    disableProviderPing: true,
    logger: 'error',
  });
  if (!settings.verify) {
    // Verify loads a hidden iframe from verify.walletconnect.org for every proposal and request. The SDK (2.25) has
    // no setting for it: its dev-environment flag is its own way to skip it (e2e/walletconnect.spec.ts pins this).
    const verify = up.client.core.verify as unknown as { isDevEnv: boolean };
    verify.isDevEnv = true;
  }
  return up;
}

/**
 * The pairing URI with this connector's lifetime. The SDK writes its own 5 minutes into `expiryTimestamp`; a wallet
 * refuses a URI past it, so a code the page stopped showing cannot be scanned later.
 */
export async function expiringUri(up: Provider, topic: string | undefined, expiresAt: number): Promise<string> {
  const pairing = up.client.core.pairing.getPairings().find((each) => each.topic === topic);
  if (!topic || !pairing)
    throw new LatchError('The WalletConnect library created no pairing for this QR code', { category: 'CONNECTOR_ERROR' });
  const expiry = Math.floor(expiresAt / 1000);
  await up.client.core.pairing.updateExpiry({ topic, expiry });
  return up.client.core.pairing.formatUriFromPairing({ ...pairing, expiry });
}
