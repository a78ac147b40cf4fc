import { readUntrustedProperty } from '@latch/kernel';
import type { BridgeInput } from './bridges.js';
import { ProviderRpcError, requestApproved, type SessionChannel } from './channel.js';
import { encodeBase64 } from './codec.js';
import {
  parseAccounts,
  parseSignature,
  parseSignedAmino,
  parseSignedDirect,
  type SessionAccount,
  type StdSignature,
  type StdSignDoc,
} from './cosmosAnswers.js';

/*
 * A Keplr-style wallet (enable, getKey, getOfflineSigner, signArbitrary…) over a WalletConnect session, for the
 * cosmos adapter. Keys come from cosmos_getAccounts (cached per chain until the session changes), transactions are
 * signed with cosmos_signDirect, amino documents and ADR-36 messages with cosmos_signAmino. The dapp broadcasts.
 */

/** Keplr's `Key`, as `getKey` answers it. */
export interface CosmosSessionKey {
  readonly name: string;
  readonly algo: 'secp256k1';
  readonly pubKey: Uint8Array;
  readonly address: Uint8Array;
  readonly bech32Address: string;
  readonly ethereumHexAddress: '';
  readonly isNanoLedger: false;
  readonly isKeystone: false;
}

/** CosmJS's direct SignDoc (`accountNumber` a bigint, or a Long from older CosmJS). */
export interface DirectSignDoc {
  readonly bodyBytes: Uint8Array;
  readonly authInfoBytes: Uint8Array;
  readonly chainId: string;
  readonly accountNumber: bigint | { toString(): string };
}

export interface DirectSignResponse {
  readonly signed: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: bigint };
  readonly signature: StdSignature;
}

export interface AminoSignResponse {
  readonly signed: StdSignDoc;
  readonly signature: StdSignature;
}

export interface CosmosAccountData {
  readonly address: string;
  readonly algo: 'secp256k1';
  readonly pubkey: Uint8Array;
}

/** What `getOfflineSigner(chainId)` returns: CosmJS's OfflineDirectSigner and OfflineAminoSigner. */
export interface CosmosSessionSigner {
  getAccounts(): Promise<CosmosAccountData[]>;
  signDirect(signerAddress: string, signDoc: DirectSignDoc): Promise<DirectSignResponse>;
  signAmino(signerAddress: string, signDoc: StdSignDoc): Promise<AminoSignResponse>;
}

export interface CosmosSessionWallet {
  enable(chainIds: string | readonly string[]): Promise<void>;
  getKey(chainId: string): Promise<CosmosSessionKey>;
  getOfflineSigner(chainId: string): CosmosSessionSigner;
  getOfflineSignerOnlyAmino(chainId: string): Omit<CosmosSessionSigner, 'signDirect'>;
  getOfflineSignerAuto(chainId: string): Promise<CosmosSessionSigner | Omit<CosmosSessionSigner, 'signDirect'>>;
  signDirect(chainId: string, signer: string, signDoc: DirectSignDoc): Promise<DirectSignResponse>;
  signAmino(chainId: string, signer: string, signDoc: StdSignDoc): Promise<AminoSignResponse>;
  /** ADR-36 message signing; present only while the wallet approved cosmos_signAmino. */
  readonly signArbitrary: ((chainId: string, signer: string, data: string | Uint8Array) => Promise<StdSignature>) | undefined;
  /** Called when the session's keys may have changed (Keplr's `keplr_keystorechange`); returns the unsubscribe. */
  onKeystoreChange(listener: () => void): () => void;
  /** The session changed (accounts, chains) or ended: forget the keys and tell listeners. */
  keysChanged(): void;
}

/** Keplr's keystore event: the cosmos adapter reads the key again when the page fires it. */
const KEYSTORE_EVENT = 'keplr_keystorechange';

/** ADR-36: the amino document of one `sign/MsgSignData`, chain id, fee, memo and account numbers empty (what Keplr signs). */
export function adr36SignDoc(signer: string, data: Uint8Array): StdSignDoc {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: encodeBase64(data) } }],
    memo: '',
  };
}

