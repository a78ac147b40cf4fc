/** EIP-6963 provider info: what a wallet announces about itself. */
export interface Eip6963ProviderInfo {
  readonly uuid: string;
  readonly name: string;
  /** A data: URI (RFC 2397), here always `data:image/svg+xml;base64,…`. */
  readonly icon: string;
  readonly rdns: string;
}

// The icons are a white padlock on a rounded square (indigo, then teal), pre-encoded so importing does no work.
export const MOCK_WALLET_INFO: Eip6963ProviderInfo = Object.freeze({
  uuid: '0b7f2a3c-5d1e-4f6a-9b8c-7d2e1f3a4b5c',
  name: 'Latch Test Wallet',
  icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA5NiA5NiI+PHJlY3Qgd2lkdGg9Ijk2IiBoZWlnaHQ9Ijk2IiByeD0iMjQiIGZpbGw9IiM0ZjQ2ZTUiLz48cGF0aCBkPSJNMzQgNDR2LThhMTQgMTQgMCAwIDEgMjggMHY4IiBmaWxsPSJub25lIiBzdHJva2U9IiNmZmZmZmYiIHN0cm9rZS13aWR0aD0iOCIgc3Ryb2tlLWxpbmVjYXA9InJvdW5kIi8+PHJlY3QgeD0iMjYiIHk9IjQ0IiB3aWR0aD0iNDQiIGhlaWdodD0iMzIiIHJ4PSI4IiBmaWxsPSIjZmZmZmZmIi8+PC9zdmc+',
  rdns: 'io.latch.testwallet',
});

export const SECOND_MOCK_WALLET_INFO: Eip6963ProviderInfo = Object.freeze({
  uuid: '6c1d8e4f-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  name: 'Second Test Wallet',
  icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA5NiA5NiI+PHJlY3Qgd2lkdGg9Ijk2IiBoZWlnaHQ9Ijk2IiByeD0iMjQiIGZpbGw9IiMwZjc2NmUiLz48cGF0aCBkPSJNMzQgNDR2LThhMTQgMTQgMCAwIDEgMjggMHY4IiBmaWxsPSJub25lIiBzdHJva2U9IiNmZmZmZmYiIHN0cm9rZS13aWR0aD0iOCIgc3Ryb2tlLWxpbmVjYXA9InJvdW5kIi8+PHJlY3QgeD0iMjYiIHk9IjQ0IiB3aWR0aD0iNDQiIGhlaWdodD0iMzIiIHJ4PSI4IiBmaWxsPSIjZmZmZmZmIi8+PC9zdmc+',
  rdns: 'io.latch.second',
});
