/** Solana network definitions, importable one by one: the three clusters are the §3 built-ins. */
export { solana, solanaDevnet, solanaTestnet } from './clusters.js';
export {
  solanaLocalnet,
  createSolanaLocalnet,
  SOLANA_LOCALNET_CAIP_NETWORK_ID,
  SOLANA_LOCALNET_RPC_URL,
  type SolanaLocalnetOptions,
} from './localnet.js';
