import { ProviderRpcError, requestApprovedObject, type SessionChannel } from './channel.js';
import { decodeBase58 } from './codec.js';

/*
 * A polkadot{.js} extension entry (what `window.injectedWeb3[key]` holds) over a WalletConnect session, for the
 * polkadot adapter: `enable()` answers the session's accounts, and the signer's `signPayload` / `signRaw` go over the
 * relay as WalletConnect's `polkadot_signTransaction` / `polkadot_signMessage` (Reown, "Polkadot RPC methods").
 * Balances, fees and submitting the signed extrinsic stay with the adapter's own node connection.
 */

export interface PolkadotSessionAccount {
  readonly address: string;
  readonly name: string;
}

type AccountsListener = (accounts: PolkadotSessionAccount[]) => void;

/** What `enable()` resolves: polkadot{.js}' `Injected`, without metadata or provider. */
export interface PolkadotSessionInjected {
  readonly accounts: {
    get(): Promise<PolkadotSessionAccount[]>;
    subscribe(listener: AccountsListener): () => void;
  };
  readonly signer: {
    signPayload(payload: unknown): Promise<{ id: number; signature: string }>;
    signRaw(raw: unknown): Promise<{ id: number; signature: string }>;
  };
}

export interface PolkadotSessionEntry {
  readonly version: string;
  /** The session is already approved: resolves at once (the same object every time), never prompts. */
  enable(appName?: string): Promise<PolkadotSessionInjected>;
  /** The session's accounts changed (or it ended: none left); subscribers hear the list now. */
  accountsChanged(): void;
}

const VERSION = '1.0.0';
const GENESIS_HASH = /^0x[0-9a-fA-F]{64}$/;
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;
/** A signRaw signature: sr25519 / ed25519 (64 bytes) or ecdsa (65), as the adapter takes it. */
const RAW_SIGNATURE = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;
/** A MultiSignature: type byte ed25519 00 / sr25519 01 then 64 bytes, or ecdsa 02 then 65 bytes. */
const TYPED_SIGNATURE = /^0x(?:0[01][0-9a-fA-F]{128}|02[0-9a-fA-F]{130})$/;
const WRAP_PREFIX = new TextEncoder().encode('<Bytes>');
const WRAP_POSTFIX = new TextEncoder().encode('</Bytes>');

/** An SS58 address as far as this bridge can tell without blake2: base58 of a 1- or 2-byte prefix, 32 bytes and a checksum. */
function looksLikeSs58(address: string): boolean {
  try {
    const length = decodeBase58(address).length;
    return length === 35 || length === 36;
  } catch {
    return false;
  }
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16);
  return bytes;
}

