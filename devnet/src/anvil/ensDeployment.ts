import { labelhash, namehash, zeroHash, type Address, type Hash } from 'viem';
import type { AnvilAccount } from '@latch/testkit';
import { type AnvilWalletClient, anvilWalletClient, deployedAddress } from './deployContracts.js';
import { loadEnsArtifact, loadMiniUniversalResolver } from './ensArtifacts.js';

export interface EnsDeploymentOptions {
  /** The top-level domain handed to a first-come-first-served registrar. Default 'test'. */
  tld?: string;
}

/** A real ENS on anvil: registry, public resolver, a FIFS registrar for one TLD and a Universal Resolver for viem. */
export interface EnsDeployment {
  readonly registry: Address;
  readonly publicResolver: Address;
  readonly registrar: Address;
  /** Pass it to viem's `getEnsAddress` (`universalResolverAddress`) or an adapter's resolver option. */
  readonly universalResolver: Address;
  readonly tld: string;
  /**
   * Registers `label.tld` to `owner` (first come, first served: a taken label reverts), points it at the
   * public resolver and sets its address (`address`, default the owner's). Resolves with the full name.
   */
  register(label: string, owner: AnvilAccount, address?: Address): Promise<string>;
}

type Wallet = AnvilWalletClient;

async function mined(wallet: Wallet, hash: Hash, what: string) {
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${what} failed (tx ${hash})`);
  return receipt;
}

async function deploy(wallet: Wallet, contract: { abi: never; bytecode: `0x${string}` }, args: readonly unknown[], what: string) {
  const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args: args as never });
  return deployedAddress(wallet, hash, what);
}

/** Deploys ENS from its npm artifacts with `deployer` (which keeps the root node) on a running anvil. */
export async function deployEns(
  rpcUrl: string,
  chainId: number,
  deployer: AnvilAccount,
  options: EnsDeploymentOptions = {},
): Promise<EnsDeployment> {
  const tld = options.tld ?? 'test';
  const wallet = anvilWalletClient(rpcUrl, chainId, deployer);
  const registryArtifact = loadEnsArtifact('ENSRegistry');
  const registrarArtifact = loadEnsArtifact('FIFSRegistrar');
  const resolverArtifact = loadEnsArtifact('PublicResolver');
  const universal = await loadMiniUniversalResolver();

  const registry = await deploy(wallet, registryArtifact as never, [], 'ENSRegistry');
  const publicResolver = await deploy(wallet, resolverArtifact as never, [registry], 'PublicResolver');
  const registrar = await deploy(wallet, registrarArtifact as never, [registry, namehash(tld)], 'FIFSRegistrar');
  const universalResolver = await deploy(wallet, universal as never, [registry], 'MiniUniversalResolver');
  const handOver = await wallet.writeContract({
    address: registry,
    abi: registryArtifact.abi,
    functionName: 'setSubnodeOwner',
    args: [zeroHash, labelhash(tld), registrar],
  });
  await mined(wallet, handOver, `giving .${tld} to the registrar`);

  async function register(label: string, owner: AnvilAccount, address: Address = owner.address): Promise<string> {
    const name = `${label}.${tld}`;
    const node = namehash(name);
    const asOwner = anvilWalletClient(rpcUrl, chainId, owner);
    const steps = [
      { address: registrar, abi: registrarArtifact.abi, functionName: 'register', args: [labelhash(label), owner.address] },
      { address: registry, abi: registryArtifact.abi, functionName: 'setResolver', args: [node, publicResolver] },
      { address: publicResolver, abi: resolverArtifact.abi, functionName: 'setAddr', args: [node, address] },
    ] as const;
    for (const step of steps) await mined(asOwner, await asOwner.writeContract(step as never), `${step.functionName} for ${name}`);
    return name;
  }

  return { registry, publicResolver, registrar, universalResolver, tld, register };
}
