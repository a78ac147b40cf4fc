import { isBase64Psbt, readSignature, readSignedPsbt, readTxid, readWalletAddresses, type WalletAddress } from './bip122Answers.js';
import { ProviderRpcError, requestApproved, type SessionChannel } from './channel.js';
import { createListeners } from './listeners.js';

/*
 * A sats-connect provider over a WalletConnect session, for the bip122 adapter: `request(method, params)` answering
 * JSON-RPC envelopes and `addListener({ eventName, cb })`, as the adapter drives Xverse-style extensions. The
 * payment account is the session's (WalletConnect: "the connected account's first external address"); the wallet
 * methods map onto WalletConnect's Bitcoin RPC (docs.reown.com/advanced/multichain/rpc-reference/bitcoin-rpc):
 *   wallet_connect  → getAccountAddresses { account, intentions? } → [{ address, publicKey?, path?, intention? }]
 *   signMessage     → signMessage { account, message, address?, protocol?: 'ecdsa' | 'bip322' } → { address, signature, messageHash? }
 *   sendTransfer    → sendTransfer { account, recipientAddress, amount (sats, decimal string), memo?, changeAddress? } → { txid }
 *   signPsbt        → signPsbt { account, psbt (base64), signInputs: [{ address, index, sighashTypes? }], broadcast? } → { psbt, txid? }
 * and the wallet's `bip122_addressesChanged` event (same list as getAccountAddresses) becomes `accountChange`.
 * Reads (balances, UTXOs) stay with the adapter's Esplora API.
 */

/** sats-connect's network names (`BitcoinNetworkType`) for the CAIP-2 ids (genesis block hashes) of the networks. */
const SATS_NETWORK_NAMES: Readonly<Record<string, string>> = {
  'bip122:000000000019d6689c085ae165831e93': 'Mainnet',
  'bip122:000000000933ea01ad0ee984209779ba': 'Testnet',
  'bip122:00000000da84f2bafbbc53dee25a72ae': 'Testnet4',
  'bip122:00000008819873e925422c1ff0f99f7c': 'Signet',
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': 'Regtest',
};
const chainOfName = (name: unknown) => Object.keys(SATS_NETWORK_NAMES).find((chain) => SATS_NETWORK_NAMES[chain] === name);

/** sats-connect's RpcErrorCode values the adapter reads. */
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const ACCESS_DENIED = -32002;
const SATS_USER_REJECTION = -32000;

type SatsEventName = 'accountChange' | 'networkChange' | 'disconnect';
type SatsListener = (event: unknown) => void;
export type SatsResponse =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } };

export interface Bip122SessionProvider {
  request(method: string, params?: unknown): Promise<SatsResponse>;
  addListener(listener: { eventName: SatsEventName; cb: SatsListener }): () => void;
  /** The wallet sent a session event on one of the namespace's chains. */
  walletEvent(name: string, data: unknown, chainId: string): void;
  /** The session's accounts changed (or it ended: none left). */
  sessionUpdated(): void;
  readonly isWalletConnect: true;
}

const invalid = (message: string) => new ProviderRpcError(INVALID_PARAMS, message);
const objectParams = (params: unknown, method: string): Record<string, unknown> => {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalid(`${method} needs an object of params`);
  return params as Record<string, unknown>;
};

/** sats-connect's `signInputs: { [address]: number[] }` as WalletConnect's `[{ address, index }]`. */
function signInputsOf(value: unknown): { address: string; index: number }[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('signPsbt over WalletConnect needs signInputs: { [address]: input indexes }');
  return Object.entries(value).flatMap(([address, indexes]) => {
    if (!Array.isArray(indexes) || !indexes.every((i) => Number.isSafeInteger(i) && i >= 0))
      throw invalid(`signInputs of ${address} must be input indexes`);
    return indexes.map((index: number) => ({ address, index }));
  });
}

/** A sats amount (number, bigint or decimal string) as the decimal string WalletConnect's sendTransfer takes. */
function satsOf(amount: unknown): string {
  const text =
    typeof amount === 'number' && Number.isSafeInteger(amount) ? String(amount) : typeof amount === 'bigint' ? String(amount) : amount;
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,15}$/.test(text)) throw invalid('sendTransfer amounts are positive whole sats');
  return text;
}

