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
export { MOCK_SOLANA_WALLET_ICON, MOCK_SOLANA_WALLET_NAME, MULTICHAIN_WALLET_ICON, MULTICHAIN_WALLET_NAME } from './solanaWallet/walletNames.js';
