import { loadCompiledContract, type CompiledContract } from './demoContracts.js';
import { loadNpmArtifact } from './npmArtifact.js';

/** ENS's own build artifacts from npm: `@ensdomains/ens@0.6.2` and `@ensdomains/resolver@0.3.1` (devnet devDependencies). */
const NPM_ARTIFACTS = {
  ENSRegistry: '@ensdomains/ens/build/contracts/ENSRegistry.json',
  FIFSRegistrar: '@ensdomains/ens/build/contracts/FIFSRegistrar.json',
  PublicResolver: '@ensdomains/resolver/build/contracts/PublicResolver.json',
} as const;

export type EnsNpmContract = keyof typeof NPM_ARTIFACTS;

/** A truffle artifact's ABI and creation bytecode, read at run time (they are too big to bundle). */
export function loadEnsArtifact(name: EnsNpmContract): CompiledContract {
  return loadNpmArtifact(NPM_ARTIFACTS[name]);
}

/** The stand-in Universal Resolver compiled from devnet/contracts/MiniUniversalResolver.sol. */
export function loadMiniUniversalResolver(): Promise<CompiledContract> {
  // loadCompiledContract names the demo contracts only; the artifact holds every contract of contracts/.
  return loadCompiledContract('MiniUniversalResolver');
}
