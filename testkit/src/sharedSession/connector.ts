import { LatchError, readUntrustedProperty, toLatchError } from '@latch/kernel';
import type { ConnectorContext, ConnectorPlugin, SessionNamespace, SessionRequest, SharedSession } from '@latch/kernel';
import type { ApprovedSession, SharedSessionWallet } from './types.js';
import { SHARED_WALLET_GLOBAL, SHARED_WALLET_ICON, SHARED_WALLET_ID, SHARED_WALLET_NAME } from './walletInfo.js';

/*
 * The dapp side of a shared session: a kernel ConnectorPlugin that pairs with a shared-session wallet. It imports
 * nothing of the wallet (types only), so a page registers it without loading any key, viem or @solana/kit; the
 * wallet is found when the visitor connects or a reload restores, never before.
 */

export interface SharedSessionConnectorOptions {
  /** The wallet, or how to find it; `globalThis.__latchSharedWallet` (`installSharedSessionWallet`) by default. */
  wallet?: SharedSessionWallet | (() => SharedSessionWallet | undefined);
  /** The wallet's id by default ('io.latch.sharedwallet'). */
  id?: string;
  /** 'Latch Shared Wallet' by default. */
  name?: string;
}

const METHODS = ['propose', 'restore', 'disconnect', 'onSessionEnded'] as const;

function isSharedSessionWallet(value: unknown): value is SharedSessionWallet {
  return METHODS.every((method) => typeof readUntrustedProperty(value, method) === 'function');
}

/** The wallet's `{ namespaces: { [ns]: provider } }` as the kernel's `{ namespaces: { [ns]: { provider } } }`. */
function toSharedSession(approved: ApprovedSession, walletName: string): SharedSession {
  const namespaces = readUntrustedProperty(approved, 'namespaces');
  if (typeof namespaces !== 'object' || namespaces === null) {
    throw new LatchError(`${walletName} answered a malformed session`, { category: 'CONNECTOR_ERROR' });
  }
  const parts: Record<string, SessionNamespace> = {};
  for (const ns of Object.keys(namespaces)) parts[ns] = { provider: readUntrustedProperty(namespaces, ns) };
  return { namespaces: parts };
}

/** The id of a wallet given as an object (read now: no request, no lookup); a finder is not called before connect. */
function givenId(given: SharedSessionConnectorOptions['wallet']): string | undefined {
  if (typeof given === 'function') return undefined;
  const id = readUntrustedProperty(readUntrustedProperty(given, 'info'), 'id');
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** A `WALLET_CONNECT` connector plugin for `createModal({ connectors })`: one proposal connects every namespace. */
export function createSharedSessionConnector(options: SharedSessionConnectorOptions = {}): ConnectorPlugin {
  const given = options.wallet;
  const name = options.name ?? SHARED_WALLET_NAME;
  let context: ConnectorContext | undefined;
  /** The wallet of the session in progress (or being opened), and how to stop following it. */
  let session: { wallet: SharedSessionWallet; unfollow?: () => void } | undefined;

  function findWallet(): SharedSessionWallet | undefined {
    const found = typeof given === 'function' ? given() : (given ?? readUntrustedProperty(globalThis, SHARED_WALLET_GLOBAL));
    return isSharedSessionWallet(found) ? found : undefined;
  }

  function stopFollowing(): void {
    const unfollow = session?.unfollow;
    session = undefined;
    try {
      unfollow?.();
    } catch {
      // a wallet's broken unsubscribe must not keep the session alive here: `session` is already cleared
    }
  }

  /** Follows the wallet ending the session on its side, then tells the kernel, once. */
  function follow(wallet: SharedSessionWallet): void {
    const current: NonNullable<typeof session> = { wallet };
    session = current;
    current.unfollow = wallet.onSessionEnded(() => {
      if (session !== current) return;
      stopFollowing();
      context?.emit({ type: 'disconnected' });
    });
  }

  async function open(wallet: SharedSessionWallet, ask: () => Promise<ApprovedSession | null>): Promise<SharedSession | null> {
    stopFollowing();
    session = { wallet }; // so a disconnect while (or after) it fails still reaches this wallet
    let approved: ApprovedSession | null;
    try {
      approved = await ask();
    } catch (error) {
      throw toLatchError(error, 'CONNECTOR_ERROR');
    }
    if (approved === null) {
      session = undefined;
      return null;
    }
    const shared = toSharedSession(approved, name);
    follow(wallet);
    return shared;
  }

  return {
    id: options.id ?? givenId(given) ?? SHARED_WALLET_ID,
    name,
    type: 'WALLET_CONNECT',
    icon: SHARED_WALLET_ICON,

    setup(connectorContext) {
      context = connectorContext;
      return () => {
        stopFollowing();
        context = undefined;
      };
    },

    async connect(request: SessionRequest) {
      const wallet = findWallet();
      if (!wallet) {
        throw new LatchError(
          `${name} is not available: install it in the page with installSharedSessionWallet() (globalThis.${SHARED_WALLET_GLOBAL}) ` +
            'or pass createSharedSessionConnector({ wallet })',
          { category: 'CONNECTOR_ERROR' },
        );
      }
      const shared = await open(wallet, () => wallet.propose(Object.keys(request.namespaces)));
      if (!shared) throw new LatchError(`${name} answered the proposal without a session`, { category: 'CONNECTOR_ERROR' });
      return shared;
    },

    async restore() {
      const wallet = findWallet();
      return wallet ? open(wallet, () => wallet.restore()) : null;
    },

    async disconnect() {
      const wallet = session?.wallet ?? findWallet();
      stopFollowing();
      await wallet?.disconnect();
    },
  };
}
