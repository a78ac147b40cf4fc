import { readUntrustedProperty, type CaipNetwork } from '@latch/kernel';
import { chainNotSupported, invalid, malformedAnswer, toTransferError } from '../../walletErrors.js';
import type { BitcoinAccounts, BitcoinWalletDriver, DriverEvent } from '../types.js';
import { networkOfAnswer, readSatsConnectAccounts } from './accounts.js';
import { satsNameOfCaipNetworkId } from './networkNames.js';
import { isMethodNotFound, satsConnectRequest } from './rpc.js';

const PURPOSES = ['payment', 'ordinals'];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const TXID = /^[0-9a-f]{64}$/i;
const EVENT_NAMES = ['accountChange', 'networkChange', 'disconnect'] as const;

/** A sats-connect provider (Xverse, and every wallet listed in `window.btc_providers`) behind the driver interface. */
export function createSatsConnectDriver(provider: object, walletName: string): BitcoinWalletDriver {
  const request = (method: string, params: unknown) => satsConnectRequest(provider, walletName, method, params);
  const accountsOf = (answer: unknown, network: CaipNetwork) =>
    readSatsConnectAccounts(readUntrustedProperty(answer, 'addresses'), networkOfAnswer(answer) ?? network.caipNetworkId, walletName);
  // Without a network the wallet keeps its own; with one, its prompt offers to switch to it.
  const networkParam = (network: CaipNetwork) => {
    const name = satsNameOfCaipNetworkId(network.caipNetworkId);
    return name ? { network: name } : {};
  };

  async function currentAccounts(network: CaipNetwork) {
    return accountsOf(await request('wallet_getAccount', null), network);
  }

  return {
    async connect(network) {
      try {
        return accountsOf(await request('wallet_connect', { addresses: PURPOSES, ...networkParam(network) }), network);
      } catch (err) {
        if (!isMethodNotFound(err)) throw err;
        // Wallets from before wallet_connect grant addresses through getAddresses.
        return accountsOf(await request('getAddresses', { purposes: PURPOSES }), network);
      }
    },

    async restore(network) {
      try {
        return await currentAccounts(network);
      } catch {
        return null; // not authorised (ACCESS_DENIED), or a wallet without wallet_getAccount: nothing to restore silently
      }
    },

    async signMessage(account, message) {
      const answer = await request('signMessage', { address: account.address, message, protocol: 'BIP322' });
      const signature = readUntrustedProperty(answer, 'signature');
      if (typeof signature !== 'string' || !BASE64.test(signature)) throw malformedAnswer(walletName, 'signature');
      return signature;
    },

    async sendTransfer({ to, amount }) {
      if (amount > BigInt(Number.MAX_SAFE_INTEGER))
        throw invalid('Invalid transfer amount: it is more than a sats-connect wallet can take');
      let answer: unknown;
      try {
        answer = await request('sendTransfer', { recipients: [{ address: to, amount: Number(amount) }] });
      } catch (err) {
        throw toTransferError(err);
      }
      const txid = readUntrustedProperty(answer, 'txid');
      if (typeof txid !== 'string' || !TXID.test(txid)) throw malformedAnswer(walletName, 'transaction id');
      return txid.toLowerCase();
    },

    async switchNetwork(network) {
      const name = satsNameOfCaipNetworkId(network.caipNetworkId);
      if (!name) throw chainNotSupported(`${walletName} has no network ${network.caipNetworkId}`);
      await request('wallet_changeNetwork', { name });
    },

    watch(accounts, onEvent) {
      // An event that lists the addresses is read as it is; one that does not makes the driver ask the wallet.
      return watchSatsConnectEvents(provider, accounts, onEvent, (listed, network) =>
        Array.isArray(listed) ? Promise.resolve().then(() => accountsOf({ addresses: listed }, network)) : currentAccounts(network),
      );
    },

    async disconnect() {
      await request('wallet_disconnect', null);
    },
  };
}

type Watch = BitcoinWalletDriver['watch'];
type WatchedAccounts = Parameters<Watch>[0];
type ReadAccounts = (listed: unknown, network: CaipNetwork) => Promise<BitcoinAccounts>;

/** The wallet's account, network and disconnect events as driver events; returns what stops listening. */
function watchSatsConnectEvents(
  provider: object,
  accounts: WatchedAccounts,
  onEvent: Parameters<Watch>[1],
  readAccounts: ReadAccounts,
): () => void {
  const offs: (() => void)[] = [];
  const addListener = readUntrustedProperty(provider, 'addListener');
  if (typeof addListener !== 'function') return () => {}; // a wallet without events still connects; its changes go unheard
  const refresh = (event: unknown) => {
    const network = { caipNetworkId: networkOfAnswer({ network: event }) ?? accounts().caipNetworkId } as CaipNetwork;
    readAccounts(readUntrustedProperty(event, 'addresses'), network).then(
      (changed): void => onEvent({ type: 'accounts', accounts: changed } satisfies DriverEvent),
      // A wallet that no longer grants this site (or answers garbage) has ended the session.
      () => onEvent({ type: 'disconnected' }),
    );
  };
  for (const eventName of EVENT_NAMES) {
    const cb = (event: unknown) => (eventName === 'disconnect' ? onEvent({ type: 'disconnected' }) : refresh(event));
    try {
      const off: unknown = addListener.call(provider, { eventName, cb });
      if (typeof off === 'function') offs.push(off as () => void);
    } catch {
      // this wallet does not emit that event
    }
  }
  return () => {
    for (const off of offs.splice(0)) {
      try {
        off();
      } catch {
        // a broken unsubscribe must not keep the session alive: the session ignores late events anyway
      }
    }
  };
}