/** One bridge's state: its channel, the chain it is on, and the addresses the wallet last listed. */
interface Bip122Context {
  readonly channel: SessionChannel;
  chainId: string;
  /** The addresses the wallet last listed per chain, with the account they belong to (a switched account drops them). */
  readonly listed: Map<string, { account: string; addresses: WalletAddress[] }>;
  emit(eventName: SatsEventName, event: unknown): void;
}

function accountOn(ctx: Bip122Context, chain: string): string | undefined {
  const caip10 = ctx.channel.approved()?.accounts.find((account) => account.startsWith(`${chain}:`));
  return caip10?.slice(caip10.lastIndexOf(':') + 1);
}

/** The chain's account as sats-connect lists it: payment first, then the ordinals address the wallet named. */
function satsAddresses(ctx: Bip122Context, chain: string) {
  const account = accountOn(ctx, chain);
  if (!account) return [];
  const known = ctx.listed.get(chain)?.account === account ? (ctx.listed.get(chain)?.addresses ?? []) : [];
  const payment = known.find((entry) => entry.address === account) ?? { address: account };
  const ordinal = known.find((entry) => entry.intention === 'ordinal' && entry.address !== account);
  const shape = (entry: WalletAddress, purpose: string) => ({
    address: entry.address,
    ...(entry.publicKey ? { publicKey: entry.publicKey } : {}),
    purpose,
  });
  return [shape(payment, 'payment'), ...(ordinal ? [shape(ordinal, 'ordinals')] : [])];
}

const networkOf = (chain: string) => (SATS_NETWORK_NAMES[chain] ? { network: { bitcoin: { name: SATS_NETWORK_NAMES[chain] } } } : {});

const changeEvent = (ctx: Bip122Context, type: SatsEventName) => ({
  type,
  addresses: satsAddresses(ctx, ctx.chainId),
  ...(SATS_NETWORK_NAMES[ctx.chainId] ? { bitcoin: { name: SATS_NETWORK_NAMES[ctx.chainId] } } : {}),
});

function account(ctx: Bip122Context): string {
  const found = accountOn(ctx, ctx.chainId);
  if (!found) throw new ProviderRpcError(ACCESS_DENIED, `The WalletConnect session has no Bitcoin account on ${ctx.chainId}`);
  return found;
}

// sats-connect reads an unapproved method as "method not found".
const ask = (ctx: Bip122Context, method: string, params: Record<string, unknown>) =>
  requestApproved(ctx.channel, method, params, ctx.chainId, METHOD_NOT_FOUND);

const accountAnswer = (ctx: Bip122Context) => ({
  id: account(ctx),
  addresses: satsAddresses(ctx, ctx.chainId),
  walletType: 'software',
  ...networkOf(ctx.chainId),
});

