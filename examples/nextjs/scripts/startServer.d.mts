export interface NextExampleServer {
  url: string;
  /** Origins the page may reach: the app and the configured RPCs. */
  allowedOrigins: string[];
  stop(): Promise<void>;
}
export function startNextExample(options: {
  eip155: { rpcUrl: string; chainId: number };
  solana: { rpcUrl: string; caipNetworkId: string };
  env?: Record<string, string>;
}): Promise<NextExampleServer>;
