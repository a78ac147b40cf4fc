import type { CaipNetwork } from '@latch/kernel';
import { base58, base64 } from '@scure/base';
import { ProviderRpcError } from './errors.js';
import type { ProviderDeps } from './eip155Provider.js';
import { jsonRpc } from './jsonRpc.js';

/*
 * The Wallet Standard wallet the solana adapter drives: signMessage and signTransaction go to the frame, which
 * shows them to the visitor in its own approval page and signs only what they approved; signAndSendTransaction
 * then broadcasts over the network's RPC.
 */

interface Account {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly `solana:${string}`[];
  readonly features: readonly string[];
}

type ChangeListener = (properties: { accounts?: readonly Account[] }) => void;

export interface EmbeddedSolanaWallet {
  readonly version: '1.0.0';
  readonly name: string;
  readonly icon: string;
  readonly chains: readonly `solana:${string}`[];
  readonly accounts: readonly Account[];
  readonly features: Record<string, unknown>;
  end(): void;
}

interface SignInput {
  account: { address: string };
  chain?: string;
}

/** One wallet's state: its account, the session's networks, the frame's RPC and whether the session ended. */
interface WalletState {
  readonly address: string;
  readonly networks: readonly CaipNetwork[];
  readonly deps: ProviderDeps;
  readonly listeners: Set<ChangeListener>;
  ended: boolean;
}

const networkOf = ({ networks }: WalletState, input: SignInput) =>
  networks.find((n) => n.caipNetworkId === input.chain) ?? (networks[0] as CaipNetwork);

function mine(state: WalletState, input: SignInput) {
  if (state.ended) throw new ProviderRpcError(4900, 'The embedded wallet is disconnected');
  if (input.account?.address !== state.address) throw new ProviderRpcError(4100, 'The request is not for this account');
}

/** A request to the frame on the input's chain (the visitor approves it in the frame's own page). */
const ask = (state: WalletState, input: SignInput, method: string, params: object) =>
  state.deps.rpc(method, params, 'solana', networkOf(state, input).caipNetworkId);

async function signTransaction(state: WalletState, input: SignInput & { transaction: Uint8Array }): Promise<Uint8Array> {
  mine(state, input);
  const reply = (await ask(state, input, 'solana_signTransaction', { transaction: base64.encode(input.transaction) })) as {
    transaction?: unknown;
  };
  if (typeof reply?.transaction !== 'string') throw new ProviderRpcError(-32603, 'The embedded wallet returned no transaction');
  return base64.decode(reply.transaction);
}

async function signMessages(state: WalletState, inputs: (SignInput & { message: Uint8Array })[]) {
  const outputs = [];
  for (const input of inputs) {
    mine(state, input);
    const reply = (await ask(state, input, 'solana_signMessage', { message: base58.encode(input.message) })) as { signature?: unknown };
    const signature = typeof reply?.signature === 'string' ? base58.decode(reply.signature) : undefined;
    if (signature?.length !== 64) throw new ProviderRpcError(-32603, 'The embedded wallet returned an invalid signature');
    outputs.push({ signedMessage: input.message, signature });
  }
  return outputs;
}

async function signAndSendTransactions(state: WalletState, inputs: (SignInput & { transaction: Uint8Array; options?: unknown })[]) {
  const outputs = [];
  for (const input of inputs) {
    const signed = await signTransaction(state, input);
    const url = networkOf(state, input).rpcUrls.default.http[0];
    if (!url) throw new ProviderRpcError(-32002, 'No RPC URL configured for this network');
    const signature = await jsonRpc(url, 'sendTransaction', [
      base64.encode(signed),
      { encoding: 'base64', preflightCommitment: 'confirmed' },
    ]);
    if (typeof signature !== 'string') throw new ProviderRpcError(-32603, 'The network did not return a signature');
    outputs.push({ signature: base58.decode(signature) });
  }
  return outputs;
}

export function createSolanaWallet(
  address: string,
  networks: readonly CaipNetwork[],
  deps: ProviderDeps,
  name: string,
): EmbeddedSolanaWallet {
  const state: WalletState = { address, networks, deps, listeners: new Set(), ended: false };
  const { listeners } = state;
  const chains = networks.map((n) => n.caipNetworkId as `solana:${string}`);
  const features = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'];
  const account: Account = { address, publicKey: base58.decode(address), chains, features };

  const wallet: EmbeddedSolanaWallet = {
    version: '1.0.0',
    name,
    icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><rect width='40' height='40' rx='9' fill='%23475467'/></svg>",
    chains,
    get accounts() {
      return state.ended ? [] : [account];
    },
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: state.ended ? [] : [account] }) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => undefined },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: ChangeListener) {
          if (event !== 'change') return () => undefined;
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: (SignInput & { message: Uint8Array })[]) => signMessages(state, inputs),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: (SignInput & { transaction: Uint8Array })[]) {
          const outputs = [];
          for (const input of inputs) outputs.push({ signedTransaction: await signTransaction(state, input) });
          return outputs;
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: (...inputs: (SignInput & { transaction: Uint8Array; options?: unknown })[]) =>
          signAndSendTransactions(state, inputs),
      },
    },
    end() {
      if (state.ended) return;
      state.ended = true;
      for (const listener of listeners) listener({ accounts: [] });
      listeners.clear();
    },
  };
  return wallet;
}
