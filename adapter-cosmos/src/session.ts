import type { AdapterEvent, Connector } from '@latch/kernel';
import type { CosmosWalletWindow } from './discovery/keplrStyleDiscovery.js';
import { listen } from './discovery/keplrStyleDiscovery.js';
import type { CosmosChainConfig } from './networks/cosmosNetwork.js';
import { type KeplrStyleWallet, readAccount } from './wallet/keplrStyleWallet.js';

export interface CosmosSession {
  readonly connector: Connector;
  readonly wallet: KeplrStyleWallet;
  /** The chain the account is on now (it follows `switchNetwork`). */
  readonly chain: CosmosChainConfig;
  /** The account on that chain; follows the wallet's keystore events. */
  readonly address: string;
  /** The account moved to another chain (another prefix): reported once the kernel has made that network active. */
  moveTo(chain: CosmosChainConfig, address: string): void;
  /** Stops following the wallet; idempotent. */
  end(): void;
}

export interface SessionStart {
  connector: Connector;
  wallet: KeplrStyleWallet;
  chain: CosmosChainConfig;
  address: string;
  page: CosmosWalletWindow | undefined;
  /** The wallet's keystore events. */
  events: readonly string[];
  emit(event: AdapterEvent): void;
}

const eoa = (address: string) => [{ address, type: 'eoa' as const }];

/**
 * Follows a connected Keplr-style wallet: on a keystore event it reads the key again (no prompt on an enabled chain);
 * a new address is an account switch, a key it no longer grants is the wallet ending the session.
 */
export function startCosmosSession(start: SessionStart): CosmosSession {
  let ended = false;
  let reads = 0;
  const onKeystoreChange = async () => {
    const read = ++reads;
    const chain = session.chain;
    let address: string | undefined;
    try {
      address = await readAccount(start.wallet, start.connector.name, chain);
    } catch {
      address = undefined;
    }
    if (ended || read !== reads || chain !== session.chain) return; // a later read or a switch superseded this one
    if (address === undefined) {
      session.end();
      start.emit({ type: 'disconnected' });
    } else if (address !== session.address) {
      session.address = address;
      start.emit({ type: 'accountsChanged', accounts: eoa(address) });
    }
  };
  const unlisten = listen(start.page, start.events, () => void onKeystoreChange());
  let pendingMove: ReturnType<typeof setTimeout> | undefined;
  const session = {
    connector: start.connector,
    wallet: start.wallet,
    chain: start.chain,
    address: start.address,
    moveTo(chain: CosmosChainConfig, address: string) {
      reads++;
      session.chain = chain;
      if (address === session.address) return;
      session.address = address;
      // The kernel activates the network after switchNetwork resolves; reported after that, the account gets the new network's CAIP address.
      clearTimeout(pendingMove);
      pendingMove = setTimeout(() => {
        if (!ended) start.emit({ type: 'accountsChanged', accounts: eoa(session.address) });
      }, 0);
    },
    end() {
      ended = true;
      clearTimeout(pendingMove);
      unlisten();
    },
  };
  return session;
}