function bytesToHex(bytes: Uint8Array): string {
  let hex = '0x';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

const startsWith = (bytes: Uint8Array, part: Uint8Array, at: number) => part.every((byte, i) => bytes[at + i] === byte);

/**
 * The message bytes wrapped in `<Bytes>…</Bytes>` (unless they already are), as polkadot{.js} extensions sign them:
 * signed this way whatever the wallet does with them, a message can never pass for a transaction.
 */
export function wrapBytes(bytes: Uint8Array): Uint8Array {
  const wrapped =
    bytes.length >= WRAP_PREFIX.length + WRAP_POSTFIX.length &&
    startsWith(bytes, WRAP_PREFIX, 0) &&
    startsWith(bytes, WRAP_POSTFIX, bytes.length - WRAP_POSTFIX.length);
  if (wrapped) return bytes;
  const out = new Uint8Array(WRAP_PREFIX.length + bytes.length + WRAP_POSTFIX.length);
  out.set(WRAP_PREFIX, 0);
  out.set(bytes, WRAP_PREFIX.length);
  out.set(WRAP_POSTFIX, WRAP_PREFIX.length + bytes.length);
  return out;
}

function objectArgument(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ProviderRpcError(-32602, `${what} must be an object`);
  return value as Record<string, unknown>;
}

/**
 * @param preferredChains the kernel's networks for the namespace, in order: a message (which names no chain) is signed
 * on the first of them the wallet approved for the account.
 */
export function createPolkadotSessionEntry(channel: SessionChannel, preferredChains: readonly string[]): PolkadotSessionEntry {
  const listeners = new Set<AccountsListener>();
  let requestId = 0;
  const approved = () => channel.approved();
  const accounts = (): PolkadotSessionAccount[] =>
    (approved()?.addresses ?? []).filter(looksLikeSs58).map((address, index) => ({ address, name: `WalletConnect account ${index + 1}` }));

  /** The approved chain the request goes to; refused when the wallet did not approve the account on it. */
  function chainFor(address: string, genesisHash?: string): string {
    const namespace = approved();
    const chainsOfAccount = (namespace?.accounts ?? [])
      .filter((account) => account.slice(account.lastIndexOf(':') + 1) === address)
      .map((account) => account.slice(0, account.lastIndexOf(':')));
    if (chainsOfAccount.length === 0) throw new ProviderRpcError(4100, `${address} is not an account of this WalletConnect session`);
    if (genesisHash !== undefined) {
      const chain = `polkadot:${genesisHash.slice(2, 34).toLowerCase()}`;
      if (!chainsOfAccount.includes(chain)) {
        throw new ProviderRpcError(4100, `The wallet did not approve ${address} on ${chain} in this WalletConnect session`);
      }
      return chain;
    }
    return preferredChains.find((chain) => chainsOfAccount.includes(chain)) ?? (chainsOfAccount[0] as string);
  }

  const ask = (method: string, params: unknown, chain: string) => requestApprovedObject(channel, method, params, chain);

  /** The wallet's own request id when it gave a usable one, else ours. */
  const idOf = (reply: Record<string, unknown>) => {
    requestId += 1;
    return Number.isSafeInteger(reply.id) ? (reply.id as number) : requestId;
  };

  const injected: PolkadotSessionInjected = {
    accounts: {
      get: async () => accounts(),
      subscribe(listener) {
        listeners.add(listener);
        // As an extension answers from its background page: the current list just after subscribing.
        queueMicrotask(() => listeners.has(listener) && listener(accounts()));
        return () => void listeners.delete(listener);
      },
    },
    signer: {
      async signPayload(value) {
        const payload = objectArgument(value, 'signPayload: the payload');
        const { address, genesisHash } = payload;
        if (typeof address !== 'string') throw new ProviderRpcError(-32602, 'signPayload: the payload needs the signer address');
        if (typeof genesisHash !== 'string' || !GENESIS_HASH.test(genesisHash)) {
          throw new ProviderRpcError(-32602, 'signPayload: the payload needs the chain genesisHash (0x and 64 hex characters)');
        }
        const chain = chainFor(address, genesisHash);
        const reply = await ask('polkadot_signTransaction', { address, transactionPayload: payload }, chain);
        // @polkadot/api puts the signature into the extrinsic itself: it must carry its key type.
        if (typeof reply.signature !== 'string' || !TYPED_SIGNATURE.test(reply.signature)) {
          throw new ProviderRpcError(-32603, 'The wallet answered polkadot_signTransaction without a typed signature (MultiSignature hex)');
        }
        return { id: idOf(reply), signature: reply.signature };
      },
      async signRaw(value) {
        const raw = objectArgument(value, 'signRaw: the request');
        const { address, data, type } = raw;
        if (typeof address !== 'string') throw new ProviderRpcError(-32602, 'signRaw: the request needs the signer address');
        if (typeof data !== 'string' || !HEX_BYTES.test(data)) throw new ProviderRpcError(-32602, 'signRaw: data must be hex bytes');
        if (type !== undefined && type !== 'bytes') {
          throw new ProviderRpcError(4200, `signRaw over WalletConnect signs bytes only, not type ${JSON.stringify(type)}`);
        }
        const chain = chainFor(address);
        const message = bytesToHex(wrapBytes(hexToBytes(data)));
        // `message` as wallets read it (Reown's wallet example, Parity's polkadot-onboard); `data` + `type` as the
        // reference's SignerPayloadRaw form has it. Either way the wallet signs the wrapped bytes.
        const reply = await ask('polkadot_signMessage', { address, message, data: message, type: 'bytes' }, chain);
        if (typeof reply.signature !== 'string' || !RAW_SIGNATURE.test(reply.signature)) {
          throw new ProviderRpcError(-32603, 'The wallet answered polkadot_signMessage without a valid signature');
        }
        return { id: idOf(reply), signature: reply.signature };
      },
    },
  };

  return {
    version: VERSION,
    enable: async () => injected,
    accountsChanged() {
      const current = accounts();
      for (const listener of [...listeners]) {
        try {
          listener(current);
        } catch {
          // a listener's failure is its own
        }
      }
    },
  };
}
