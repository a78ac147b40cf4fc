/** Solana network definitions, importable one by one: the three clusters are the kernel's built-ins (§3). */
export { solana, solanaDevnet, solanaTestnet } from '@latch/kernel';
export {
  solanaLocalnet,
  createSolanaLocalnet,
  SOLANA_LOCALNET_CAIP_NETWORK_ID,
  SOLANA_LOCALNET_RPC_URL,
  type SolanaLocalnetOptions,
} from './localnet.js';
