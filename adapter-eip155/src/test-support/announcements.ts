import { ANNOUNCE_PROVIDER_EVENT } from '../discovery/eip6963.js';

/*
 * Wallet-side helpers for discovery tests: what a browser extension does on the page. The providers
 * here are never asked anything (discovery only reads them); connect/switch tests use the testkit's
 * real EIP-1193 wallet against anvil.
 */

export const SVG_ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

export function walletDetail(
  rdns: string,
  overrides: { uuid?: unknown; name?: unknown; icon?: unknown; rdns?: unknown; provider?: unknown } = {},
) {
  const provider = 'provider' in overrides ? overrides.provider : { request: async () => null };
  return {
    info: {
      uuid: 'uuid' in overrides ? overrides.uuid : crypto.randomUUID(),
      name: 'name' in overrides ? overrides.name : `Wallet ${rdns}`,
      icon: 'icon' in overrides ? overrides.icon : SVG_ICON,
      rdns: 'rdns' in overrides ? overrides.rdns : rdns,
    },
    provider,
  };
}

export function announce(target: EventTarget, detail: unknown): void {
  target.dispatchEvent(new CustomEvent(ANNOUNCE_PROVIDER_EVENT, { detail }));
}

/** An event target standing in for `window`, with an optional injected `ethereum`. */
export function createPage(ethereum?: unknown): EventTarget & { ethereum?: unknown } {
  const page = new EventTarget() as EventTarget & { ethereum?: unknown };
  if (ethereum !== undefined) page.ethereum = ethereum;
  return page;
}
