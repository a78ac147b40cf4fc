/**
 * `@latch/testkit`: what an adapter or connector author needs to test against Latch: the mock wallets (real keys,
 * one per namespace, in Node and as page scripts), the toy chain (`@latch/testkit/toy`), the adapter conformance
 * suite (`@latch/testkit/conformance`), and the helpers for waiting and for Chromium. Local chains (anvil, Solana,
 * Bitcoin, Cosmos, Polkadot) and service stand-ins are not here: they belong to the repository's private devnet.
 */
export { anvilAccounts, ANVIL_INITIAL_BALANCE, ANVIL_MNEMONIC, type AnvilAccount } from './anvil/defaultAccounts.js';

export { createMockEip1193Provider } from './mockWallet/provider.js';
export type {
  MockEip1193Provider,
  MockProviderEventName,
  MockProviderEvents,
  MockWalletChain,
  MockWalletFailures,
  MockWalletOptions,
  RequestArguments,
} from './mockWallet/types.js';
export { ProviderRpcError } from './mockWallet/providerRpcError.js';
export { announceWallet, installMockWallet, type MockWalletConfig, type MockWalletInstallation } from './mockWallet/announce.js';
export { MOCK_WALLET_INFO, SECOND_MOCK_WALLET_INFO, type Eip6963ProviderInfo } from './mockWallet/walletInfo.js';
export { mockWalletInitScript, MOCK_WALLET_GLOBAL } from './mockWallet/initScript.js';

export { CHROMIUM_ARGS, chromiumExecutable, headlessChromiumExecutable, launchChromium } from './browser.js';
export { COMPONENT_TEST_TIMEOUT_MS, SET_UP_TIMEOUT_MS, START_UP_TIMEOUT_MS, UI_WAIT_TIMEOUT_MS } from './timeouts.js';
export { pollUntil } from './pollUntil.js';
export { countFetches } from './countFetches.js';
export { jsonRpcRequest } from './jsonRpc.js';
export { readBodyUpTo } from './httpBody.js';
export { memoryStorage } from './storage.js';
export {
  LOCAL_SOLANA_CAIP_NETWORK_ID,
  LOCAL_SOLANA_GENESIS_HASH,
  LOCAL_SOLANA_NETWORK_NAME,
  LAMPORTS_PER_SIGNATURE,
  LOCAL_SOLANA_RPC_VERSION,
} from './solana/localNetwork.js';

export { createMockSolanaWallet } from './solanaWallet/mockSolanaWallet.js';
export type {
  MockSolanaWallet,
  MockSolanaWalletChain,
  MockSolanaWalletFailures,
  MockSolanaWalletFeatures,
  MockSolanaWalletOptions,
  SolanaChainId,
} from './solanaWallet/types.js';
export {
  installMockSolanaWallet,
  registerMockSolanaWallet,
  type MockSolanaWalletConfig,
  type MockSolanaWalletInstallation,
} from './solanaWallet/installMockSolanaWallet.js';
export { mockSolanaWalletInitScript, MOCK_SOLANA_WALLET_GLOBAL } from './solanaWallet/initScript.js';
export { solanaAddressFromSeed } from './solanaWallet/walletKey.js';
export { createSignInMessageText, type CompleteSignInInput } from './solanaWallet/signInMessage.js';
export { SolanaWalletError } from './solanaWallet/walletError.js';
export {
  MOCK_SOLANA_WALLET_ICON,
  MOCK_SOLANA_WALLET_NAME,
  MULTICHAIN_WALLET_ICON,
  MULTICHAIN_WALLET_NAME,
} from './solanaWallet/walletNames.js';

export { startToyChain, type ToyChain } from './toy/chain.js';
export type { ToyTransaction } from './toy/ledger.js';
export { toyWalletInitScript, TOY_WALLET_GLOBAL } from './toy/initScript.js';
export type { ToyWalletConfig } from './toy/installWallets.js';

