import type { DemoConfig } from './config.js';

/** Where the page remembers which test wallets the visitor added (this tab only, until it closes). */
const KEY = 'latch-demo-test-wallets';

/** The namespaces whose test wallet the visitor added in this tab (only those the server offers). */
export function addedTestWallets(config: DemoConfig): string[] {
  try {
    const added = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(added) ? added.filter((ns): ns is string => typeof ns === 'string' && Boolean(config.testWallets?.[ns])) : [];
  } catch {
    return [];
  }
}

/** Adds or removes one and reloads: the wallet is on the page from its first script on, as an extension is. */
export function setTestWallet(config: DemoConfig, namespace: string, added: boolean): void {
  const next = new Set(addedTestWallets(config));
  if (added) next.add(namespace);
  else next.delete(namespace);
  sessionStorage.setItem(KEY, JSON.stringify([...next]));
  location.reload();
}

/** Runs the added test wallets' scripts (served by the demo server) before the modal starts looking for wallets. */
export async function loadTestWallets(config: DemoConfig): Promise<void> {
  await Promise.all(
    addedTestWallets(config).map(
      (namespace) =>
        new Promise<void>((resolve) => {
          const script = document.createElement('script');
          script.src = `/test-wallets/${namespace}.js`;
          // A wallet that fails to load is simply not there, as a missing extension would not be.
          script.onload = script.onerror = () => resolve();
          document.head.appendChild(script);
        }),
    ),
  );
}
