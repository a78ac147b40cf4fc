function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** §3 "Wallet asset reply" (EIP-7811 wallet_getAssets entry). */
export interface WalletAsset {
  address: string;
  /** Hex quantity, e.g. `0x1bc16d674ec80000`. */
  balance: `0x${string}`;
  type: 'ERC20' | 'NATIVE';
  metadata: { name: string; symbol: string; decimals: number; price: number; iconUrl: string; value?: number };
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

// Balance must be hex and decimals a whole number so BigInt()/formatUnits downstream cannot throw.
function toWalletAsset(asset: unknown): WalletAsset | undefined {
  if (!isRecord(asset) || !isRecord(asset.metadata)) return undefined;
  const { address, balance, type } = asset;
  const { name, symbol, iconUrl, decimals, price, value } = asset.metadata;
  if (typeof address !== 'string' || typeof balance !== 'string' || !/^0x[0-9a-fA-F]+$/.test(balance)) return undefined;
  if (type !== 'ERC20' && type !== 'NATIVE') return undefined;
  if (typeof name !== 'string' || typeof symbol !== 'string' || typeof iconUrl !== 'string') return undefined;
  if (!isFiniteNumber(decimals) || !Number.isInteger(decimals) || decimals < 0 || !isFiniteNumber(price)) {
    return undefined;
  }
  const metadata: WalletAsset['metadata'] = { name, symbol, decimals, price, iconUrl };
  if (isFiniteNumber(value)) metadata.value = value;
  return { address, balance: balance as `0x${string}`, type, metadata };
}

/**
 * §5 asset discovery: accepts an array of assets or an EIP-7811 record of arrays keyed by chain id
 * (flattened); one malformed asset rejects the whole reply. Returns fresh objects with known fields only.
 */
export function validateWalletAssets(reply: unknown): WalletAsset[] | undefined {
  let candidates: unknown[];
  if (Array.isArray(reply)) {
    candidates = reply;
  } else if (isRecord(reply)) {
    const groups = Object.values(reply);
    if (!groups.every(Array.isArray)) return undefined;
    candidates = groups.flat();
  } else {
    return undefined;
  }
  const assets: WalletAsset[] = [];
  for (const candidate of candidates) {
    const asset = toWalletAsset(candidate);
    if (!asset) return undefined;
    assets.push(asset);
  }
  return assets;
}
