import { ProviderRpcError, type SessionChannel, toProviderError } from './channel.js';
import { createListeners } from './listeners.js';

/*
 * An EIP-1193 provider over a WalletConnect session, for the eip155 adapter: accounts and chain are
 * answered from the session, wallet methods go over the relay only when the wallet approved them,
 * reads go to the configured node. The session's end is reported by the connector, not here.
 */

type Listener = (...args: unknown[]) => void;

export interface Eip155SessionProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): void;
  removeListener(event: string, listener: Listener): void;
  /** The wallet sent a session event (`chainChanged`, `accountsChanged`) or the session was updated. */
  walletEvent(name: string, data: unknown): void;
  readonly isWalletConnect: true;
}

const READ_METHOD = /^(eth_(?!send|sign|requestAccounts|accounts|chainId)|net_|web3_)/;

const toHex = (chainId: number) => `0x${chainId.toString(16)}`;
const unrecognised = (chainId: number) =>
  new ProviderRpcError(4902, `Unrecognized chain ID ${toHex(chainId)}: the wallet did not add it to this WalletConnect session`);

function parseChainId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value !== 'string') return undefined;
  const parsed = value.startsWith('0x') ? Number.parseInt(value, 16) : Number(value.replace(/^eip155:/, ''));
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
}

export function createEip155Provider(channel: SessionChannel, startChainId: number): Eip155SessionProvider {
  const listeners = createListeners<Listener>();
  const emit = listeners.emit;
  let chainId = startChainId;

  const approved = () => channel.approved();
  const chains = () => approved()?.chains ?? [];
  const addresses = () => {
    const namespace = approved();
    if (!namespace) return [];
    const onChain = namespace.accounts.filter((a) => a.startsWith(`eip155:${chainId}:`)).map((a) => a.slice(a.lastIndexOf(':') + 1));
    return onChain.length > 0 ? onChain : [...namespace.addresses];
  };
  const caip = () => `eip155:${chainId}`;

  async function toWallet(method: string, params: unknown): Promise<unknown> {
    try {
      return await channel.request(method, params, caip());
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /**
   * A chain the session already covers is switched here (requests carry their chain), as WalletConnect's
   * own provider does; any other is asked of the wallet, which must then add it to the session.
   */
  async function switchChain(params: unknown): Promise<null> {
    const target = parseChainId((Array.isArray(params) ? params[0] : undefined)?.chainId);
    if (target === undefined) throw new ProviderRpcError(-32602, 'wallet_switchEthereumChain needs a chainId');
    if (!chains().includes(`eip155:${target}`)) {
      if (!approved()?.methods.includes('wallet_switchEthereumChain')) throw unrecognised(target);
      await toWallet('wallet_switchEthereumChain', [{ chainId: toHex(target) }]);
      if (!chains().includes(`eip155:${target}`)) throw unrecognised(target);
    }
    if (target !== chainId) {
      chainId = target;
      emit('chainChanged', toHex(target));
    }
    return null;
  }

  return {
    isWalletConnect: true,
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return addresses();
        case 'eth_chainId':
          return toHex(chainId);
        case 'wallet_revokePermissions':
          return null; // the connector ends the whole session (§4); nothing to revoke per namespace
        case 'wallet_switchEthereumChain':
          return switchChain(params);
      }
      if (approved()?.methods.includes(method)) return toWallet(method, params);
      if (READ_METHOD.test(method)) return channel.read(method, params, caip());
      throw new ProviderRpcError(4200, `${method} is not supported by this WalletConnect session`);
    },
    on: listeners.on,
    removeListener: listeners.off,
    walletEvent(name, data) {
      if (name === 'chainChanged') {
        const next = parseChainId(data);
        if (next === undefined || next === chainId || !chains().includes(`eip155:${next}`)) return;
        chainId = next;
        emit('chainChanged', toHex(next));
      } else if (name === 'accountsChanged') {
        emit('accountsChanged', addresses());
      }
    },
  };
}
