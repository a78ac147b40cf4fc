// Enable, accounts and the accounts subscription of the one extension the visitor picked, through
// @polkadot/extension-dapp (web3Enable, web3FromSource, web3Accounts, web3AccountsSubscribe). The library sees only
// the adapter's page (extensionPage.ts), and on it only that extension, wrapped so the adapter keeps its answer.
import { readUntrustedProperty } from '@latch/kernel';
import { web3Accounts, web3AccountsSubscribe, web3Enable, web3FromSource } from '@polkadot/extension-dapp';
import { decodeAddress } from '../address.js';
import { type ExtensionAccount, parseAccounts } from '../extension.js';
import { malformedAnswer, toWalletError, walletCall } from '../walletErrors.js';
import { page } from './extensionPage.js';

/** Substrate keys; Ethereum-type accounts of an extension are not Polkadot accounts. */
const SUBSTRATE_KEY_TYPES = ['sr25519', 'ed25519', 'ecdsa'] as const;

export interface EnabledExtension {
  /** What the extension's enable() resolved (web3FromSource): accounts and signer. */
  readonly injected: object;
  /** The Substrate accounts it shares (web3Accounts), the active one first. */
  readonly accounts: ExtensionAccount[];
  /** Hands the extension's account lists (web3AccountsSubscribe) to `onAccounts`; the function returned stops them. */
  follow(onAccounts: (list: unknown) => void): () => void;
  /** Stops the subscription of an extension the adapter does not keep (it shared no account). */
  close(): void;
}

/** What the wrapped extension answered web3Enable: kept here, since the library drops a refusal. */
interface Answer {
  error?: unknown;
  /** Why the extension's account list failed (the library reads a failing `get()` as no account at all). */
  accountsError?: unknown;
  /**
   * Each account's address as the extension wrote it, by account id: the library rewrites addresses into the generic
   * format, and the extension (a WalletConnect wallet, say) expects its own string back when asked to sign.
   */
  written: Map<string, string>;
}

const accountId = (publicKey: Uint8Array): string => publicKey.join(',');

/** A list the library mapped, with each address back as the extension wrote it. */
function asWritten(list: unknown, answer: Answer): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((item) => {
    const decoded = decodeAddress(readUntrustedProperty(item, 'address'));
    const written = decoded && answer.written.get(accountId(decoded.publicKey));
    return written && item && typeof item === 'object' ? { ...item, address: written } : item;
  });
}

/** Whether the adapter can read an entry of an account list: a Substrate (SS58) address, not an Ethereum key. */
function isReadableAccount(item: unknown): boolean {
  return readUntrustedProperty(item, 'type') !== 'ethereum' && decodeAddress(readUntrustedProperty(item, 'address')) !== undefined;
}

/** The readable entries of an untrusted account list (anything but an array is an empty list), each address noted. */
function readableEntries(list: unknown, answer: Answer): unknown[] {
  const readable = Array.isArray(list) ? list.filter(isReadableAccount) : [];
  for (const item of readable) {
    const address = readUntrustedProperty(item, 'address') as string;
    const decoded = decodeAddress(address);
    if (decoded) answer.written.set(accountId(decoded.publicKey), address);
  }
  return readable;
}

/**
 * The extension's answer as the library gets it: its signer and metadata as they are, its account lists cut to the
 * entries the adapter can read. The library maps a list whole or not at all, so without this one entry it cannot
 * decode would hide every account of the extension; and a `get()` that fails keeps its error for the adapter.
 */
function withReadableAccounts(injected: unknown, answer: Answer): unknown {
  const accounts = readUntrustedProperty(injected, 'accounts');
  const get = readUntrustedProperty(accounts, 'get');
  if (typeof get !== 'function') return injected; // the library drops it: the adapter reports a malformed authorisation
  const subscribe = readUntrustedProperty(accounts, 'subscribe');
  return {
    signer: readUntrustedProperty(injected, 'signer'),
    metadata: readUntrustedProperty(injected, 'metadata'),
    provider: readUntrustedProperty(injected, 'provider'),
    accounts: {
      get: () =>
        walletCall(() => get.call(accounts)).then(
          (list) => readableEntries(list, answer),
          (error: unknown) => {
            answer.accountsError = error;
            throw error;
          },
        ),
      subscribe:
        typeof subscribe === 'function'
          ? (onList: (list: unknown[]) => void) => subscribe.call(accounts, (list: unknown) => onList(readableEntries(list, answer)))
          : undefined,
    },
  };
}

