import { LatchError } from '@latch/kernel';
/*
 * What the frame keeps in its own origin's storage: per user and wallet, the device share sealed with AES-GCM under a
 * non-extractable WebCrypto key (the CryptoKey object itself is stored; IndexedDB structured-clones it without
 * ever exposing its bytes), and per project the service's bearer session token. Nothing here is posted to the host.
 */

/** A small key-value store; IndexedDB in the browser (`openIndexedDbStore`), a Map in unit tests. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface StoredSession {
  token: string;
  userId: string;
  email: string;
  /** The social login (or Farcaster) the session came from; absent for e-mail. */
  social?: { provider: string; username?: string };
}

/** The visitor's account settings on this device, per project and user (§3: the embedded wallet's own storage keeps them). */
export interface AccountPreferences {
  preferredAccountType?: 'eoa' | 'smartAccount';
  /** The eip155 chain ids the smart account is offered on, as the page last declared them. */
  smartAccountEnabledNetworks?: number[];
}

interface SealedShare {
  key: CryptoKey;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

export interface DeviceStore {
  /** `wallet`: which wallet of which user (`deviceShareKey`). */
  sealDeviceShare(wallet: string, share: Uint8Array): Promise<void>;
  /** The device share, or undefined when this device has none (or it can no longer be opened). */
  openDeviceShare(wallet: string): Promise<Uint8Array | undefined>;
  forgetDeviceShare(wallet: string): Promise<void>;
  saveSession(projectId: string, session: StoredSession): Promise<void>;
  loadSession(projectId: string): Promise<StoredSession | undefined>;
  clearSession(projectId: string): Promise<void>;
  /** Merges `patch` into the stored preferences and resolves with the result. */
  savePreferences(projectId: string, userId: string, patch: AccountPreferences): Promise<AccountPreferences>;
  /** What is stored, checked field by field (a value of another shape is dropped). */
  loadPreferences(projectId: string, userId: string): Promise<AccountPreferences>;
}

export function createDeviceStore(store: KeyValueStore): DeviceStore {
  const shareKey = (wallet: string) => `share:${wallet}`;
  const sessionKey = (projectId: string) => `session:${projectId}`;
  const preferencesKey = (projectId: string, userId: string) => `account:${projectId}:${userId}`;
  async function loadPreferences(projectId: string, userId: string): Promise<AccountPreferences> {
    const stored = (await store.get(preferencesKey(projectId, userId))) as Record<string, unknown> | undefined;
    const type = stored?.preferredAccountType;
    const networks = stored?.smartAccountEnabledNetworks;
    return {
      ...(type === 'eoa' || type === 'smartAccount' ? { preferredAccountType: type } : {}),
      ...(Array.isArray(networks) && networks.every((id) => Number.isInteger(id) && id > 0)
        ? { smartAccountEnabledNetworks: networks as number[] }
        : {}),
    };
  }
  return {
    async sealDeviceShare(wallet, share) {
      const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const plain = new Uint8Array(share);
      const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
      plain.fill(0);
      await store.put(shareKey(wallet), { key, iv, ciphertext } satisfies SealedShare);
    },
    async openDeviceShare(wallet) {
      const sealed = (await store.get(shareKey(wallet))) as SealedShare | undefined;
      if (!sealed?.key || !sealed.iv || !sealed.ciphertext) return undefined;
      try {
        const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, sealed.key, sealed.ciphertext);
        return new Uint8Array(plain);
      } catch {
        return undefined;
      }
    },
    forgetDeviceShare: (wallet) => store.delete(shareKey(wallet)),
    saveSession: (projectId, session) => store.put(sessionKey(projectId), session),
    async loadSession(projectId) {
      const session = (await store.get(sessionKey(projectId))) as Partial<StoredSession> | undefined;
      if (typeof session?.token !== 'string' || typeof session.userId !== 'string' || typeof session.email !== 'string') return undefined;
      const social = session.social;
      return {
        token: session.token,
        userId: session.userId,
        email: session.email,
        ...(typeof social?.provider === 'string'
          ? { social: { provider: social.provider, ...(typeof social.username === 'string' ? { username: social.username } : {}) } }
          : {}),
      };
    },
    clearSession: (projectId) => store.delete(sessionKey(projectId)),
    async savePreferences(projectId, userId, patch) {
      const next = { ...(await loadPreferences(projectId, userId)), ...patch };
      await store.put(preferencesKey(projectId, userId), next);
      return next;
    },
    loadPreferences,
  };
}

/** A Map-backed store (tests, and the fallback when IndexedDB is unavailable, e.g. storage partitioning off). */
export function createMemoryStore(): KeyValueStore {
  const map = new Map<string, unknown>();
  return {
    get: async (key) => map.get(key),
    put: async (key, value) => void map.set(key, value),
    delete: async (key) => void map.delete(key),
  };
}

const DB_NAME = 'latch-embedded';
const STORE_NAME = 'kv';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new LatchError('IndexedDB request failed'));
  });
}

/** The frame origin's IndexedDB database `latch-embedded`, one object store of structured-cloned values. */
export async function openIndexedDbStore(): Promise<KeyValueStore> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE_NAME);
  const db = await promised(open);
  const read = (key: string): Promise<unknown> => promised(db.transaction(STORE_NAME, 'readonly').objectStore(STORE_NAME).get(key));
  // A write counts once its transaction committed, not when the request succeeded.
  const write = (action: (store: IDBObjectStore) => void): Promise<void> =>
    new Promise((resolve, reject) => {
      const transaction = db.transaction(STORE_NAME, 'readwrite');
      action(transaction.objectStore(STORE_NAME));
      transaction.oncomplete = () => resolve();
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new LatchError('IndexedDB write failed'));
    });
  return {
    get: read,
    put: (key, value) => write((store) => store.put(value, key)),
    delete: (key) => write((store) => store.delete(key)),
  };
}
