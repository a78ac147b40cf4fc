/**
 * Product names of the `injectedWeb3` keys of known extensions, so the modal merges an extension that also serves
 * other namespaces (Talisman, SubWallet on eip155) with its entry there; unknown keys are shown as they are.
 */
export const KNOWN_EXTENSIONS: Readonly<Record<string, { name: string; rdns?: string }>> = Object.freeze({
  'polkadot-js': { name: 'polkadot{.js}' },
  talisman: { name: 'Talisman', rdns: 'xyz.talisman' },
  'subwallet-js': { name: 'SubWallet', rdns: 'app.subwallet' },
  enkrypt: { name: 'Enkrypt' },
  polkagate: { name: 'PolkaGate' },
  'fearless-wallet': { name: 'Fearless Wallet' },
});