/**
 * The extension as the library sees it: `enable` calls its `enable` (or the newer `connect`), and a refusal keeps its
 * error (a LatchError, 4001 when the visitor said no) for the adapter before the library drops it.
 */
function wrapEntry(entry: object, answer: Answer, onRead: () => void): object {
  const version = readUntrustedProperty(entry, 'version');
  return {
    version: typeof version === 'string' ? version : 'unknown',
    enable: async (appName: string) => {
      onRead(); // the library has read the page: the next call may put its own extension there
      const enable = readUntrustedProperty(entry, 'enable');
      const connect = readUntrustedProperty(entry, 'connect');
      try {
        const injected = await walletCall(() =>
          typeof enable === 'function' ? enable.call(entry, appName) : (connect as (name: string) => unknown).call(entry, appName),
        );
        return withReadableAccounts(injected, answer);
      } catch (error) {
        answer.error = error;
        throw error;
      }
    },
  };
}

/**
 * The library reads the page a few microtasks after web3Enable is called: one call at a time puts its extension
 * there, and the next waits until the library has read it (not for the extension's answer, which may never come).
 */
let pageRead: Promise<void> = Promise.resolve();

/** web3Enable on the one extension `entry` (under `source`), then its accounts and subscription, all via the library. */
export async function enableExtension(source: string, entry: object, appName: string, walletName: string): Promise<EnabledExtension> {
  const previous = pageRead;
  let free: () => void = () => undefined;
  pageRead = new Promise<void>((resolve) => (free = resolve));
  await previous;
  const answer: Answer = { written: new Map() };
  const shown = { [source]: wrapEntry(entry, answer, () => release()) };
  // Once read, the page shows nothing again, and the next call may put its own extension there.
  const release = () => {
    if (page.injectedWeb3 === shown) page.injectedWeb3 = {};
    free();
  };
  page.injectedWeb3 = shown;
  let enabled: Promise<unknown>;
  try {
    enabled = web3Enable(appName);
  } catch (error) {
    release();
    throw toWalletError(error); // web3Enable refuses an empty app name
  }
  // Each of these reads the library's current web3Enable now, so they answer for this call whatever comes next.
  const fromSource = web3FromSource(source);
  const accounts = web3Accounts({ extensions: [source], accountType: [...SUBSTRATE_KEY_TYPES] });
  let listener: ((list: unknown) => void) | undefined;
  let latest: unknown;
  const onList = (mapped: unknown) => {
    const list = asWritten(mapped, answer);
    latest = list;
    listener?.(list);
  };
  const subscribed = web3AccountsSubscribe(onList, { extensions: [source], accountType: [...SUBSTRATE_KEY_TYPES] });
  void enabled.then(release, release); // in case the library never asked the extension
  const stop = () => {
    listener = undefined;
    // An extension whose unsubscribe is not a function makes the library's throw: there is nothing more to stop.
    subscribed.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  };
  let injected: object;
  try {
    injected = await fromSource;
  } catch {
    stop();
    accounts.catch(() => undefined);
    // Not in the library's list: the extension refused (its own error), or answered something the library dropped.
    throw answer.error ?? malformedAnswer(walletName, 'authorisation');
  }
  const shared = parseAccounts(asWritten(await accounts, answer));
  if (answer.accountsError !== undefined && shared.length === 0) {
    stop();
    throw answer.accountsError; // the extension failed to list its accounts: its own error, not "no account"
  }
  await subscribed.catch(() => undefined); // following before connect resolves: no switch is missed after it
  return {
    injected,
    accounts: shared,
    follow(onAccounts) {
      listener = onAccounts;
      // A list that came before the session followed (the extension answers its subscription at once): after the
      // session exists, so a change in it is still reported.
      queueMicrotask(() => listener === onAccounts && latest !== undefined && onAccounts(latest));
      return stop;
    },
    close: stop,
  };
}
