import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { hexToU8a, isHex, u8aEq } from '@polkadot/util';
import { decodeAddress, encodeAddress } from '@polkadot/util-crypto';
import { createAuthorisationStore } from './authorisationStore.js';
import { signExtrinsicPayload, signWrappedBytes } from './payloadSigning.js';
import { signatureCancelled, siteNotAllowed, unknownAccount } from './walletError.js';
import type {
  MockInjected,
  MockInjectedAccount,
  MockPolkadotAccountConfig,
  MockPolkadotExtension,
  MockPolkadotExtensionOptions,
  MockPolkadotFailures,
} from './walletTypes.js';

const DEFAULT_SS58_FORMAT = 42;
const DEFAULT_VERSION = '0.63.1';
const EXTENSION_KEY = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

interface Account {
  pair: KeyringPair;
  name: string;
  type: 'sr25519' | 'ed25519';
}

function siteName(): string {
  return typeof location === 'undefined' ? 'this site' : location.origin;
}

/**
 * A polkadot{.js}-shaped extension with real sr25519 / ed25519 keys: `enable` prompts (and remembers) only a site it has
 * not authorised, `signRaw` signs the `<Bytes>`-wrapped data, `signPayload` signs the extrinsic payload the way the
 * extension does without metadata (a TypeRegistry told the payload's signed extensions).
 */
export function buildMockPolkadotExtension(options: MockPolkadotExtensionOptions): MockPolkadotExtension {
  const { key, version = DEFAULT_VERSION } = options;
  if (typeof key !== 'string' || !EXTENSION_KEY.test(key)) throw new TypeError(`mock polkadot extension: invalid key "${String(key)}"`);
  if (!Array.isArray(options.accounts) || options.accounts.length === 0)
    throw new TypeError('mock polkadot extension: at least one account');
  const ss58Format = options.ss58Format ?? DEFAULT_SS58_FORMAT;
  const keyrings = { sr25519: new Keyring({ type: 'sr25519' }), ed25519: new Keyring({ type: 'ed25519' }) };
  const toAccount = (config: MockPolkadotAccountConfig, index: number): Account => {
    const type = config.type ?? 'sr25519';
    return { pair: keyrings[type].addFromUri(config.uri), name: config.name ?? `Account ${index + 1}`, type };
  };
  let accounts = options.accounts.map(toAccount);
  const failures: MockPolkadotFailures = { rejectConnect: false, rejectSign: false, ...options.failures };
  const store = createAuthorisationStore(key);
  const subscribers = new Set<(accounts: MockInjectedAccount[]) => void>();
  let connectPrompts = 0;
  let requestId = 0;

  const listed = (format: number): MockInjectedAccount[] =>
    accounts.map(({ pair, name, type }) => ({ address: encodeAddress(pair.publicKey, format), name, type }));
  const notify = (list: MockInjectedAccount[]) => {
    for (const subscriber of [...subscribers]) subscriber(list);
  };
  function assertAuthorised(): void {
    if (!store.read()) throw siteNotAllowed(siteName());
  }
  function pairFor(address: unknown): KeyringPair {
    let publicKey: Uint8Array;
    try {
      publicKey = decodeAddress(address as string);
    } catch {
      throw unknownAccount(String(address));
    }
    const account = accounts.find(({ pair }) => u8aEq(pair.publicKey, publicKey));
    if (!account) throw unknownAccount(String(address));
    return account.pair;
  }
  /** Every signing request: the site must be authorised, the account shared, and the visitor must approve. */
  function approveSigning(address: unknown): KeyringPair {
    assertAuthorised();
    const pair = pairFor(address);
    if (failures.rejectSign) throw signatureCancelled();
    return pair;
  }

  const injected = (): MockInjected => ({
    accounts: {
      async get() {
        assertAuthorised();
        return listed(ss58Format);
      },
      subscribe(callback) {
        subscribers.add(callback);
        // The extension answers from its background page: the current list arrives just after subscribing.
        queueMicrotask(() => subscribers.has(callback) && store.read() && callback(listed(ss58Format)));
        return () => void subscribers.delete(callback);
      },
    },
    signer: {
      async signRaw({ address, data }) {
        const pair = approveSigning(address);
        if (!isHex(data)) throw new Error('Invalid data: expected hex');
        return { id: ++requestId, signature: signWrappedBytes(pair, hexToU8a(data)) };
      },
      async signPayload(payload) {
        const pair = approveSigning(payload.address);
        return { id: ++requestId, signature: signExtrinsicPayload(pair, payload) };
      },
    },
  });

  return {
    key,
    name: options.name ?? key,
    entry: Object.freeze({
      version,
      ...(options.icon ? { icon: options.icon } : {}),
      async enable(originName: string) {
        if (typeof originName !== 'string' || originName.trim() === '') throw new Error('enable(originName) needs the name of the dapp');
        if (!store.read()) {
          connectPrompts += 1; // the approval popup: shown only to a site the extension does not know
          if (failures.rejectConnect) throw siteNotAllowed(siteName());
          store.write(true);
        }
        return injected();
      },
    }),
    addresses: (format = ss58Format) => listed(format).map((account) => account.address),
    get connectPrompts() {
      return connectPrompts;
    },
    isAuthorised: () => store.read(),
    setFailure(name, value) {
      if (!(name in failures)) throw new TypeError(`mock polkadot extension: unknown failure "${String(name)}"`);
      failures[name] = value;
    },
    switchAccount(account) {
      const next = toAccount(typeof account === 'string' ? { uri: account } : account, accounts.length);
      accounts = [next, ...accounts.filter(({ pair }) => !u8aEq(pair.publicKey, next.pair.publicKey))];
      if (store.read()) notify(listed(ss58Format));
      return encodeAddress(next.pair.publicKey, ss58Format);
    },
    disconnectFromWallet() {
      store.write(false);
      notify([]);
      subscribers.clear();
    },
  };
}