/** One bridge's state: its channel, the kernel's networks, and each chain's accounts as the wallet listed them. */
interface CosmosContext {
  readonly channel: SessionChannel;
  readonly networks: BridgeInput['networks'];
  /** The session's accounts per CAIP-2 chain, with their keys (asked once per chain and session). */
  readonly accounts: Map<string, Promise<SessionAccount[]>>;
}

/** CAIP-2 of a Cosmos chain id: the configured network's (CAIP-5 hashes long ids), else `cosmos:<id>`. */
const caipOf = (ctx: CosmosContext, chainId: string) =>
  ctx.networks.find((network) => readUntrustedProperty(readUntrustedProperty(network, 'cosmos'), 'chainId') === chainId)?.caipNetworkId ??
  `cosmos:${chainId}`;

function approvedChain(ctx: CosmosContext, chainId: unknown): string {
  if (typeof chainId !== 'string' || chainId === '') throw new ProviderRpcError(-32602, 'A Cosmos chain id is required');
  const namespace = ctx.channel.approved();
  if (!namespace) throw new ProviderRpcError(4900, 'The WalletConnect session ended');
  const caip = caipOf(ctx, chainId);
  if (!namespace.chains.includes(caip)) {
    throw new ProviderRpcError(4902, `Unknown chain ${chainId}: the wallet did not approve ${caip} in this WalletConnect session`);
  }
  return caip;
}

const ask = (ctx: CosmosContext, method: string, params: unknown, caip: string) => requestApproved(ctx.channel, method, params, caip);

/** The session's accounts on the chain, with their keys from cosmos_getAccounts (asked once per chain and session). */
function accountsOn(ctx: CosmosContext, chainId: string): Promise<SessionAccount[]> {
  const caip = approvedChain(ctx, chainId);
  let found = ctx.accounts.get(caip);
  if (!found) {
    const inSession = new Set(
      ctx.channel
        .approved()
        ?.accounts.filter((a) => a.startsWith(`${caip}:`))
        .map((a) => a.slice(caip.length + 1)),
    );
    found = ask(ctx, 'cosmos_getAccounts', {}, caip).then((answer) => {
      const mine = parseAccounts(answer).filter((account) => inSession.has(account.address));
      if (mine.length === 0)
        throw new ProviderRpcError(-32603, `The wallet answered cosmos_getAccounts without an account of this session on ${caip}`);
      return mine;
    });
    ctx.accounts.set(caip, found);
    found.catch(() => ctx.accounts.get(caip) === found && ctx.accounts.delete(caip));
  }
  return found;
}

/** The chain's CAIP-2 id, once `address` is one of the session's accounts on it (else 4100). */
async function signerChain(ctx: CosmosContext, chainId: string, address: unknown): Promise<string> {
  const caip = approvedChain(ctx, chainId);
  if (typeof address !== 'string' || !ctx.channel.approved()?.accounts.includes(`${caip}:${address}`)) {
    throw new ProviderRpcError(4100, `${String(address)} is not an account of this WalletConnect session on ${caip}`);
  }
  return caip;
}

async function signDirect(ctx: CosmosContext, chainId: string, signerAddress: string, signDoc: DirectSignDoc): Promise<DirectSignResponse> {
  const caip = await signerChain(ctx, chainId, signerAddress);
  if (
    !(signDoc?.bodyBytes instanceof Uint8Array) ||
    !(signDoc.authInfoBytes instanceof Uint8Array) ||
    signDoc.chainId !== chainId ||
    !/^\d+$/.test(String(signDoc.accountNumber))
  ) {
    throw new ProviderRpcError(-32602, `signDirect needs a sign doc for ${chainId} with bodyBytes, authInfoBytes and an account number`);
  }
  const sent = {
    chainId,
    accountNumber: String(signDoc.accountNumber),
    authInfoBytes: encodeBase64(signDoc.authInfoBytes),
    bodyBytes: encodeBase64(signDoc.bodyBytes),
  };
  const answer = await ask(ctx, 'cosmos_signDirect', { signerAddress, signDoc: sent }, caip);
  const signature = parseSignature(answer, 'cosmos_signDirect');
  const signed = parseSignedDirect(answer, sent) ?? signDoc;
  return {
    signed: { bodyBytes: signed.bodyBytes, authInfoBytes: signed.authInfoBytes, chainId, accountNumber: BigInt(sent.accountNumber) },
    signature,
  };
}