export { sharedSessionWalletInitScript, SHARED_WALLET_BUNDLE_GLOBAL } from './sharedSession/initScript.js';
export type { SharedSessionWallet, SharedSessionWalletOptions } from './sharedSession/types.js';
export {
  BITCOIN_NETWORKS,
  REGTEST_CAIP_NETWORK_ID,
  REGTEST_PARAMS,
  type BitcoinNetworkName,
  type BitcoinNetworkParams,
} from './bitcoin/bitcoinNetworks.js';
export { createMockBitcoinWallet } from './bitcoin/mockBitcoinWallet.js';
export {
  installBitcoinWallet,
  installBitcoinWallets,
  type BitcoinWalletConfig,
  type BitcoinWalletInstallation,
  type BitcoinWalletInstallOptions,
  type BitcoinWalletPlacement,
} from './bitcoin/installBitcoinWallets.js';
export { bitcoinWalletInitScript, MOCK_BITCOIN_WALLET_GLOBAL } from './bitcoin/initScript.js';
export { MOCK_BITCOIN_WALLET_ICON, MOCK_BITCOIN_WALLET_INFO } from './bitcoin/walletInfo.js';
export {
  bitcoinOrdinalsAddress,
  bitcoinPaymentAddress,
  paymentKeyOf as bitcoinPaymentKey,
  wifOf as bitcoinWif,
  type PaymentKey as BitcoinPaymentKey,
} from './bitcoin/walletKeys.js';
export { signBip322Simple } from './bitcoin/bip322.js';
export { verifyBitcoinMessageSignature } from './bitcoin/bip322Verify.js';
export { standardChainOf as bitcoinStandardChainOf } from './bitcoin/standardWallet.js';
export type {
  MockBitcoinAddress,
  MockBitcoinWallet,
  MockBitcoinWalletFailure,
  MockBitcoinWalletInfo,
  MockBitcoinWalletOptions,
  SatsConnectEventName,
  SatsConnectProvider,
  SatsConnectResponse,
} from './bitcoin/types.js';
export { createMockPolkadotExtension, polkadotAddressFromUri } from './polkadot/createMockExtension.js';
export { installMockPolkadotExtension, POLKADOT_WALLETS_GLOBAL } from './polkadot/install.js';
export { polkadotWalletInitScript, POLKADOT_WALLET_GLOBAL } from './polkadot/initScript.js';
export type { PolkadotWalletConfig } from './polkadot/installWallets.js';
export type {
  MockInjected,
  MockInjectedAccount,
  MockInjectedEntry,
  MockPolkadotAccountConfig,
  MockPolkadotExtension,
  MockPolkadotExtensionOptions,
  MockPolkadotFailures,
} from './polkadot/walletTypes.js';
export { adr36SignDocBytes, verifyAdr36Signature, type Adr36Check } from './cosmos/adr36.js';
export { cosmosAddressOfPubkey, isCosmosAddressWithPrefix } from './cosmos/address.js';
export {
  createMockCosmosWallet,
  KEPLR_KEYSTORE_EVENT,
  MOCK_COSMOS_WALLET_NAME,
  type MockCosmosWallet,
  type MockOfflineSigner,
} from './cosmos/wallet/mockCosmosWallet.js';
export {
  COSMOS_WALLETS_GLOBAL,
  installMockCosmosWallets,
  type MockCosmosWalletConfig,
  type MockCosmosWalletInstallation,
  type MockCosmosWalletsConfig,
} from './cosmos/wallet/installMockCosmosWallets.js';
export { cosmosWalletInitScript, MOCK_COSMOS_WALLET_BUNDLE_GLOBAL } from './cosmos/wallet/initScript.js';
export { walletKeyFrom, type WalletKey } from './cosmos/wallet/walletKey.js';
export type {
  MockCosmosKey,
  MockCosmosWalletChain,
  MockCosmosWalletFailure,
  MockCosmosWalletFailures,
  MockCosmosWalletOptions,
  MockStdSignature,
} from './cosmos/wallet/types.js';
