import { ProviderRpcError, requestApprovedObject, type SessionChannel } from './channel.js';
import { decodeBase58, decodeBase64, encodeBase58, encodeBase64 } from './codec.js';

/*
 * A Wallet Standard wallet over a WalletConnect session, for the solana adapter: the approved
 * accounts, and the solana_* methods the wallet approved as solana:* features.
 */

interface Account {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly `solana:${string}`[];
  readonly features: readonly string[];
}

type ChangeListener = (properties: { accounts?: readonly Account[] }) => void;

export interface SolanaSessionWallet {
  readonly version: '1.0.0';
  readonly name: string;
  readonly icon: string;
  readonly chains: readonly `solana:${string}`[];
  readonly accounts: readonly Account[];
  readonly features: Record<string, unknown>;
  /** The session's accounts changed (or it ended: none left). */
  accountsChanged(): void;
}

interface SignInput {
  account: { address: string };
  chain?: string;
}

/** The wire bytes of a transaction with `signature` put in the slot of `signer` (the wallet returned only the signature). */
export function withSignature(transaction: Uint8Array, signer: Uint8Array, signature: Uint8Array): Uint8Array {
  // compact-u16 count of signatures, the signatures, then the message (a version-0 one starts with 0x80).
  let offset = 0;
  let count = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = transaction[offset++] as number;
    count |= (byte & 0x7f) << shift;
    if (!(byte & 0x80)) break;
  }
  const message = offset + count * 64;
  let at = message + ((transaction[message] as number) & 0x80 ? 1 : 0);
  const required = transaction[at] as number;
  at += 3;
  let keys = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = transaction[at++] as number;
    keys |= (byte & 0x7f) << shift;
    if (!(byte & 0x80)) break;
  }
  for (let index = 0; index < Math.min(required, keys, count); index++) {
    const key = transaction.subarray(at + index * 32, at + index * 32 + 32);
    if (key.every((byte, i) => byte === signer[i])) {
      const signed = transaction.slice();
      signed.set(signature, offset + index * 64);
      return signed;
    }
  }
  throw new ProviderRpcError(-32603, 'The wallet signed for an account that is not a signer of this transaction');
}

const signatureOf = (reply: Record<string, unknown>) => {
  const bytes = typeof reply.signature === 'string' ? decodeBase58(reply.signature) : undefined;
  if (bytes?.length !== 64) throw new ProviderRpcError(-32603, 'The wallet returned an invalid signature');
  return bytes;
};

/** The Wallet Standard signing features, each input sent to the wallet in turn on its chain (`chainOf`). */
function signingFeatures(channel: SessionChannel, chainOf: (input: SignInput) => string) {
  const ask = (method: string, params: unknown, chain: string) => requestApprovedObject(channel, method, params, chain);
  const signMessage = {
    version: '1.0.0',
    async signMessage(...inputs: (SignInput & { message: Uint8Array })[]) {
      const outputs = [];
      for (const input of inputs) {
        const reply = await ask(
          'solana_signMessage',
          { message: encodeBase58(input.message), pubkey: input.account.address },
          chainOf(input),
        );
        outputs.push({ signedMessage: input.message, signature: signatureOf(reply) });
      }
      return outputs;
    },
  };
  const signTransaction = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signTransaction(...inputs: (SignInput & { transaction: Uint8Array })[]) {
      const outputs = [];
      for (const input of inputs) {
        const reply = await ask('solana_signTransaction', { transaction: encodeBase64(input.transaction) }, chainOf(input));
        const signedTransaction =
          typeof reply.transaction === 'string'
            ? decodeBase64(reply.transaction)
            : withSignature(input.transaction, decodeBase58(input.account.address), signatureOf(reply));
        outputs.push({ signedTransaction });
      }
      return outputs;
    },
  };
  const signAndSend = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signAndSendTransaction(...inputs: (SignInput & { transaction: Uint8Array; options?: unknown })[]) {
      const outputs = [];
      for (const input of inputs) {
        const reply = await ask(
          'solana_signAndSendTransaction',
          { transaction: encodeBase64(input.transaction), sendOptions: input.options ?? {} },
          chainOf(input),
        );
        outputs.push({ signature: signatureOf(reply) });
      }
      return outputs;
    },
  };
  return { signMessage, signTransaction, signAndSend };
}

export function createSolanaWallet(channel: SessionChannel, identity: { name: string; icon: string }): SolanaSessionWallet {
  const listeners = new Set<ChangeListener>();
  const approved = () => channel.approved();
  const methods = () => approved()?.methods ?? [];
  const chains = () => (approved()?.chains ?? []).filter((c): c is `solana:${string}` => c.startsWith('solana:'));

  const features: Record<string, unknown> = {};
  const featureNames = () =>
    [
      methods().includes('solana_signMessage') && 'solana:signMessage',
      methods().includes('solana_signTransaction') && 'solana:signTransaction',
      methods().includes('solana_signAndSendTransaction') && 'solana:signAndSendTransaction',
    ].filter((f): f is string => typeof f === 'string');
  const accounts = (): Account[] =>
    (approved()?.addresses ?? []).map((address) => ({
      address,
      publicKey: decodeBase58(address),
      chains: chains(),
      features: featureNames(),
    }));
  const chainOf = (input: SignInput) => input.chain ?? chains()[0] ?? 'solana';

  features['standard:connect'] = { version: '1.0.0', connect: async () => ({ accounts: accounts() }) };
  features['standard:disconnect'] = { version: '1.0.0', disconnect: async () => undefined };
  features['standard:events'] = {
    version: '1.0.0',
    on(event: string, listener: ChangeListener) {
      if (event !== 'change') return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const { signMessage, signTransaction, signAndSend } = signingFeatures(channel, chainOf);

  return {
    version: '1.0.0',
    name: identity.name,
    icon: identity.icon,
    get chains() {
      return chains();
    },
    get accounts() {
      return accounts();
    },
    get features() {
      // Only what the wallet approved: the adapter picks sign-and-send or sign-only from what is present.
      const present: Record<string, unknown> = {
        'standard:connect': features['standard:connect'],
        'standard:disconnect': features['standard:disconnect'],
        'standard:events': features['standard:events'],
      };
      if (methods().includes('solana_signMessage')) present['solana:signMessage'] = signMessage;
      if (methods().includes('solana_signTransaction')) present['solana:signTransaction'] = signTransaction;
      if (methods().includes('solana_signAndSendTransaction')) present['solana:signAndSendTransaction'] = signAndSend;
      return present;
    },
    accountsChanged() {
      const current = accounts();
      for (const listener of [...listeners]) listener({ accounts: current });
    },
  };
}
