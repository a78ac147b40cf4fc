import {
  CHAIN_NOT_SUPPORTED_MESSAGE,
  ERROR_CODES,
  LatchError,
  isUserRejection,
  readErrorCode,
  readErrorMessage,
  readUntrustedProperty,
  toLatchError,
} from '@latch/kernel';
import type { CaipNetwork } from '@latch/kernel';
import { chainIdOf, toCaipNetworkId, toHexQuantity, type Eip1193Provider } from './provider.js';

const UNRECOGNISED_CHAIN_MESSAGE = /unrecogni[sz]ed chain/i;

/** 4902, or wallets (MetaMask mobile) that wrap it in `data.originalError` or only say so in words. */
export function isUnrecognisedChainError(err: unknown): boolean {
  const originalError = readUntrustedProperty(readUntrustedProperty(err, 'data'), 'originalError');
  return (
    readErrorCode(err) === ERROR_CODES.SWITCH_CHAIN ||
    readErrorCode(originalError) === ERROR_CODES.SWITCH_CHAIN ||
    UNRECOGNISED_CHAIN_MESSAGE.test(readErrorMessage(err))
  );
}

/** EIP-3085 `wallet_addEthereumChain` parameters built from a network definition. */
export function toAddEthereumChainParameter(network: CaipNetwork) {
  const explorer = network.blockExplorers?.default.url;
  return {
    chainId: toHexQuantity(chainIdOf(network)),
    chainName: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: [...network.rpcUrls.default.http],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
    ...(network.assets?.imageUrl ? { iconUrls: [network.assets.imageUrl] } : {}),
  };
}

/** §4: `wallet_switchEthereumChain`; when the wallet does not know the chain, add it and switch again. */
export async function switchWalletNetwork(provider: Eip1193Provider, network: CaipNetwork): Promise<void> {
  const switchParams = [{ chainId: toHexQuantity(chainIdOf(network)) }];
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: switchParams });
    return;
  } catch (err) {
    if (!isUnrecognisedChainError(err)) throw toLatchError(err, 'CONNECTOR_ERROR');
  }
  try {
    await provider.request({ method: 'wallet_addEthereumChain', params: [toAddEthereumChainParameter(network)] });
  } catch (err) {
    if (isUserRejection(err)) throw toLatchError(err, 'CONNECTOR_ERROR');
    const code = readErrorCode(err);
    throw new LatchError(CHAIN_NOT_SUPPORTED_MESSAGE, { category: 'CONNECTOR_ERROR', cause: err, ...(code === undefined ? {} : { code }) });
  }
  try {
    // Most wallets switch as part of adding; asking again would only cost the visitor a second prompt.
    const current = await provider.request({ method: 'eth_chainId' });
    if (toCaipNetworkId(current) === network.caipNetworkId) return;
    await provider.request({ method: 'wallet_switchEthereumChain', params: switchParams });
  } catch (err) {
    throw toLatchError(err, 'CONNECTOR_ERROR');
  }
}
