import { LatchError, connectorError, readErrorCode, toLatchError } from '@latch/kernel';
import type { AdapterEvent, ConnectResult, Connector } from '@latch/kernel';
import { listen, toCaipNetworkId, toChecksummedAccounts, type Eip1193Provider } from './provider.js';

// EIP-1193 lets MetaMask emit `disconnect` (code 1013) while it merely reconnects to its node.
const TEMPORARY_DISCONNECT_CODE = 1013;

async function readChain(provider: Eip1193Provider): Promise<ConnectResult['caipNetworkId']> {
  const chainId = await provider.request({ method: 'eth_chainId' });
  const caipNetworkId = toCaipNetworkId(chainId);
  if (!caipNetworkId) throw new LatchError(`The wallet reported an invalid chain id: ${String(chainId)}`, { category: 'CONNECTOR_ERROR' });
  return caipNetworkId;
}

function toResult(accounts: readonly `0x${string}`[], caipNetworkId: ConnectResult['caipNetworkId']): ConnectResult {
  return {
    address: accounts[0] as string,
    caipNetworkId,
    accounts: accounts.map((address) => ({ address, type: 'eoa' as const })),
  };
}

/** Asks the wallet for access (may open its popup), then for its chain. */
export async function requestConnection(connector: Connector, provider: Eip1193Provider): Promise<ConnectResult> {
  try {
    const accounts = toChecksummedAccounts(await provider.request({ method: 'eth_requestAccounts' }));
    if (accounts.length === 0) throw connectorError('ACCOUNT_NOT_FOUND', connector.name);
    return toResult(accounts, await readChain(provider));
  } catch (err) {
    throw toLatchError(err, 'CONNECTOR_ERROR');
  }
}

/** Reads an existing authorisation without any popup (`eth_accounts`); null when there is none. */
export async function readConnection(provider: Eip1193Provider): Promise<ConnectResult | null> {
  try {
    const accounts = toChecksummedAccounts(await provider.request({ method: 'eth_accounts' }));
    if (accounts.length === 0) return null;
    return toResult(accounts, await readChain(provider));
  } catch (err) {
    throw toLatchError(err, 'CONNECTOR_ERROR');
  }
}

export interface WalletSession {
  readonly connector: Connector;
  readonly provider: Eip1193Provider;
  readonly address: string;
  /** Removes the provider listeners; idempotent. */
  end(): void;
}

/** Follows the wallet's own account, chain and disconnect events and reports them as adapter events. */
export function startSession(
  connector: Connector,
  provider: Eip1193Provider,
  address: string,
  emit: (event: AdapterEvent) => void,
): WalletSession {
  let ended = false;
  const session = {
    connector,
    provider,
    address,
    end() {
      ended = true;
      for (const unsubscribe of unsubscribers) unsubscribe();
      unsubscribers.length = 0;
    },
  };
  const endWithDisconnect = () => {
    if (ended) return;
    session.end();
    emit({ type: 'disconnected' });
  };
  const unsubscribers = [
    listen(provider, 'accountsChanged', (payload) => {
      if (ended) return;
      const accounts = toChecksummedAccounts(payload);
      const first = accounts[0];
      if (first === undefined) return endWithDisconnect();
      session.address = first;
      emit({ type: 'accountsChanged', accounts: accounts.map((account) => ({ address: account, type: 'eoa' })) });
    }),
    listen(provider, 'chainChanged', (payload) => {
      const caipNetworkId = toCaipNetworkId(payload);
      if (!ended && caipNetworkId) emit({ type: 'networkChanged', caipNetworkId });
    }),
    listen(provider, 'disconnect', (error) => {
      if (ended) return;
      if (readErrorCode(error) !== TEMPORARY_DISCONNECT_CODE) return endWithDisconnect();
      void readConnection(provider).then(
        (still) => (still ? undefined : endWithDisconnect()),
        () => endWithDisconnect(),
      );
    }),
  ];
  return session;
}
