import { LatchError, readUntrustedProperty } from '@latch/kernel';
import { isCosmosAddress } from '../address.js';
import type { CosmosChainConfig } from '../networks/cosmosNetwork.js';
import { isUnknownChainError, malformedWalletAnswer, toWalletError } from './walletErrors.js';
import { hasWalletMethod, type KeplrStyleWallet } from './walletShape.js';

export { hasWalletMethod, isKeplrStyleWallet, type KeplrStyleWallet } from './walletShape.js';

/** Calls a wallet method on the wallet; whatever it throws becomes a LatchError (a refusal: code 4001). */
export async function callWallet(wallet: KeplrStyleWallet, walletName: string, method: string, args: unknown[]): Promise<unknown> {
  const fn = readUntrustedProperty(wallet, method);
  if (typeof fn !== 'function')
    throw new LatchError(`${walletName} does not support ${method}`, { category: 'CONNECTOR_ERROR', code: 4200 });
  try {
    return await Reflect.apply(fn, wallet, args);
  } catch (err) {
    throw toWalletError(err);
  }
}

/**
 * Asks the wallet for access to the chain (a prompt unless the site is already allowed). A wallet that does not
 * know the chain is first offered the network's `chainInfo` (`experimentalSuggestChain`), then asked again.
 */
export async function enableChain(wallet: KeplrStyleWallet, walletName: string, chain: CosmosChainConfig): Promise<void> {
  try {
    await callWallet(wallet, walletName, 'enable', [chain.chainId]);
  } catch (err) {
    if (!chain.chainInfo || !isUnknownChainError(err) || !hasWalletMethod(wallet, 'experimentalSuggestChain')) throw err;
    await callWallet(wallet, walletName, 'experimentalSuggestChain', [chain.chainInfo]);
    await callWallet(wallet, walletName, 'enable', [chain.chainId]);
  }
}

/** The wallet's account on the chain (`getKey(chainId).bech32Address`); no prompt on a chain it already enabled. */
export async function readAccount(wallet: KeplrStyleWallet, walletName: string, chain: CosmosChainConfig): Promise<string> {
  const key = await callWallet(wallet, walletName, 'getKey', [chain.chainId]);
  const address = readUntrustedProperty(key, 'bech32Address');
  if (!isCosmosAddress(address, chain.bech32Prefix)) throw malformedWalletAnswer(walletName, `key for ${chain.chainId}`);
  return address;
}
