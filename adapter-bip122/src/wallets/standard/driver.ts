import { connectorError, readUntrustedProperty, retryableImport } from '@latch/kernel';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { base64 } from '@scure/base';
import { readStandardFeature } from '../../discovery/standardWallets.js';
import { chainNotSupported, malformedAnswer, toWalletError, unsupportedFeature } from '../../walletErrors.js';
import type { BitcoinAccounts, BitcoinWalletDriver } from '../types.js';
import { readStandardAccounts, servesNetwork, standardChainOf } from './standardAccounts.js';

const PURPOSES = ['payment', 'ordinals'];
// The transfer code loads on the first send; after its fetch failed, the next send fetches it anew (kernel's retryableImport).
const transferCode = retryableImport(() => import('./transfer.js'));

async function call<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw toWalletError(err);
  }
}

/** A Bitcoin Wallet Standard wallet (`bitcoin:connect`, `bitcoin:signMessage`, `bitcoin:signTransaction`) behind the driver interface. */
export function createStandardDriver(wallet: Wallet, walletName: string): BitcoinWalletDriver {
  let walletAccounts: ReadonlyMap<string, WalletAccount> = new Map();
  const feature = (name: string, method: string) => {
    const found = readStandardFeature(wallet, name, method);
    if (!found) throw unsupportedFeature(walletName, name);
    return found as Record<string, (...args: unknown[]) => Promise<unknown>>;
  };
  const remember = (read: ReturnType<typeof readStandardAccounts>): BitcoinAccounts | undefined => {
    if (read) walletAccounts = read.walletAccounts;
    return read?.accounts;
  };
  const walletAccountOf = (address: string) => {
    const found = walletAccounts.get(address);
    if (!found) throw connectorError('ACCOUNT_NOT_FOUND', `${address} in ${walletName}`);
    return found;
  };

  return {
    async connect(network) {
      if (!servesNetwork(wallet, network)) throw chainNotSupported(`${walletName} does not serve ${network.name}`);
      const connect = feature('bitcoin:connect', 'connect');
      const output = await call(() => connect.connect!({ purposes: PURPOSES }));
      const accounts = remember(readStandardAccounts(readUntrustedProperty(output, 'accounts'), network.caipNetworkId, true));
      if (!accounts) throw malformedAnswer(walletName, `account: no address of ${network.name}`);
      return accounts;
    },

    async restore(network) {
      if (!servesNetwork(wallet, network)) return null;
      // A wallet lists the accounts a site may use once it is authorised; no prompt is needed to read them.
      return remember(readStandardAccounts(readUntrustedProperty(wallet, 'accounts'), network.caipNetworkId, false)) ?? null;
    },

    async signMessage(account, message) {
      const sign = feature('bitcoin:signMessage', 'signMessage');
      const input = { account: walletAccountOf(account.address), message: new TextEncoder().encode(message) };
      const [output] = (await call(() => sign.signMessage!(input))) as unknown[];
      const signature = readUntrustedProperty(output, 'signature');
      if (!(signature instanceof Uint8Array) || signature.length === 0) throw malformedAnswer(walletName, 'signature');
      return base64.encode(signature);
    },

    async sendTransfer(order) {
      const chain = standardChainOf(order.network.caipNetworkId);
      const transfer = await transferCode();
      return transfer.sendWithStandardWallet({
        wallet,
        walletName,
        order,
        chain,
        paymentAccount: walletAccountOf(order.accounts.payment.address),
        feature: (name, method) =>
          readStandardFeature(wallet, name, method) as Record<string, (...args: unknown[]) => Promise<unknown>> | undefined,
      });
    },

    watch(current, onEvent) {
      const events = readStandardFeature(wallet, 'standard:events', 'on');
      if (!events) return () => {};
      try {
        const off = (events.on as (event: string, listener: (properties: unknown) => void) => unknown)('change', (properties) => {
          const list = readUntrustedProperty(properties, 'accounts');
          if (list === undefined) return; // chains or features changed: the accounts are the same
          const changed = remember(readStandardAccounts(list, current().caipNetworkId, false));
          onEvent(changed ? { type: 'accounts', accounts: changed } : { type: 'disconnected' });
        });
        return typeof off === 'function' ? (off as () => void) : () => {};
      } catch {
        return () => {};
      }
    },

    async disconnect() {
      const disconnect = readStandardFeature(wallet, 'standard:disconnect', 'disconnect');
      if (disconnect) await call(() => (disconnect.disconnect as () => Promise<void>)());
    },
  };
}