async function signAmino(ctx: CosmosContext, chainId: string, signerAddress: string, signDoc: StdSignDoc): Promise<AminoSignResponse> {
  const caip = await signerChain(ctx, chainId, signerAddress);
  const answer = await ask(ctx, 'cosmos_signAmino', { signerAddress, signDoc }, caip);
  return { signature: parseSignature(answer, 'cosmos_signAmino'), signed: parseSignedAmino(answer, signDoc) };
}

async function signArbitrary(ctx: CosmosContext, chainId: string, signerAddress: string, data: string | Uint8Array): Promise<StdSignature> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  if (!(bytes instanceof Uint8Array)) throw new ProviderRpcError(-32602, 'signArbitrary needs a string or bytes');
  const caip = await signerChain(ctx, chainId, signerAddress);
  // The signature alone counts: the adapter checks it over the ADR-36 document it expects, whatever `signed` says.
  return parseSignature(
    await ask(ctx, 'cosmos_signAmino', { signerAddress, signDoc: adr36SignDoc(signerAddress, bytes) }, caip),
    'cosmos_signAmino',
  );
}

const aminoSigner = (ctx: CosmosContext, chainId: string) => ({
  getAccounts: async () =>
    (await accountsOn(ctx, chainId)).map(({ address, pubkey }) => ({ address, algo: 'secp256k1' as const, pubkey: pubkey.slice() })),
  signAmino: (address: string, doc: StdSignDoc) => signAmino(ctx, chainId, address, doc),
});

const offlineSigner = (ctx: CosmosContext, chainId: string): CosmosSessionSigner => ({
  ...aminoSigner(ctx, chainId),
  signDirect: (address, doc) => signDirect(ctx, chainId, address, doc),
});

/** Keplr's key for the chain: the session's first account there, with its public key. */
async function keyOn(ctx: CosmosContext, chainId: string, name: string): Promise<CosmosSessionKey> {
  const [first] = await accountsOn(ctx, chainId);
  const { address, addressBytes, pubkey } = first as SessionAccount;
  return {
    name,
    algo: 'secp256k1',
    pubKey: pubkey.slice(),
    address: addressBytes.slice(),
    bech32Address: address,
    ethereumHexAddress: '',
    isNanoLedger: false,
    isKeystone: false,
  };
}

export function createCosmosBridge({
  channel,
  networks,
  identity,
}: Pick<BridgeInput, 'channel' | 'networks' | 'identity'>): CosmosSessionWallet {
  const ctx: CosmosContext = { channel, networks, accounts: new Map() };
  const listeners = new Set<() => void>();
  const methods = () => channel.approved()?.methods ?? [];
  const signArbitraryHere = (chainId: string, signerAddress: string, data: string | Uint8Array) =>
    signArbitrary(ctx, chainId, signerAddress, data);

  return {
    async enable(chainIds) {
      for (const chainId of typeof chainIds === 'string' ? [chainIds] : [...chainIds]) approvedChain(ctx, chainId);
    },
    getKey: (chainId) => keyOn(ctx, chainId, identity.name),
    getOfflineSigner: (chainId) => offlineSigner(ctx, chainId),
    getOfflineSignerOnlyAmino: (chainId) => aminoSigner(ctx, chainId),
    async getOfflineSignerAuto(chainId) {
      approvedChain(ctx, chainId);
      return methods().includes('cosmos_signDirect') ? offlineSigner(ctx, chainId) : aminoSigner(ctx, chainId);
    },
    signDirect: (chainId, signerAddress, signDoc) => signDirect(ctx, chainId, signerAddress, signDoc),
    signAmino: (chainId, signerAddress, signDoc) => signAmino(ctx, chainId, signerAddress, signDoc),
    get signArbitrary() {
      return methods().includes('cosmos_signAmino') ? signArbitraryHere : undefined;
    },
    onKeystoreChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    keysChanged() {
      ctx.accounts.clear();
      for (const listener of [...listeners]) listener();
      // The cosmos adapter follows Keplr-style wallets through this window event.
      const page = (globalThis as { window?: unknown }).window;
      if (page instanceof EventTarget) page.dispatchEvent(new Event(KEYSTORE_EVENT));
    },
  };
}
