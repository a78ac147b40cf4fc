/** One widget request the stand-in received: its provider, path and query as the page sent them. */
export interface OnrampRequest {
  provider: 'coinbase' | 'meld';
  path: string;
  query: Record<string, string>;
  /** The transaction that paid the address on anvil. */
  hash: string;
}

export interface OnrampStandIn {
  /** The widget URLs to configure: Coinbase Onramp's query at `/coinbase/buy`, Meld's at `/meld/`. */
  coinbaseUrl: string;
  meldUrl: string;
  requests: OnrampRequest[];
  close(): Promise<void>;
}

export const WEI_PER_FIAT_UNIT: bigint;
export function startOnrampStandIn(options: { rpcUrl: string; from: string }): Promise<OnrampStandIn>;
