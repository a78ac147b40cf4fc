/**
 * `@latch/devnet`: the local chains and service stand-ins that Latch's own demo (`npm start`) and end-to-end suites
 * run on. Private to this repository, never published. Adapter and connector authors use `@latch/testkit`
 * (the conformance suite, the toy chain, the mock wallets); this package depends on it, never the reverse.
 */
export {
  startAnvil,
  DEFAULT_ANVIL_CHAIN_ID,
  type AnvilContracts,
  type AnvilFixture,
  type AnvilOptions,
  type BareAnvilFixture,
} from './anvil.js';
export { DEMO_NFT, DEMO_TOKEN, DEMO_TOKEN_MAIN_BALANCE, DEMO_TOKEN_SIDE_BALANCE } from './anvil/demoContracts.js';
export { MULTICALL3_ADDRESS, MULTICALL3_DEPLOYER, MULTICALL3_PRESIGNED_TRANSACTION } from './anvil/multicall3Deployment.js';
export { anvilBinaryPath } from './anvil/anvilBinary.js';
export { deployEns, type EnsDeployment, type EnsDeploymentOptions } from './anvil/ensDeployment.js';
export { ownerWalletContracts } from './anvil/ownerWallet.js';
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

export { startSolanaRpc, type SolanaRpcFixture, type SolanaRpcOptions } from './solana/rpcServer.js';
export type { CreateMintOptions, MintToOptions } from './solana/tokenFixtures.js';
export { SolanaRpcError } from './solana/rpcError.js';

export { codeOf, startSmtpInbox, type ParsedMail, type SmtpInbox, type SmtpInboxOptions } from './mail/smtpInbox.js';

export { startBitcoinRegtest, type BitcoinRegtest, type StartBitcoinRegtestOptions } from './bitcoin/bitcoinRegtest.js';
export { DEFAULT_FEE_ESTIMATES, type FeeEstimates } from './bitcoin/esploraServer.js';

export {
  connectPolkadotChain,
  startPolkadotChain,
  startPolkadotNode,
  type PolkadotChain,
  type PolkadotChainClient,
  type PolkadotNode,
} from './polkadot/chain.js';
export { LOCAL_POLKADOT_CHAIN } from './polkadot/chainSpec.js';

export { startCosmosChain, type CosmosChain, type CosmosChainOptions, type CosmosChainTransaction } from './cosmos/chain.js';
export { GAS_PER_MESSAGE, GAS_PER_TX } from './cosmos/txExecution.js';

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