/** sats-connect's methods, each answered over the session. */
const HANDLERS: Readonly<Record<string, (ctx: Bip122Context, params: unknown) => unknown>> = {
  async wallet_connect(ctx, params) {
    // The kernel's network, when the session covers it; otherwise the wallet's own, as a wallet that stays put.
    const wanted = chainOfName((params as { network?: unknown } | null)?.network);
    if (wanted && accountOn(ctx, wanted)) ctx.chainId = wanted;
    if (ctx.channel.approved()?.methods.includes('getAccountAddresses')) {
      const owner = account(ctx);
      const addresses = readWalletAddresses(await ask(ctx, 'getAccountAddresses', { account: owner }));
      ctx.listed.set(ctx.chainId, { account: owner, addresses });
    }
    return accountAnswer(ctx);
  },
  // Silent: from the session and the addresses the wallet already listed.
  wallet_getAccount: (ctx) => accountAnswer(ctx),
  async signMessage(ctx, params) {
    const { address, message, protocol } = objectParams(params, 'signMessage');
    if (typeof message !== 'string') throw invalid('signMessage needs a message string');
    const signer = typeof address === 'string' ? address : account(ctx);
    const reply = await ask(ctx, 'signMessage', {
      account: account(ctx),
      message,
      address: signer,
      ...(typeof protocol === 'string' ? { protocol: protocol.toLowerCase() } : {}),
    });
    return { ...readSignature(reply, signer), address: signer, ...(typeof protocol === 'string' ? { protocol } : {}) };
  },
  async sendTransfer(ctx, params) {
    const { recipients } = objectParams(params, 'sendTransfer');
    if (!Array.isArray(recipients) || recipients.length !== 1)
      throw invalid("WalletConnect's sendTransfer pays exactly one recipient; use signPsbt for more");
    const { address, amount } = (recipients[0] ?? {}) as { address?: unknown; amount?: unknown };
    if (typeof address !== 'string' || address === '') throw invalid('sendTransfer needs a recipient address');
    const reply = await ask(ctx, 'sendTransfer', { account: account(ctx), recipientAddress: address, amount: satsOf(amount) });
    return { txid: readTxid((reply as { txid?: unknown } | null)?.txid) };
  },
  async signPsbt(ctx, params) {
    const { psbt, signInputs, broadcast } = objectParams(params, 'signPsbt');
    if (!isBase64Psbt(psbt)) throw invalid('signPsbt needs a base64 PSBT');
    const reply = await ask(ctx, 'signPsbt', {
      account: account(ctx),
      psbt,
      signInputs: signInputsOf(signInputs),
      broadcast: broadcast === true,
    });
    return readSignedPsbt(reply, broadcast === true);
  },
  wallet_changeNetwork(ctx, params) {
    const { name } = objectParams(params, 'wallet_changeNetwork');
    const chain = chainOfName(name);
    if (!chain) throw invalid(`Unknown Bitcoin network: ${String(name)}`);
    if (!accountOn(ctx, chain))
      throw new ProviderRpcError(4902, `The wallet did not approve ${String(name)} (${chain}) in this WalletConnect session`);
    if (chain !== ctx.chainId) {
      ctx.chainId = chain;
      ctx.emit('networkChange', changeEvent(ctx, 'networkChange'));
    }
    return null;
  },
  // The connector ends the whole session (§4); nothing to end per namespace.
  wallet_disconnect: () => null,
};

/** A sats-connect JSON-RPC envelope of the method's answer or error. */
async function envelope(ctx: Bip122Context, id: string, method: string, params: unknown): Promise<SatsResponse> {
  try {
    if (!Object.hasOwn(HANDLERS, method)) {
      throw new ProviderRpcError(METHOD_NOT_FOUND, `${method} is not supported by this WalletConnect session`);
    }
    return { jsonrpc: '2.0', id, result: await HANDLERS[method]!(ctx, params) };
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    // -32000 is a server error to WalletConnect but a refusal to sats-connect: only a real rejection may read as one.
    const kept = typeof code === 'number' && code !== SATS_USER_REJECTION ? code : -32603;
    return { jsonrpc: '2.0', id, error: { code: kept, message: typeof message === 'string' ? message : String(error) } };
  }
}

export function createBip122Provider(channel: SessionChannel, startChain: string): Bip122SessionProvider {
  const listeners = createListeners<SatsListener>();
  const ctx: Bip122Context = { channel, chainId: startChain, listed: new Map(), emit: listeners.emit };
  let requests = 0;

  return {
    isWalletConnect: true,
    request: (method, params) => envelope(ctx, `wc-bip122-${++requests}`, method, params),
    addListener({ eventName, cb }) {
      listeners.on(eventName, cb);
      return () => listeners.off(eventName, cb);
    },
    walletEvent(name, data, chain) {
      if (name !== 'bip122_addressesChanged') return;
      const owner = accountOn(ctx, chain);
      let addresses: WalletAddress[];
      try {
        addresses = readWalletAddresses(data);
      } catch {
        return; // a malformed event changes nothing
      }
      if (!owner) return;
      ctx.listed.set(chain, { account: owner, addresses });
      if (chain === ctx.chainId) ctx.emit('accountChange', changeEvent(ctx, 'accountChange'));
    },
    sessionUpdated() {
      // Follows the session's account; none left (the wallet dropped bip122) reads as the end of the connection.
      ctx.emit('accountChange', changeEvent(ctx, 'accountChange'));
    },
  };
}
