import type { CaipNetwork } from '@latch/kernel';
import { base58, base64 } from '@scure/base';
import type { ApprovalDetails } from './controller.js';
import { ProviderRpcError } from './errors.js';
import type { ProviderDeps } from './eip155Provider.js';
import { formatUnits } from './eip155Provider.js';
import { jsonRpc } from './jsonRpc.js';

/*
 * The Wallet Standard wallet the solana adapter drives: signMessage and signTransaction are approved by the
 * visitor, then signed in the frame; signAndSendTransaction signs there and broadcasts over the network's RPC.
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

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const PROGRAM_NAMES: Record<string, string> = {
  [SYSTEM_PROGRAM]: 'System Program',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token Program',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo',
};

function compactU16(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let offset = at;
  for (let shift = 0; shift < 21; shift += 7) {
    const byte = bytes[offset++];
    if (byte === undefined) throw new ProviderRpcError(-32602, 'The transaction is malformed');
    value |= (byte & 0x7f) << shift;
    if (!(byte & 0x80)) break;
  }
  return [value, offset];
}

/** What a wire transaction does, one line per instruction (a SOL transfer spelled out). */
export function summarizeTransaction(wire: Uint8Array): string[] {
  let [count, at] = compactU16(wire, 0);
  at += count * 64;
  if ((wire[at] as number) & 0x80) at += 1; // version-0 prefix
  at += 3; // header
  let keys: number;
  [keys, at] = compactU16(wire, at);
  const accounts: string[] = [];
  for (let i = 0; i < keys; i++) accounts.push(base58.encode(wire.subarray(at + i * 32, at + i * 32 + 32)));
  at += keys * 32 + 32; // keys, recent blockhash
  let instructions: number;
  [instructions, at] = compactU16(wire, at);
  const lines: string[] = [];
  for (let i = 0; i < instructions; i++) {
    const program = accounts[wire[at++] as number] ?? 'an unknown program';
    let n: number;
    [n, at] = compactU16(wire, at);
    const used = [...wire.subarray(at, at + n)].map((index) => accounts[index] ?? '?');
    at += n;
    [n, at] = compactU16(wire, at);
    const data = wire.subarray(at, at + n);
    at += n;
    if (at > wire.length) throw new ProviderRpcError(-32602, 'The transaction is malformed');
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (program === SYSTEM_PROGRAM && data.length === 12 && view.getUint32(0, true) === 2) {
      lines.push(`Transfer ${formatUnits(view.getBigUint64(4, true), 9, 'SOL')} to ${used[1]}`);
    } else {
      lines.push(`${PROGRAM_NAMES[program] ?? program}: ${used.length} account(s), ${data.length} byte(s) of data`);
    }
  }
  return lines;
}

export function createSolanaWallet(
  address: string,
  networks: readonly CaipNetwork[],
  deps: ProviderDeps,
  name: string,
): EmbeddedSolanaWallet {
  const listeners = new Set<ChangeListener>();
  let ended = false;
  const chains = networks.map((n) => n.caipNetworkId as `solana:${string}`);
  const features = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'];
  const account: Account = { address, publicKey: base58.decode(address), chains, features };
  const networkOf = (input: SignInput) => networks.find((n) => n.caipNetworkId === input.chain) ?? (networks[0] as CaipNetwork);
  const live = () => {
    if (ended) throw new ProviderRpcError(4900, 'The embedded wallet is disconnected');
  };
  const mine = (input: SignInput) => {
    live();
    if (input.account?.address !== address) throw new ProviderRpcError(4100, 'The request is not for this account');
  };
  const approve = (details: ApprovalDetails) => deps.approve(details);

  async function signTransaction(input: SignInput & { transaction: Uint8Array }, send: boolean): Promise<Uint8Array> {
    mine(input);
    const network = networkOf(input);
    await approve({ kind: 'solanaTransaction', network: network.name, instructions: summarizeTransaction(input.transaction), send });
    const reply = (await deps.rpc(
      'solana_signTransaction',
      { transaction: base64.encode(input.transaction) },
      'solana',
      network.caipNetworkId,
    )) as { transaction?: unknown };
    if (typeof reply?.transaction !== 'string') throw new ProviderRpcError(-32603, 'The embedded wallet returned no transaction');
    return base64.decode(reply.transaction);
  }

  const wallet: EmbeddedSolanaWallet = {
    version: '1.0.0',
    name,
    icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><rect width='40' height='40' rx='9' fill='%23475467'/></svg>",
    chains,
    get accounts() {
      return ended ? [] : [account];
    },
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: ended ? [] : [account] }) },
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
        async signMessage(...inputs: (SignInput & { message: Uint8Array })[]) {
          const outputs = [];
          for (const input of inputs) {
            mine(input);
            let text: string;
            try {
              text = new TextDecoder('utf-8', { fatal: true }).decode(input.message);
            } catch {
              text = base58.encode(input.message);
            }
            const network = networkOf(input);
            await approve({ kind: 'message', namespace: 'solana', network: network.name, text });
            const reply = (await deps.rpc(
              'solana_signMessage',
              { message: base58.encode(input.message) },
              'solana',
              network.caipNetworkId,
            )) as { signature?: unknown };
            const signature = typeof reply?.signature === 'string' ? base58.decode(reply.signature) : undefined;
            if (signature?.length !== 64) throw new ProviderRpcError(-32603, 'The embedded wallet returned an invalid signature');
            outputs.push({ signedMessage: input.message, signature });
          }
          return outputs;
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: (SignInput & { transaction: Uint8Array })[]) {
          const outputs = [];
          for (const input of inputs) outputs.push({ signedTransaction: await signTransaction(input, false) });
          return outputs;
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: (SignInput & { transaction: Uint8Array; options?: unknown })[]) {
          const outputs = [];
          for (const input of inputs) {
            const signed = await signTransaction(input, true);
            const url = networkOf(input).rpcUrls.default.http[0];
            if (!url) throw new ProviderRpcError(-32002, 'No RPC URL configured for this network');
            const signature = await jsonRpc(url, 'sendTransaction', [
              base64.encode(signed),
              { encoding: 'base64', preflightCommitment: 'confirmed' },
            ]);
            if (typeof signature !== 'string') throw new ProviderRpcError(-32603, 'The network did not return a signature');
            outputs.push({ signature: base58.decode(signature) });
          }
          return outputs;
        },
      },
    },
    end() {
      if (ended) return;
      ended = true;
      for (const listener of listeners) listener({ accounts: [] });
      listeners.clear();
    },
  };
  return wallet;
}
