import { getBase58Decoder, getBase64Decoder, getTransactionEncoder } from '@solana/kit';
import type { Base64EncodedWireTransaction } from '@solana/kit';
import { LatchError, toLatchError } from '@latch/kernel';
import type { TransferRequest } from '@latch/kernel';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { SIGNATURE_BYTES } from '../constants.js';
import { isByteArray, readFeature, transactionVersionFor } from '../walletFeatures.js';
import { toWalletError, unsupportedFeature } from '../walletErrors.js';
import type { NetworkRpc } from './client.js';
import { compileTransfer } from './transfer.js';

export interface WalletTransfer {
  rpc: NetworkRpc;
  wallet: Wallet;
  account: WalletAccount;
  /** The wallet's own id for the network. */
  chain: `solana:${string}`;
  request: TransferRequest;
}

function toSignature(bytes: unknown): string {
  if (!isByteArray(bytes) || bytes.length !== SIGNATURE_BYTES) {
    throw new LatchError('The wallet returned an invalid signature', { category: 'CONNECTOR_ERROR' });
  }
  return getBase58Decoder().decode(bytes);
}

async function askWallet<T>(request: () => Promise<readonly T[]>): Promise<T | undefined> {
  try {
    return (await request())[0];
  } catch (err) {
    throw toWalletError(err);
  }
}

/**
 * Builds the transfer and has the wallet sign and send it (solana:signAndSendTransaction); a wallet that only
 * signs (solana:signTransaction) gets the transaction back to us and we send it. Resolves with the base58 signature.
 */
export async function sendTransferThroughWallet({ rpc, wallet, account, chain, request }: WalletTransfer): Promise<string> {
  const signAndSend = readFeature(wallet, 'solana:signAndSendTransaction');
  const signOnly = signAndSend ? undefined : readFeature(wallet, 'solana:signTransaction');
  if (!signAndSend && !signOnly) throw unsupportedFeature(String(wallet.name), 'solana:signTransaction');
  let transaction: Uint8Array;
  try {
    const compiled = await compileTransfer(rpc, request, transactionVersionFor(signAndSend ?? signOnly));
    transaction = new Uint8Array(getTransactionEncoder().encode(compiled));
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
  if (signAndSend) {
    const output = await askWallet(() => signAndSend.signAndSendTransaction({ account, transaction, chain }));
    return toSignature(output?.signature);
  }
  const output = await askWallet(() => (signOnly as NonNullable<typeof signOnly>).signTransaction({ account, transaction, chain }));
  const signed = output?.signedTransaction;
  if (!isByteArray(signed)) throw new LatchError('The wallet returned no signed transaction', { category: 'CONNECTOR_ERROR' });
  try {
    const wire = getBase64Decoder().decode(signed) as Base64EncodedWireTransaction;
    return await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
}
