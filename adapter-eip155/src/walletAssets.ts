import { formatUnits, readUntrustedProperty } from '@latch/kernel';
import type { CaipNetwork, TokenBalance } from '@latch/kernel';
import { chainIdOf, toHexQuantity, type Eip1193Provider } from './provider.js';
import { toChecksumAddress } from './address.js';
import { validateWalletAssets, type WalletAsset } from './walletAssetReply.js';

function hexKeyMatches(key: string, chainId: number): boolean {
  try {
    return /^0x[0-9a-f]+$/i.test(key) && BigInt(key) === BigInt(chainId);
  } catch {
    return false;
  }
}

/** EIP-7811 via EIP-5792: `assetDiscovery.supported` for this chain, or for all chains under key 0x0. */
export function supportsAssetDiscovery(capabilities: unknown, chainId: number): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false;
  return Object.keys(capabilities).some(
    (key) =>
      (hexKeyMatches(key, chainId) || hexKeyMatches(key, 0)) &&
      readUntrustedProperty(readUntrustedProperty(readUntrustedProperty(capabilities, key), 'assetDiscovery'), 'supported') === true,
  );
}

/** §5-validated assets of one chain from a wallet_getAssets reply; undefined when the reply is not acceptable. */
export function selectChainAssets(reply: unknown, chainId: number): WalletAsset[] | undefined {
  if (!validateWalletAssets(reply)) return undefined;
  if (Array.isArray(reply)) return validateWalletAssets(reply);
  const key = Object.keys(reply as object).find((candidate) => hexKeyMatches(candidate, chainId));
  return key === undefined ? undefined : validateWalletAssets(readUntrustedProperty(reply, key));
}

function toTokenBalance(asset: WalletAsset, network: CaipNetwork): TokenBalance | undefined {
  const { name, symbol, decimals, price, iconUrl, value } = asset.metadata;
  let address: string | undefined;
  if (asset.type === 'ERC20') {
    try {
      address = toChecksumAddress(asset.address);
    } catch {
      return undefined;
    }
  }
  return {
    name,
    symbol,
    chainId: network.caipNetworkId,
    ...(address ? { address } : {}),
    ...(value === undefined ? {} : { value }),
    price,
    quantity: { decimals: String(decimals), numeric: formatUnits(BigInt(asset.balance), decimals) },
    iconUrl,
  };
}

/**
 * Token balances the connected wallet knows (EIP-7811 `wallet_getAssets`), when its capabilities say it
 * supports asset discovery. Undefined means "ask the chain instead": unsupported, failed or invalid.
 */
export async function readWalletAssets(
  provider: Eip1193Provider,
  address: string,
  network: CaipNetwork,
): Promise<TokenBalance[] | undefined> {
  const chainId = chainIdOf(network);
  const chainHex = toHexQuantity(chainId);
  try {
    const capabilities = await provider.request({ method: 'wallet_getCapabilities', params: [address, [chainHex]] });
    if (!supportsAssetDiscovery(capabilities, chainId)) return undefined;
    const reply = await provider.request({ method: 'wallet_getAssets', params: [{ account: address, chainFilter: [chainHex] }] });
    const balances = selectChainAssets(reply, chainId)?.map((asset) => toTokenBalance(asset, network));
    if (!balances || balances.some((balance) => balance === undefined)) return undefined;
    return balances as TokenBalance[];
  } catch {
    return undefined; // §8: a failed capabilities request counts as "no capabilities"
  }
}
