import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';
import { testkitRoot } from '../packageFiles.js';
import { loadCompiledContract, type CompiledContract } from './demoContracts.js';

/** ENS's own build artifacts from npm: `@ensdomains/ens@0.6.2` and `@ensdomains/resolver@0.3.1` (testkit devDependencies). */
const NPM_ARTIFACTS = {
  ENSRegistry: '@ensdomains/ens/build/contracts/ENSRegistry.json',
  FIFSRegistrar: '@ensdomains/ens/build/contracts/FIFSRegistrar.json',
  PublicResolver: '@ensdomains/resolver/build/contracts/PublicResolver.json',
} as const;

export type EnsNpmContract = keyof typeof NPM_ARTIFACTS;

/** A truffle artifact's ABI and creation bytecode, read at run time (they are too big to bundle). */
export function loadEnsArtifact(name: EnsNpmContract): CompiledContract {
  const require = createRequire(join(testkitRoot(), 'package.json'));
  let path: string;
  try {
    path = require.resolve(NPM_ARTIFACTS[name]);
  } catch {
    throw new Error(`@latch/testkit: ${NPM_ARTIFACTS[name]} is missing; install the testkit's devDependencies (npm ci)`);
  }
  const artifact = JSON.parse(readFileSync(path, 'utf8')) as { abi?: Abi; bytecode?: string };
  if (!Array.isArray(artifact.abi) || typeof artifact.bytecode !== 'string' || !artifact.bytecode.startsWith('0x')) {
    throw new Error(`@latch/testkit: ${NPM_ARTIFACTS[name]} has no abi or bytecode`);
  }
  return { abi: artifact.abi, bytecode: artifact.bytecode as Hex };
}

/** The stand-in Universal Resolver compiled from testkit/contracts/MiniUniversalResolver.sol. */
export function loadMiniUniversalResolver(): Promise<CompiledContract> {
  // loadCompiledContract names the demo contracts only; the artifact holds every contract of contracts/.
  return loadCompiledContract('MiniUniversalResolver' as Parameters<typeof loadCompiledContract>[0]);
}
