/** One widget request the stand-in received: its provider, path and query as the page sent them. */
export interface OnrampRequest {
  provider: 'coinbase' | 'meld';
  path: string;
  query: Record<string, string>;
  /** The transaction that paid the address on anvil. */
  hash: string;
}

/** One call to the stand-in's Coinbase session token endpoint: what it answered and why. */
export interface CoinbaseTokenRequest {
  status: number;
  reason?: string;
  apiKeyId?: string;
  body?: { addresses: { address: string; blockchains: string[] }[]; assets?: string[]; clientIp: string };
  token?: string;
}

export interface OnrampStandIn {
  /** The widget URLs to configure: Coinbase Onramp's query at `/coinbase/buy`, Meld's at `/meld/`. */
  coinbaseUrl: string;
  meldUrl: string;
  /** Coinbase's session token endpoint (`POST /onramp/v1/token`). */
  coinbaseTokenUrl: string;
  /** CDP secret keys the endpoint accepts, as the portal gives them: Ed25519 (base64) and EC (SEC1 PEM). */
  cdpKeys: Record<'ed25519' | 'ec', { apiKeyId: string; apiKeySecret: string }>;
  tokenRequests: CoinbaseTokenRequest[];
  requests: OnrampRequest[];
  close(): Promise<void>;
}

export const WEI_PER_FIAT_UNIT: bigint;
export function startOnrampStandIn(options: { rpcUrl: string; from: string }): Promise<OnrampStandIn>;
