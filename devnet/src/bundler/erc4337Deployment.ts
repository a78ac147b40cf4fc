import { type Address, concat, encodeAbiParameters, getContractAddress, type Hex, pad, parseEther } from 'viem';
import { anvilWalletClient, type AnvilWalletClient, deployedAddress } from '../anvil/deployContracts.js';
import type { AnvilAccount } from '@latch/testkit';
import { loadNpmArtifact } from '../anvil/npmArtifact.js';
import { type CompiledContract, loadCompiledContract } from '../anvil/demoContracts.js';

/** The deterministic-deployment proxy anvil starts with (Arachnid's CREATE2 deployer, the same on every chain). */
export const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c' as const;
/** EntryPoint v0.7's canonical address: its npm artifact's creation code through the proxy with the published salt. */
export const ENTRY_POINT_07_ADDRESS = '0x0000000071727De22E5E9d8BAf0edAc6f37da032' as const;
/** The salt EntryPoint v0.7 was deployed with on every public chain. */
export const ENTRY_POINT_07_SALT = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3' as const;
/** SimpleAccountFactory v0.7's canonical address: its npm artifact (constructor: the EntryPoint) through the proxy, salt 0. */
export const SIMPLE_ACCOUNT_FACTORY_07_ADDRESS = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985' as const;

/** eth-infinitism's own build artifacts (@account-abstraction/contracts 0.7.0). */
const ARTIFACTS = {
  EntryPoint: '@account-abstraction/contracts/artifacts/EntryPoint.json',
  SimpleAccountFactory: '@account-abstraction/contracts/artifacts/SimpleAccountFactory.json',
  SimpleAccount: '@account-abstraction/contracts/artifacts/SimpleAccount.json',
  VerifyingPaymaster: '@account-abstraction/contracts/artifacts/VerifyingPaymaster.json',
} as const;

export type Erc4337Contract = keyof typeof ARTIFACTS;

/** One of the ERC-4337 artifacts: its ABI and creation bytecode. */
export function loadErc4337Artifact(name: Erc4337Contract): CompiledContract {
  return loadNpmArtifact(ARTIFACTS[name]);
}

export interface Erc4337Deployment {
  readonly entryPoint: Address;
  readonly factory: Address;
  /** LatchSmartAccountFactory (`contracts/LatchSmartAccount.sol`): the embedded wallet's account factory. */
  readonly smartAccountFactory: Address;
  /** The LatchSmartAccount implementation its accounts are proxies to. */
  readonly smartAccountImplementation: Address;
  /** The VerifyingPaymaster, with `paymasterDeposit` on the EntryPoint, accepting what `verifyingSigner` signs. */
  readonly paymaster: Address;
  readonly verifyingSigner: Address;
}

export interface Erc4337DeploymentOptions {
  /** Who pays for the deployments and the paymaster's deposit. */
  readonly deployer: AnvilAccount;
  /** The address whose signatures the VerifyingPaymaster accepts. */
  readonly verifyingSigner: Address;
  /** What the paymaster deposits on the EntryPoint to sponsor gas. Default 100 ETH. */
  readonly paymasterDeposit?: bigint;
}

/** Deploys `initCode` through the deterministic-deployment proxy unless code is already there; checks the address. */
async function deployDeterministic(
  client: AnvilWalletClient,
  initCode: Hex,
  salt: Hex,
  expected: Address | undefined,
  what: string,
): Promise<Address> {
  const address = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt, bytecode: initCode });
  if (expected && address !== expected) throw new Error(`${what}'s npm artifact would land at ${address}, not its canonical ${expected}`);
  const existing = await client.getCode({ address });
  if (existing && existing !== '0x') return address;
  const hash = await client.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([salt, initCode]) });
  const receipt = await client.waitForTransactionReceipt({ hash });
  const code = await client.getCode({ address });
  if (receipt.status !== 'success' || !code || code === '0x')
    throw new Error(`deploying ${what} through the CREATE2 proxy failed (tx ${hash})`);
  return address;
}

/**
 * EntryPoint v0.7 and SimpleAccountFactory v0.7 at their canonical addresses (from the official npm artifacts, through the
 * deterministic-deployment proxy), and a VerifyingPaymaster (plain deployment) funded on the EntryPoint.
 */
export async function deployErc4337(rpcUrl: string, chainId: number, options: Erc4337DeploymentOptions): Promise<Erc4337Deployment> {
  const client = anvilWalletClient(rpcUrl, chainId, options.deployer);
  const proxyCode = await client.getCode({ address: DETERMINISTIC_DEPLOYER });
  if (!proxyCode || proxyCode === '0x') throw new Error('this chain has no deterministic-deployment proxy (anvil starts with one)');
  const entryPoint = await deployDeterministic(
    client,
    loadErc4337Artifact('EntryPoint').bytecode,
    ENTRY_POINT_07_SALT,
    ENTRY_POINT_07_ADDRESS,
    'EntryPoint v0.7',
  );
  const factoryInit = concat([
    loadErc4337Artifact('SimpleAccountFactory').bytecode,
    encodeAbiParameters([{ type: 'address' }], [entryPoint]),
  ]);
  const factory = await deployDeterministic(
    client,
    factoryInit,
    pad('0x0'),
    SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
    'SimpleAccountFactory v0.7',
  );
  // The embedded wallet's account: compiled from Solady's ERC4337 (devnet/contracts), deterministic through the same proxy.
  const implementation = await loadCompiledContract('LatchSmartAccount');
  const smartAccountImplementation = await deployDeterministic(client, implementation.bytecode, pad('0x0'), undefined, 'LatchSmartAccount');
  const accountFactory = await loadCompiledContract('LatchSmartAccountFactory');
  const smartAccountFactory = await deployDeterministic(
    client,
    concat([accountFactory.bytecode, encodeAbiParameters([{ type: 'address' }], [smartAccountImplementation])]),
    pad('0x0'),
    undefined,
    'LatchSmartAccountFactory',
  );
  const verifying = loadErc4337Artifact('VerifyingPaymaster');
  const paymaster = await deployedAddress(
    client,
    await client.deployContract({ abi: verifying.abi, bytecode: verifying.bytecode, args: [entryPoint, options.verifyingSigner] }),
    'VerifyingPaymaster',
  );
  const deposit = await client.writeContract({
    address: paymaster,
    abi: verifying.abi,
    functionName: 'deposit',
    value: options.paymasterDeposit ?? parseEther('100'),
  });
  const receipt = await client.waitForTransactionReceipt({ hash: deposit });
  if (receipt.status !== 'success') throw new Error(`funding the paymaster's deposit failed (tx ${deposit})`);
  return { entryPoint, factory, smartAccountFactory, smartAccountImplementation, paymaster, verifyingSigner: options.verifyingSigner };
}
