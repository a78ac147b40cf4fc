import {
  getBase58Encoder,
  getBase64Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getTransactionVersionDecoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
} from '@solana/kit';
import type {
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSignInInput,
  SolanaSignInOutput,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
} from '@solana/wallet-standard-features';
import type { WalletAccount } from '@wallet-standard/base';
import { jsonRpcRequest } from '../jsonRpc.js';
import { ProviderRpcError } from '../mockWallet/providerRpcError.js';
import { createSignInMessageText } from './signInMessage.js';
import type { MockSolanaWalletChain, MockSolanaWalletFailures } from './types.js';
import { invalidInput, SolanaWalletError, userRejected } from './walletError.js';

/** What the signing features need from the wallet they belong to. */
export interface SigningSession {
  readonly chains: readonly MockSolanaWalletChain[];
  readonly failures: Readonly<MockSolanaWalletFailures>;
  /** The signer behind `account`, or 4100 when the site is not authorised for that account. */
  signerFor(account: WalletAccount): Promise<KeyPairSigner>;
  isAuthorised(): boolean;
  /** The wallet's current account, authorised or not. */
  currentAccount(): Promise<WalletAccount>;
  /** Authorises the site (signIn connects as it signs) and returns the account. */
  authorise(): Promise<{ account: WalletAccount; signer: KeyPairSigner }>;
}

function chainOf(session: SigningSession, chain: string | undefined): MockSolanaWalletChain | undefined {
  if (chain === undefined) return undefined;
  const found = session.chains.find((candidate) => candidate.chain === chain);
  if (!found) throw invalidInput(`The wallet does not support the chain ${chain}`);
  return found;
}

async function signWireTransaction(session: SigningSession, input: SolanaSignTransactionInput): Promise<Uint8Array> {
  const signer = await session.signerFor(input.account);
  chainOf(session, input.chain);
  let transaction: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>;
  try {
    transaction = getTransactionDecoder().decode(input.transaction);
    const version = getTransactionVersionDecoder().decode(transaction.messageBytes);
    if (version !== 'legacy' && version !== 0) throw new Error(`transaction version ${version} is not supported`);
  } catch (error) {
    throw invalidInput(`Invalid transaction: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!(signer.address in transaction.signatures)) throw invalidInput(`${signer.address} is not a signer of this transaction`);
  if (session.failures.rejectSign) throw userRejected();
  const signed = await partiallySignTransaction([signer.keyPair], transaction);
  return new Uint8Array(getTransactionEncoder().encode(signed));
}

export async function signMessages(session: SigningSession, inputs: readonly SolanaSignMessageInput[]): Promise<SolanaSignMessageOutput[]> {
  const outputs: SolanaSignMessageOutput[] = [];
  for (const input of inputs) {
    const signer = await session.signerFor(input.account);
    if (session.failures.rejectSign) throw userRejected();
    const signature = await signBytes(signer.keyPair.privateKey, input.message);
    outputs.push({ signedMessage: input.message, signature: new Uint8Array(signature), signatureType: 'ed25519' });
  }
  return outputs;
}

export async function signTransactions(
  session: SigningSession,
  inputs: readonly SolanaSignTransactionInput[],
): Promise<SolanaSignTransactionOutput[]> {
  const outputs: SolanaSignTransactionOutput[] = [];
  for (const input of inputs) outputs.push({ signedTransaction: await signWireTransaction(session, input) });
  return outputs;
}

/** Signs, then sends through the chain's RPC with preflight, as an extension does; RPC errors keep their code. */
export async function signAndSendTransactions(
  session: SigningSession,
  inputs: readonly SolanaSignAndSendTransactionInput[],
): Promise<SolanaSignAndSendTransactionOutput[]> {
  const outputs: SolanaSignAndSendTransactionOutput[] = [];
  for (const input of inputs) {
    const chain = chainOf(session, input.chain);
    if (!chain) throw invalidInput('signAndSendTransaction needs a chain');
    const signed = await signWireTransaction(session, input);
    const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = input.options ?? {};
    const config = { encoding: 'base64', skipPreflight, preflightCommitment, maxRetries, minContextSlot };
    let signature: unknown;
    try {
      signature = await jsonRpcRequest(chain.rpcUrl, 'sendTransaction', [getBase64Decoder().decode(signed), config]);
    } catch (error) {
      if (error instanceof ProviderRpcError) throw new SolanaWalletError(error.code, error.message, error.data);
      throw error;
    }
    if (typeof signature !== 'string')
      throw new SolanaWalletError(-32603, `RPC ${chain.rpcUrl} answered sendTransaction without a signature`);
    outputs.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) });
  }
  return outputs;
}

function defaultDomain(): string {
  const host = (globalThis as { location?: { host?: unknown } }).location?.host;
  return typeof host === 'string' && host ? host : 'localhost';
}

/** Sign In With Solana: authorises the site and signs the standard message built from the input's fields. */
export async function signIns(session: SigningSession, inputs: readonly SolanaSignInInput[]): Promise<SolanaSignInOutput[]> {
  const outputs: SolanaSignInOutput[] = [];
  for (const input of inputs) {
    if (session.failures.rejectSign || (!session.isAuthorised() && session.failures.rejectConnect)) throw userRejected();
    const walletAddress = (await session.currentAccount()).address;
    if (input.address !== undefined && input.address !== walletAddress) {
      throw invalidInput(`signIn asked for ${input.address}, but the wallet's account is ${walletAddress}`);
    }
    const { account, signer } = await session.authorise();
    const text = createSignInMessageText({ ...input, domain: input.domain ?? defaultDomain(), address: account.address });
    const signedMessage = new TextEncoder().encode(text);
    const signature = new Uint8Array(await signBytes(signer.keyPair.privateKey, signedMessage));
    outputs.push({ account, signedMessage, signature, signatureType: 'ed25519' });
  }
  return outputs;
}
