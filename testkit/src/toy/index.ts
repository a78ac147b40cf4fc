/**
 * `@latch/testkit/toy`: a chain namespace the kernel has never heard of, as a template for writing an adapter.
 * Browser-safe: the adapter, its network, a toy wallet with a real ed25519 key and its discovery handshake.
 * The chain itself (`startToyChain`) and `toyWalletInitScript` are Node-only, in `@latch/testkit`.
 */
export { createToyAdapter, type ToyAdapterOptions } from './adapter.js';
export { createToyLocalnet, type ToyLocalnetOptions } from './network.js';
export { createToyWallet } from './wallet.js';
export { installToyWallet } from './announce.js';
export { installToyWallets, type ToyWalletConfig, type ToyWalletInstallation } from './installWallets.js';
export { isToyAddress, publicKeyFromToyAddress, toyAddressFromSecretKey, TOY_ADDRESS_PREFIX } from './address.js';
export {
  TOY_ANNOUNCE_EVENT,
  TOY_CAIP_NETWORK_ID,
  TOY_CHAIN_REFERENCE,
  TOY_NAMESPACE,
  TOY_NATIVE_CURRENCY,
  TOY_REQUEST_EVENT,
  toyTransferMessage,
  type ToyTransfer,
} from './protocol.js';
export { TOY_WALLET_ICON, TOY_WALLET_INFO } from './walletInfo.js';
export { verifyToySignature } from './signature.js';
export { ToyWalletError } from './walletError.js';
export { ToyRpcError } from './rpcError.js';
export type {
  ToyAccount,
  ToyWallet,
  ToyWalletEvents,
  ToyWalletFailure,
  ToyWalletInfo,
  ToyWalletOptions,
  ToyWalletProvider,
} from './walletTypes.js';
