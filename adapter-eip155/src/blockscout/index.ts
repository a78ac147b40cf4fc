/**
 * @latch/adapter-eip155/blockscout — Activity and NFTs from a Blockscout instance the integrator runs
 * (REST API v2). A separate entry: nothing of it loads unless imported, and it imports no viem.
 *
 *   const instances = { 'eip155:1': 'https://explorer.example.com' };
 *   createEip155Adapter({
 *     activityProvider: createBlockscoutActivity({ instances }),
 *     nftProvider: createBlockscoutNfts({ instances }),
 *   })
 *
 * (Given as `dataServices.activity`/`nfts` of createModal instead, they would serve every namespace.)
 */
export { createBlockscoutActivity, type BlockscoutActivityOptions } from './activity.js';
export { createBlockscoutNfts } from './nfts.js';
export type { BlockscoutInstances, BlockscoutOptions } from './request.js';
