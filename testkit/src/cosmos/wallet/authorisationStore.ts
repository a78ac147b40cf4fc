import { browserStorage } from '../../pageStorage.js';
import type { MockCosmosWalletChain } from './types.js';

const KEY_PREFIX = 'latch-mock-cosmos-wallet';

/** What an extension remembers for this origin across reloads: the chains the site may use, and the chains it added. */
export interface CosmosAuthorisationStore {
  enabledChains(): Set<string>;
  setEnabledChains(chainIds: Iterable<string>): void;
  suggestedChains(): MockCosmosWalletChain[];
  setSuggestedChains(chains: readonly MockCosmosWalletChain[]): void;
}

function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

const isChain = (value: unknown): value is MockCosmosWalletChain =>
  typeof (value as MockCosmosWalletChain)?.chainId === 'string' && typeof (value as MockCosmosWalletChain)?.bech32Prefix === 'string';

/** `localStorage` keys `latch-mock-cosmos-wallet:<name>:enabled` and `:suggested` when there is storage, else memory. */
export function createCosmosAuthorisationStore(walletName: string): CosmosAuthorisationStore {
  const storage = browserStorage();
  const enabledKey = `${KEY_PREFIX}:${walletName}:enabled`;
  const suggestedKey = `${KEY_PREFIX}:${walletName}:suggested`;
  let enabled = new Set<string>();
  let suggested: MockCosmosWalletChain[] = [];
  const write = (key: string, value: unknown) => {
    try {
      storage?.setItem(key, JSON.stringify(value));
    } catch {
      // storage full or denied: it lasts as long as this page
    }
  };
  return {
    enabledChains() {
      const stored = readJson(storage, enabledKey);
      return storage && Array.isArray(stored) ? new Set(stored.filter((id): id is string => typeof id === 'string')) : new Set(enabled);
    },
    setEnabledChains(chainIds) {
      enabled = new Set(chainIds);
      write(enabledKey, [...enabled]);
    },
    suggestedChains() {
      const stored = readJson(storage, suggestedKey);
      return storage && Array.isArray(stored) ? stored.filter(isChain) : [...suggested];
    },
    setSuggestedChains(chains) {
      suggested = [...chains];
      write(suggestedKey, suggested);
    },
  };
}
