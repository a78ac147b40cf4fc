export {
  startAnvil,
  DEFAULT_ANVIL_CHAIN_ID,
  type AnvilAccount,
  type AnvilContracts,
  type AnvilFixture,
  type AnvilOptions,
  type BareAnvilFixture,
} from './anvil.js';
export { anvilAccounts, ANVIL_INITIAL_BALANCE, ANVIL_MNEMONIC } from './anvil/defaultAccounts.js';
export { DEMO_NFT, DEMO_TOKEN, DEMO_TOKEN_MAIN_BALANCE, DEMO_TOKEN_SIDE_BALANCE } from './anvil/demoContracts.js';
export { MULTICALL3_ADDRESS, MULTICALL3_DEPLOYER, MULTICALL3_PRESIGNED_TRANSACTION } from './anvil/multicall3Deployment.js';
export { anvilBinaryPath } from './anvil/anvilBinary.js';
export { deployEns, type EnsDeployment, type EnsDeploymentOptions } from './anvil/ensDeployment.js';
export {
  deployUniswap,
  loadUniswapArtifact,
  SWAP_DEMO_TOKEN,
  SWAP_DEMO_TOKEN_BALANCE,
  sqrtPriceX96,
  type UniswapDeployment,
  type UniswapDeploymentOptions,
  type UniswapNpmContract,
} from './anvil/uniswapDeployment.js';

export { createMockEip1193Provider } from './mockWallet/provider.js';
export type {
  MockEip1193Provider,
  MockProviderEvents,
  MockWalletChain,
  MockWalletFailures,
  MockWalletOptions,
  RequestArguments,
} from './mockWallet/types.js';
export { ProviderRpcError } from './mockWallet/providerRpcError.js';
export { installMockWallet, type MockWalletConfig, type MockWalletInstallation } from './mockWallet/announce.js';
export { MOCK_WALLET_INFO, SECOND_MOCK_WALLET_INFO, type Eip6963ProviderInfo } from './mockWallet/walletInfo.js';
export { mockWalletInitScript, MOCK_WALLET_GLOBAL } from './mockWallet/initScript.js';

export { CHROMIUM_ARGS, chromiumExecutable, launchChromium } from './browser.js';
export { COMPONENT_TEST_TIMEOUT_MS, SET_UP_TIMEOUT_MS, START_UP_TIMEOUT_MS, UI_WAIT_TIMEOUT_MS } from './timeouts.js';
export { pollUntil } from './pollUntil.js';

export { startSolanaRpc, type SolanaRpcFixture, type SolanaRpcOptions } from './solana/rpcServer.js';
export type { CreateMintOptions, MintToOptions } from './solana/tokenFixtures.js';
export {
  LOCAL_SOLANA_CAIP_NETWORK_ID,
  LOCAL_SOLANA_GENESIS_HASH,
  LOCAL_SOLANA_NETWORK_NAME,
  LAMPORTS_PER_SIGNATURE,
} from './solana/localNetwork.js';
export { SolanaRpcError } from './solana/rpcError.js';

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

export { codeOf, startSmtpInbox, type ParsedMail, type SmtpInbox, type SmtpInboxOptions } from './mail/smtpInbox.js';

export { startToyChain, type ToyChain } from './toy/chain.js';
export type { ToyTransaction } from './toy/ledger.js';
export { toyWalletInitScript, TOY_WALLET_GLOBAL } from './toy/initScript.js';
export type { ToyWalletConfig } from './toy/installWallets.js';

export { sharedSessionWalletInitScript, SHARED_WALLET_BUNDLE_GLOBAL } from './sharedSession/initScript.js';
export type { SharedSessionWallet, SharedSessionWalletOptions } from './sharedSession/types.js';

export { startBitcoinRegtest, type BitcoinRegtest, type StartBitcoinRegtestOptions } from './bitcoin/bitcoinRegtest.js';
export { DEFAULT_FEE_ESTIMATES, type FeeEstimates } from './bitcoin/esploraServer.js';
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
export { bitcoinOrdinalsAddress, bitcoinPaymentAddress, wifOf as bitcoinWif } from './bitcoin/walletKeys.js';
export { signBip322Simple } from './bitcoin/bip322.js';
export { verifyBitcoinMessageSignature } from './bitcoin/bip322Verify.js';
export { standardChainOf as bitcoinStandardChainOf } from './bitcoin/standardWallet.js';
export type {
  MockBitcoinAddress,
  MockBitcoinWallet,
  MockBitcoinWalletFailure,
  MockBitcoinWalletInfo,
  MockBitcoinWalletOptions,
  SatsConnectProvider,
  SatsConnectResponse,
} from './bitcoin/types.js';

export { startPolkadotChain, type PolkadotChain } from './polkadot/chain.js';
export { LOCAL_POLKADOT_CHAIN } from './polkadot/chainSpec.js';
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

export { startCosmosChain, type CosmosChain, type CosmosChainOptions, type CosmosChainTransaction } from './cosmos/chain.js';
export { GAS_PER_MESSAGE, GAS_PER_TX } from './cosmos/txExecution.js';
export { adr36SignDocBytes, verifyAdr36Signature, type Adr36Check } from './cosmos/adr36.js';
export { cosmosAddressOfPubkey } from './cosmos/address.js';
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

export { altoCliPath, startBundlerStack, type BundlerStack, type BundlerStackOptions } from './bundler/bundlerStack.js';
export {
  DETERMINISTIC_DEPLOYER,
  deployErc4337,
  ENTRY_POINT_07_ADDRESS,
  ENTRY_POINT_07_SALT,
  loadErc4337Artifact,
  SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
  type Erc4337Contract,
  type Erc4337Deployment,
  type Erc4337DeploymentOptions,
} from './bundler/erc4337Deployment.js';
export { startPaymasterServer, type PaymasterServer, type PaymasterServerOptions } from './bundler/paymasterServer.js';
export { toSimpleAccount } from './bundler/simpleAccount.js';
