import { LatchError, connectorError, toLatchError } from '@latch/kernel';
import type { CaipNetwork } from '@latch/kernel';
import { refusalBeforeSending } from './preSendRefusal.js';
import { toCaipNetworkId, toHexQuantity, utf8ToHex, type Eip1193Provider } from './provider.js';
import type { Eip155FeeTerms, TransferCall } from './rpc/transfer.js';
import { isSignedMessage, isTransactionHash } from './replies.js';

/** EIP-191 `personal_sign` through the wallet; resolves with the 0x signature. */
export async function signPersonalMessage(provider: Eip1193Provider, message: string, address: string): Promise<string> {
  let signature: unknown;
  try {
    signature = await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] });
  } catch (err) {
    throw toLatchError(err, 'CONNECTOR_ERROR');
  }
  if (typeof signature !== 'string' || !isSignedMessage(signature)) {
    throw new LatchError('The wallet returned an invalid signature', { category: 'CONNECTOR_ERROR' });
  }
  return signature;
}

/** The quoted gas limit and fee fields as `eth_sendTransaction` takes them: the wallet reserves and pays no more. */
function feeFields(terms: Eip155FeeTerms): Record<string, string> {
  const gas = toHexQuantity(terms.gas);
  if ('gasPrice' in terms) return { gas, gasPrice: toHexQuantity(terms.gasPrice) };
  return { gas, maxFeePerGas: toHexQuantity(terms.maxFeePerGas), maxPriorityFeePerGas: toHexQuantity(terms.maxPriorityFeePerGas) };
}

/**
 * Sends through the wallet (`eth_sendTransaction`) with the fee it quoted, after checking the wallet is on the
 * transfer's network: a wallet on another chain would otherwise sign the same call for the wrong chain.
 */
export async function sendTransferTransaction(
  provider: Eip1193Provider,
  network: CaipNetwork,
  call: TransferCall,
  terms: Eip155FeeTerms,
): Promise<string> {
  let hash: unknown;
  try {
    const walletNetwork = toCaipNetworkId(await provider.request({ method: 'eth_chainId' }));
    if (walletNetwork !== network.caipNetworkId)
      throw connectorError('CHAIN_MISMATCH', `${String(walletNetwork)} ≠ ${network.caipNetworkId}`);
    const transaction = {
      from: call.from,
      to: call.to,
      ...(call.value === undefined ? {} : { value: toHexQuantity(call.value) }),
      ...(call.data === undefined ? {} : { data: call.data }),
      ...feeFields(terms),
    };
    hash = await provider.request({ method: 'eth_sendTransaction', params: [transaction] });
  } catch (err) {
    throw refusalBeforeSending(err);
  }
  if (typeof hash !== 'string' || !isTransactionHash(hash)) {
    throw new LatchError('The wallet returned an invalid transaction hash', { category: 'CONNECTOR_ERROR' });
  }
  return hash;
}
