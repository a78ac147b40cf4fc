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
