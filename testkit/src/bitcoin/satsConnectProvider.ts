import { tagSchnorr } from '@scure/btc-signer/utils.js';
import { hex } from '@scure/base';
import { isBitcoinNetworkName } from './bitcoinNetworks.js';
import type { MockBitcoinAddress, SatsConnectEventName, SatsConnectProvider, SatsConnectResponse } from './types.js';
import type { WalletCore, WalletCoreEvent, WalletCoreSnapshot } from './walletCore.js';
import { BitcoinWalletError, invalidParams, SATS_CONNECT_CODES } from './walletError.js';
import { readRecipients } from './walletTransfer.js';

const PURPOSES = ['payment', 'ordinals'] as const;
const EVENT_NAMES: readonly SatsConnectEventName[] = ['accountChange', 'networkChange', 'disconnect'];
const METHODS = [
  'getInfo',
  'wallet_connect',
  'wallet_getAccount',
  'getAddresses',
  'getAccounts',
  'getBalance',
  'signMessage',
  'sendTransfer',
  'wallet_getNetwork',
  'wallet_changeNetwork',
  'wallet_disconnect',
  'wallet_renouncePermissions',
];

const field = (params: unknown, key: string): unknown =>
  typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[key] : undefined;

/** The purposes a request asks for (`addresses` of wallet_connect, `purposes` of getAddresses); both by default. */
function purposesOf(value: unknown): readonly string[] {
  if (value === undefined || value === null) return PURPOSES;
  if (!Array.isArray(value) || value.some((purpose) => typeof purpose !== 'string')) throw invalidParams('purposes must be strings');
  return value;
}

/**
 * The wallet's sats-connect face: `request(method, params)` answering JSON-RPC envelopes, as Xverse's
 * `window.XverseProviders.BitcoinProvider` does, and `addListener({ eventName, cb })`.
 */
export function createSatsConnectProvider(core: WalletCore): SatsConnectProvider {
  let nextId = 0;
  const networkResult = (name = core.network()) => {
    return {
      bitcoin: { name },
      stacks: { name: name === 'Mainnet' ? 'mainnet' : 'testnet' },
      spark: { name: name === 'Mainnet' ? 'mainnet' : 'regtest' },
    };
  };
  const addressesFor = (purposes: readonly string[]): MockBitcoinAddress[] =>
    core.addresses().filter((address) => purposes.includes(address.purpose));
  const account = (purposes: readonly string[] = PURPOSES) => ({
    id: `${core.info.id}-account-0`,
    addresses: addressesFor(purposes),
    walletType: 'software',
    network: networkResult(),
  });

  async function answer(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'getInfo':
        return { version: '1.0.0', platform: 'web', methods: METHODS, supports: [] };
      case 'wallet_connect': {
        const purposes = purposesOf(field(params, 'addresses'));
        const network = field(params, 'network');
        if (network !== undefined && !isBitcoinNetworkName(network)) throw invalidParams(`unknown network ${String(network)}`);
        core.grantAccess();
        // Asking for a network in the connect prompt switches the wallet to it once the visitor approves.
        if (network !== undefined) core.switchNetwork(network, { silent: true });
        return account(purposes);
      }
      case 'wallet_getAccount':
        core.assertAuthorised();
        return account();
      case 'getAddresses':
      case 'getAccounts': {
        const purposes = purposesOf(field(params, 'purposes'));
        core.grantAccess();
        return method === 'getAccounts' ? addressesFor(purposes) : { addresses: addressesFor(purposes), network: networkResult() };
      }
      case 'getBalance': {
        core.assertAuthorised();
        const { confirmed, unconfirmed } = await core.balance();
        return { confirmed: String(confirmed), unconfirmed: String(unconfirmed), total: String(confirmed + unconfirmed) };
      }
      case 'signMessage': {
        const address = field(params, 'address');
        const message = field(params, 'message');
        const protocol = field(params, 'protocol') ?? 'BIP322';
        if (typeof address !== 'string' || typeof message !== 'string') throw invalidParams('address and message must be strings');
        if (protocol !== 'BIP322') throw invalidParams('this wallet signs with BIP322 only');
        const signature = core.signMessage(address, message);
        const messageHash = hex.encode(tagSchnorr('BIP0322-signed-message', new TextEncoder().encode(message)));
        return { signature, messageHash, address, protocol };
      }
      case 'sendTransfer': {
        core.assertAuthorised();
        return { txid: await core.sendTransfer(readRecipients(params, core.params())) };
      }
      case 'wallet_getNetwork':
        core.assertAuthorised();
        return networkResult();
      case 'wallet_changeNetwork': {
        const name = field(params, 'name');
        if (!isBitcoinNetworkName(name)) throw invalidParams(`unknown network ${String(name)}`);
        core.assertAuthorised();
        core.switchNetwork(name);
        return null;
      }
      case 'wallet_disconnect':
      case 'wallet_renouncePermissions':
        core.revoke();
        return null;
      default:
        throw new BitcoinWalletError('methodNotFound', `Method not found: ${method}`);
    }
  }

  const payloadOf = (event: WalletCoreEvent, { network, addresses }: WalletCoreSnapshot) => {
    if (event === 'disconnect') return { type: 'disconnect' };
    if (event === 'accounts') return { type: 'accountChange', addresses };
    return { type: 'networkChange', ...networkResult(network), addresses };
  };
  const eventOf: Record<WalletCoreEvent, SatsConnectEventName> = {
    accounts: 'accountChange',
    network: 'networkChange',
    disconnect: 'disconnect',
  };

  return {
    async request(method, params) {
      const id = `latch-${++nextId}`;
      try {
        return { jsonrpc: '2.0', id, result: await answer(String(method), params) } satisfies SatsConnectResponse;
      } catch (error) {
        const kind = error instanceof BitcoinWalletError ? error.kind : 'internal';
        const message = error instanceof Error ? error.message : String(error);
        return { jsonrpc: '2.0', id, error: { code: SATS_CONNECT_CODES[kind], message } };
      }
    },
    addListener(listener) {
      const eventName = field(listener, 'eventName');
      const cb = field(listener, 'cb');
      if (typeof eventName !== 'string' || !EVENT_NAMES.includes(eventName as SatsConnectEventName) || typeof cb !== 'function') {
        throw new TypeError('addListener takes { eventName: accountChange | networkChange | disconnect, cb }');
      }
      return core.on((event, snapshot) => {
        if (eventOf[event] === eventName) (cb as (payload: unknown) => void)(payloadOf(event, snapshot));
      });
    },
  };
}
