/**
 * What the server tells the page: its chains (and optionally the embedded wallet service). Read from
 * the environment on each request, so one `next build` serves any local chains; plain JSON, passed
 * from the server layout to the client providers.
 */
export interface ExampleConfig {
  eip155: { rpcUrl: string; chainId: number; name: string };
  solana: { rpcUrl: string; caipNetworkId?: `solana:${string}` };
  /** The connection kept in cookies, so the server renders the account (default); `LATCH_COOKIE_STATE=off`: localStorage, as an SPA. */
  cookieState: boolean;
  /** The embedded wallet service (e-mail sign-in), when configured: the only host the page may frame. */
  embedded?: { serviceUrl: string; projectId: string };
}

export function readConfig(env: Record<string, string | undefined> = process.env): ExampleConfig {
  const chainId = Number(env.LATCH_EIP155_CHAIN_ID ?? 31337);
  const caipNetworkId = env.LATCH_SOLANA_CAIP_NETWORK_ID;
  return {
    eip155: { rpcUrl: env.LATCH_EIP155_RPC_URL ?? 'http://127.0.0.1:8545', chainId, name: 'Local Devnet' },
    solana: {
      rpcUrl: env.LATCH_SOLANA_RPC_URL ?? 'http://127.0.0.1:8899',
      ...(caipNetworkId?.startsWith('solana:') ? { caipNetworkId: caipNetworkId as `solana:${string}` } : {}),
    },
    cookieState: env.LATCH_COOKIE_STATE !== 'off',
    ...(env.LATCH_EMBEDDED_SERVICE_URL
      ? { embedded: { serviceUrl: env.LATCH_EMBEDDED_SERVICE_URL, projectId: env.LATCH_EMBEDDED_PROJECT_ID ?? 'latch-example' } }
      : {}),
  };
}

/**
 * A strict Content-Security-Policy: scripts only with this response's nonce, requests only to this
 * origin and the configured RPCs, frames only from the embedded wallet service (none without it).
 */
export function contentSecurityPolicy(config: ExampleConfig, nonce: string, dev = false): string {
  const origin = (url: string) => new URL(url).origin;
  const rpcs = [config.eip155.rpcUrl, config.solana.rpcUrl, ...(config.embedded ? [config.embedded.serviceUrl] : [])].map(origin);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    // Server-rendered buttons carry style attributes; the modal's sheets are constructed (adoptedStyleSheets).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${[...new Set(rpcs)].join(' ')}${dev ? ' ws:' : ''}`,
    `frame-src ${config.embedded ? origin(config.embedded.serviceUrl) : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
