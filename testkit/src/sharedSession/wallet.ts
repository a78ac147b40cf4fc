import { createNamespaceProviders, type NamespaceHandle } from './namespaceProviders.js';
import { createSessionStore } from './sessionStore.js';
import type {
  ApprovedSession,
  SharedSessionWallet,
  SharedSessionWalletOptions,
  SharedWalletFailure,
  SharedWalletNamespace,
} from './types.js';
import { proposalRejected, SharedWalletError, unsupportedNamespaces } from './walletError.js';
import { SHARED_WALLET_ICON, SHARED_WALLET_ID, SHARED_WALLET_NAME } from './walletInfo.js';

const DATA_SVG_URI = /^data:image\/svg\+xml[;,]/;

function sessionOf(approved: readonly NamespaceHandle[]): ApprovedSession {
  return { namespaces: Object.freeze(Object.fromEntries(approved.map((handle) => [handle.namespace, handle.provider]))) };
}

/**
 * The phone wallet of a WalletConnect-like session, with real keys: one session serves every namespace it was given
 * (eip155, solana, toy), each through the same mock an extension uses. The session survives the dapp's reloads through
 * `localStorage` (`latch-shared-wallet:<id>:session`) when there is one, as each provider's authorisation does.
 * Works in Node and in a browser.
 */
export function createSharedSessionWallet(options: SharedSessionWalletOptions): SharedSessionWallet {
  const id = options.id ?? SHARED_WALLET_ID;
  if (typeof id !== 'string' || id.trim() === '') throw new TypeError('A shared-session wallet id must be a non-empty string');
  const icon = options.icon ?? SHARED_WALLET_ICON;
  if (!DATA_SVG_URI.test(icon)) throw new TypeError('A shared-session wallet icon must be a data:image/svg+xml URI');
  const info = Object.freeze({ id, name: options.name ?? SHARED_WALLET_NAME, icon });
  const { providers, handles } = createNamespaceProviders(id, options);
  if (handles.length === 0) throw new TypeError('A shared-session wallet needs a key for at least one of eip155, solana or toy');
  const namespaces: readonly SharedWalletNamespace[] = Object.freeze(handles.map((handle) => handle.namespace));
  const store = createSessionStore(id);
  const failures: Record<SharedWalletFailure, boolean> = { rejectProposal: false, rejectSign: false };
  const listeners = new Set<() => void>();

  /** The handles of the listed namespaces this wallet serves, once each, in the list's order. */
  const handlesOf = (list: readonly string[]) => [...new Set(list)].flatMap((ns) => handles.filter((handle) => handle.namespace === ns));

  function notifySessionEnded(): void {
    // A relay delivers the wallet's news after the user's action returns, never inside it.
    for (const listener of [...listeners]) {
      queueMicrotask(() => {
        if (!listeners.has(listener)) return;
        try {
          listener();
        } catch (error) {
          console.error('shared-session wallet: an onSessionEnded listener threw', error);
        }
      });
    }
  }

  return {
    info,
    namespaces,
    providers,
    get session() {
      const stored = store.read();
      if (!Array.isArray(stored)) return null;
      const served = handlesOf(stored).map((handle) => handle.namespace);
      return served.length > 0 ? Object.freeze(served) : null;
    },

    async propose(proposed) {
      if (!Array.isArray(proposed) || !proposed.every((ns) => typeof ns === 'string')) {
        throw new SharedWalletError(-32602, 'A proposal lists its namespaces as an array of strings');
      }
      if (failures.rejectProposal) throw proposalRejected();
      const approved = handlesOf(proposed);
      if (approved.length === 0) throw unsupportedNamespaces(info.name, proposed, namespaces);
      // The wallet holds one session: a new one replaces the last, so what it no longer covers is let go.
      const dropped = handles.filter((handle) => !approved.includes(handle));
      await Promise.allSettled(dropped.map((handle) => handle.deauthorise()));
      try {
        for (const handle of approved) await handle.authorise();
      } catch (error) {
        await Promise.allSettled(approved.map((handle) => handle.deauthorise()));
        store.clear();
        throw error;
      }
      store.write(approved.map((handle) => handle.namespace));
      return sessionOf(approved);
    },

    async restore() {
      const stored = store.read();
      if (stored === null) return null;
      if (stored === 'corrupt') {
        store.clear();
        return null;
      }
      // Each provider restored its own authorisation from its storage; a namespace that lost it is not in the session.
      const authorised = await Promise.all(
        handlesOf(stored).map(async (handle) => ((await handle.isAuthorised().catch(() => false)) ? [handle] : [])),
      );
      const live = authorised.flat();
      if (live.length === 0) {
        store.clear();
        return null;
      }
      if (live.length !== stored.length) store.write(live.map((handle) => handle.namespace));
      return sessionOf(live);
    },

    async disconnect() {
      store.clear();
      await Promise.allSettled(handles.map((handle) => handle.deauthorise()));
    },

    endFromWallet() {
      for (const handle of handles) handle.endFromWallet();
      store.clear();
      notifySessionEnded();
    },

    onSessionEnded(listener) {
      if (typeof listener !== 'function') throw new TypeError('onSessionEnded takes a function');
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    setFailure(failure, value) {
      if (!Object.hasOwn(failures, failure)) throw new TypeError(`Unknown shared-session wallet failure: ${String(failure)}`);
      failures[failure] = value;
      if (failure === 'rejectSign') for (const handle of handles) handle.setRejectSign(value);
    },
  };
}
