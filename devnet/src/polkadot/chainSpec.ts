import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the local chain spec is: Rococo Asset Hub (statemine runtime, spec 900), a real Substrate runtime with balances. */
export const LOCAL_POLKADOT_CHAIN = Object.freeze({ name: 'Rococo Asset Hub', ss58Format: 2, decimals: 12, symbol: 'ROC' });

/**
 * Writes the raw chain spec of Rococo Asset Hub from @substrate/connect-known-chains (the one spec there with a raw
 * genesis, runtime code included) into `directory`; loaded on use, it is 1.2 MB of JSON.
 */
export async function writeLocalChainSpec(directory: string): Promise<string> {
  const { chainSpec } = await import('@substrate/connect-known-chains/rococo_v2_2_asset_hub');
  const path = join(directory, 'rococo-asset-hub.json');
  writeFileSync(path, chainSpec);
  return path;
}
