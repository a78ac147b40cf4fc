/**
 * A WalletConnect key-value store that lives in memory, so each client in a test process has its own state and
 * nothing is written to disk (the Node default writes a `wc_storage` file in the working directory). Values are
 * stored as JSON, as the real stores do, so a client cannot share objects with the store.
 */
export class MemoryKeyValueStorage {
  private readonly entries = new Map<string, string>();

  async getKeys(): Promise<string[]> {
    return [...this.entries.keys()];
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.entries].map(([key, value]) => [key, JSON.parse(value) as T]);
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    const value = this.entries.get(key);
    return value === undefined ? undefined : (JSON.parse(value) as T);
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.entries.set(key, JSON.stringify(value));
  }

  async removeItem(key: string): Promise<void> {
    this.entries.delete(key);
  }
}
