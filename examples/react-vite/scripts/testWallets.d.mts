export interface DemoTestWallet {
  name: string;
  address: string;
  /** The testkit's mock wallet for the page (an IIFE bundle and its install call). */
  script: string;
}
export function demoTestWallets(chains: {
  evm?: { account: { address: string; privateKey: string }; chains: { chainId: number; rpcUrl: string; name: string }[] };
  solana?: { rpcUrl: string; caipNetworkId: string; airdrop(address: string, lamports: bigint): void };
  polkadot?: { ss58Format: number; decimals: number; fund(address: string, amount: bigint): Promise<void> };
  bitcoin?: { esploraUrl: string; fund(address: string, sats: bigint): Promise<string> };
  cosmos?: { bech32Prefix: string; fund(address: string, amount: bigint): void };
}): Promise<Record<string, DemoTestWallet>>;
