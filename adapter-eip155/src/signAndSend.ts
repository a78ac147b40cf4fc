import { LatchError, connectorError, readErrorCode, readErrorMessage, toLatchError } from '@latch/kernel';
import type { CaipNetwork } from '@latch/kernel';
import { toCaipNetworkId, toHexQuantity, utf8ToHex, type Eip1193Provider } from './provider.js';
import type { TransferCall } from './rpc/transfer.js';
import { mapNodeError } from './nodeErrors.js';
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

/**
 * Sends through the wallet (`eth_sendTransaction`) after checking it is on the transfer's network:
 * a wallet on another chain would otherwise sign the same call for the wrong chain.
 */
export async function sendTransferTransaction(provider: Eip1193Provider, network: CaipNetwork, call: TransferCall): Promise<string> {
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
    };
    hash = await provider.request({ method: 'eth_sendTransaction', params: [transaction] });
  } catch (err) {
    throw sendError(err);
  }
  if (typeof hash !== 'string' || !isTransactionHash(hash)) {
    throw new LatchError('The wallet returned an invalid transaction hash', { category: 'CONNECTOR_ERROR' });
  }
  return hash;
}

/** §8: a node's wording (insufficient funds, nonce too low…) becomes plain text; the code stays. */
function sendError(err: unknown): LatchError {
  const mapped = mapNodeError(readErrorMessage(err));
  if (!mapped) return toLatchError(err, 'CONNECTOR_ERROR');
  return new LatchError(mapped.message, { category: 'RPC_ERROR', code: readErrorCode(err), cause: err });
}
