import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getTransactionVersionDecoder,
  type KeyPairSigner,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit';
import { jsonRpcRequest } from '../jsonRpc.js';
import { ProviderRpcError } from '../mockWallet/providerRpcError.js';
import { invalidParams, unsupportedAccounts, unsupportedMethod, userRejected, WalletRequestError } from './walletRequestError.js';

/** The solana methods the test wallet approves and answers (WalletConnect's Solana RPC reference). */
export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const;

export interface SolanaRequestContext {
  readonly signer: KeyPairSigner;
  readonly rpcUrl: string;
  readonly rejectSigning: boolean;
}

function objectParam(value: unknown, method: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`${method}: params must be an object`);
  return value as Record<string, unknown>;
}

function decodeBase58(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || value.length === 0) throw invalidParams(`${what} must be a base58 string`);
  try {
    return new Uint8Array(getBase58Encoder().encode(value));
  } catch {
    throw invalidParams(`${what} is not base58`);
  }
}

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes);

async function signWireTransaction(context: SolanaRequestContext, encoded: unknown, method: string): Promise<Uint8Array> {
  if (typeof encoded !== 'string' || encoded.length === 0) throw invalidParams(`${method}: transaction must be a base64 string`);
  let transaction: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>;
  try {
    transaction = getTransactionDecoder().decode(getBase64Encoder().encode(encoded));
    const version = getTransactionVersionDecoder().decode(transaction.messageBytes);
    if (version !== 'legacy' && version !== 0) throw new Error(`version ${version} is not supported`);
  } catch (error) {
    throw invalidParams(`${method}: invalid transaction: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!(context.signer.address in transaction.signatures))
    throw unsupportedAccounts(`${context.signer.address} is not a signer of this transaction`);
  if (context.rejectSigning) throw userRejected();
  const signed = await partiallySignTransaction([context.signer.keyPair], transaction);
  return new Uint8Array(getTransactionEncoder().encode(signed));
}

function feePayerSignature(wire: Uint8Array): string {
  const transaction = getTransactionDecoder().decode(wire);
  const signature = Object.values(transaction.signatures)[0];
  if (!signature) throw new WalletRequestError(-32603, 'signed transaction has no signature');
  return base58(new Uint8Array(signature));
}

/** Answers one solana request with the wallet's real ed25519 key; sends go to the local Solana RPC. */
export async function answerSolanaRequest(context: SolanaRequestContext, method: string, rawParams: unknown): Promise<unknown> {
  const params = objectParam(rawParams, method);
  switch (method) {
    case 'solana_signMessage': {
      const message = decodeBase58(params.message, 'solana_signMessage: message');
      if (params.pubkey !== undefined && params.pubkey !== context.signer.address) throw unsupportedAccounts(String(params.pubkey));
      if (context.rejectSigning) throw userRejected();
      return { signature: base58(new Uint8Array(await signBytes(context.signer.keyPair.privateKey, message))) };
    }
    case 'solana_signTransaction': {
      const signed = await signWireTransaction(context, params.transaction, method);
      return { signature: feePayerSignature(signed), transaction: getBase64Decoder().decode(signed) };
    }
    case 'solana_signAllTransactions': {
      if (!Array.isArray(params.transactions)) throw invalidParams('solana_signAllTransactions: transactions must be an array');
      const signed: string[] = [];
      for (const transaction of params.transactions)
        signed.push(getBase64Decoder().decode(await signWireTransaction(context, transaction, method)));
      return { transactions: signed };
    }
    case 'solana_signAndSendTransaction': {
      const signed = await signWireTransaction(context, params.transaction, method);
      const sendOptions = typeof params.sendOptions === 'object' && params.sendOptions !== null ? params.sendOptions : {};
      try {
        const signature = await jsonRpcRequest(context.rpcUrl, 'sendTransaction', [
          getBase64Decoder().decode(signed),
          { ...sendOptions, encoding: 'base64' },
        ]);
        if (typeof signature !== 'string') throw new WalletRequestError(-32603, 'sendTransaction answered without a signature');
        return { signature };
      } catch (error) {
        if (error instanceof ProviderRpcError) throw new WalletRequestError(error.code, error.message, error.data);
        throw error;
      }
    }
    default:
      throw unsupportedMethod(method);
  }
}
