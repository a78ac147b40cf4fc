export interface NextExampleServer {
  url: string;
  /** Origins the page may reach: the app and the configured RPCs. */
  allowedOrigins: string[];
  stop(): Promise<void>;
}
export function startNextExample(options: {
  eip155: { rpcUrl: string; chainId: number };
  /** `caipNetworkId`: the chain's CAIP-2 id (default: the localnet's). */
  solana: { rpcUrl: string; caipNetworkId?: string };
  env?: Record<string, string>;
  /** The built app's folder (default: examples/nextjs). */
  appDir?: string;
  /** A free loopback port the caller chose (e.g. to name the app's origin to another service first). */
  port?: number;
}): Promise<NextExampleServer>;
