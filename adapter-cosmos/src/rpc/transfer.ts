import { GasPrice, SigningStargateClient, type StdFee, calculateFee } from '@cosmjs/stargate';
import { LatchError, readUntrustedProperty, type FeeQuote } from '@latch/kernel';
import type { CosmosChainConfig } from '../networks/cosmosNetwork.js';
import { RPC_TIMEOUT_MS, withTimeout } from './timeout.js';
import { chainRejection, toTransferError } from './transferErrors.js';
import { guardWalletSigner } from './walletSigner.js';

/** SigningStargateClient's `defaultGasMultiplier`, which fee 'auto' applies. */
const AUTO_GAS_MULTIPLIER = 1.4;

export interface NativeTransfer {
  rpcUrl: string;
  chain: CosmosChainConfig;
  walletName: string;
  /** What the wallet's `getOfflineSigner(chainId)` returned. */
  walletSigner: unknown;
  from: string;
  to: string;
  amount: bigint;
  broadcastPollIntervalMs: number;
  /** The fee `estimateNativeTransferFee` quoted, when the visitor reviewed one: signed as it is. */
  quotedFee?: StdFee;
}

const sendMessage = ({ from, to, amount, chain }: NativeTransfer) => ({
  typeUrl: '/cosmos.bank.v1beta1.MsgSend',
  value: { fromAddress: from, toAddress: to, amount: [{ denom: chain.denom, amount: amount.toString() }] },
});

/** A signing client on the node, after checking the node serves the chain the wallet signs for. */
async function connect(transfer: NativeTransfer): Promise<SigningStargateClient> {
  const signer = guardWalletSigner(transfer.walletSigner, transfer.walletName, transfer.chain.chainId);
  const client = await withTimeout(
    SigningStargateClient.connectWithSigner(transfer.rpcUrl, signer, {
      gasPrice: GasPrice.fromString(transfer.chain.gasPrice),
      broadcastPollIntervalMs: transfer.broadcastPollIntervalMs,
    }),
    RPC_TIMEOUT_MS,
    `The Cosmos node at ${transfer.rpcUrl}`,
  );
  const nodeChainId = await withTimeout(client.getChainId(), RPC_TIMEOUT_MS, 'The Cosmos node');
  if (nodeChainId !== transfer.chain.chainId) {
    client.disconnect();
    throw new LatchError(`The node at ${transfer.rpcUrl} serves chain ${nodeChainId}, not ${transfer.chain.chainId}`, {
      category: 'RPC_ERROR',
    });
  }
  return client;
}

/** What fee 'auto' would pay: CosmJS's default gas multiplier over the simulated gas, at the network's gas price. */
async function autoFee(client: SigningStargateClient, transfer: NativeTransfer): Promise<StdFee> {
  const gas = await withTimeout(client.simulate(transfer.from, [sendMessage(transfer)], ''), RPC_TIMEOUT_MS, 'The Cosmos node');
  return calculateFee(Math.ceil(gas * AUTO_GAS_MULTIPLIER), GasPrice.fromString(transfer.chain.gasPrice));
}

const feeAmount = (fee: StdFee, denom: string) => BigInt(fee.amount.find((coin) => coin.denom === denom)?.amount ?? '0');

/**
 * MsgSend of the native denom, its fee simulated first; refused before the wallet is asked when the balance does not
 * cover amount plus fee (a chain would take the fee and fail the send). Resolves the tx hash once it is in a block.
 */
export async function sendNativeTransfer(transfer: NativeTransfer): Promise<string> {
  let client: SigningStargateClient | undefined;
  try {
    client = await connect(transfer);
    const { from, to, chain, amount } = transfer;
    const fee = transfer.quotedFee ?? (await autoFee(client, transfer));
    const balance = await withTimeout(client.getBalance(from, chain.denom), RPC_TIMEOUT_MS, 'The Cosmos node');
    if (BigInt(balance.amount) < amount + feeAmount(fee, chain.denom)) throw chainRejection(5, 'sdk', 'insufficient funds');
    const result = await client.sendTokens(from, to, [{ denom: chain.denom, amount: amount.toString() }], fee);
    if (result.code !== 0) throw chainRejection(result.code, '', result.rawLog ?? '');
    return result.transactionHash;
  } catch (err) {
    throw toTransferError(err);
  } finally {
    client?.disconnect();
  }
}

/** The fee `sendNativeTransfer` pays, in the native denom's smallest unit, with the StdFee to sign (it simulates; the wallet signs nothing). */
export async function estimateNativeTransferFee(transfer: NativeTransfer): Promise<FeeQuote> {
  let client: SigningStargateClient | undefined;
  try {
    client = await connect(transfer);
    const fee = await autoFee(client, transfer);
    return { fee: feeAmount(fee, transfer.chain.denom), terms: fee };
  } catch (err) {
    throw toTransferError(err);
  } finally {
    client?.disconnect();
  }
}

/** The StdFee a quote of `estimateNativeTransferFee` carries, when it is one for this denom and its figure matches. */
export function quotedStdFee(quote: FeeQuote | undefined, denom: string): StdFee | undefined {
  const terms = quote?.terms;
  const gas = readUntrustedProperty(terms, 'gas');
  const amount = readUntrustedProperty(terms, 'amount');
  if (typeof gas !== 'string' || !/^\d+$/.test(gas) || !Array.isArray(amount) || amount.length !== 1) return undefined;
  const [coin] = amount as unknown[];
  const coinAmount = readUntrustedProperty(coin, 'amount');
  if (readUntrustedProperty(coin, 'denom') !== denom || typeof coinAmount !== 'string' || !/^\d+$/.test(coinAmount)) return undefined;
  if (BigInt(coinAmount) !== quote?.fee) return undefined;
  return { gas, amount: [{ denom, amount: coinAmount }] };
}
