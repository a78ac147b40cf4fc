import type { FarcasterConfig } from './farcaster.js';

export const FARCASTER_CLI_HELP = `  --farcaster-relay <url> turn on Sign In With Farcaster through this auth relay, e.g.
                          https://relay.farcaster.xyz (or your own auth-relay)                      LATCH_EMBEDDED_FARCASTER_RELAY_URL
  --farcaster-rpc <url>   an OP mainnet JSON-RPC URL (the Id Registry check); needed with the relay  LATCH_EMBEDDED_FARCASTER_RPC_URL
  --farcaster-domain <host>   the SIWE domain (default: the host of --public-url)                  LATCH_EMBEDDED_FARCASTER_DOMAIN
  --farcaster-siwe-uri <url>  the SIWE URI (default: the origin of --public-url)                   LATCH_EMBEDDED_FARCASTER_SIWE_URI
`;

export const FARCASTER_CLI_OPTIONS = {
  'farcaster-relay': { type: 'string' },
  'farcaster-rpc': { type: 'string' },
  'farcaster-domain': { type: 'string' },
  'farcaster-siwe-uri': { type: 'string' },
} as const;

/** The `--farcaster-*` flags (or their variables) → the service's `farcaster` (undefined when no relay is given). */
export function parseFarcasterCliConfig(
  values: Partial<Record<keyof typeof FARCASTER_CLI_OPTIONS, string>>,
  env: Readonly<Record<string, string | undefined>>,
  fail: (message: string) => Error,
): FarcasterConfig | undefined {
  const relayUrl = values['farcaster-relay'] ?? env.LATCH_EMBEDDED_FARCASTER_RELAY_URL;
  const rpcUrl = values['farcaster-rpc'] ?? env.LATCH_EMBEDDED_FARCASTER_RPC_URL;
  const domain = values['farcaster-domain'] ?? env.LATCH_EMBEDDED_FARCASTER_DOMAIN;
  const siweUri = values['farcaster-siwe-uri'] ?? env.LATCH_EMBEDDED_FARCASTER_SIWE_URI;
  if (!relayUrl) {
    if (rpcUrl || domain || siweUri) throw fail('--farcaster-rpc/-domain/-siwe-uri given without --farcaster-relay <url>');
    return undefined;
  }
  if (!rpcUrl) throw fail('--farcaster-relay needs --farcaster-rpc <an OP mainnet JSON-RPC URL> (or LATCH_EMBEDDED_FARCASTER_RPC_URL)');
  return { relayUrl, rpcUrl, ...(domain ? { domain } : {}), ...(siweUri ? { siweUri } : {}) };
}
