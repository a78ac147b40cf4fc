import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Abi, Hex } from 'viem';
import { BUILD_COMMAND, devnetRoot } from '../packageFiles.js';

export const DEMO_TOKEN = { name: 'Latch Demo Token', symbol: 'LDT', decimals: 18 } as const;
export const DEMO_NFT = { name: 'Latch Demo NFT', symbol: 'LNFT', tokenIds: [1n, 2n, 3n] } as const;
/** Account 0 receives this many LDT (in whole tokens)… */
export const DEMO_TOKEN_MAIN_BALANCE = 1_000_000n;
/** …and accounts 1..3 this many each. */
export const DEMO_TOKEN_SIDE_BALANCE = 1_000n;

export interface CompiledContract {
  readonly abi: Abi;
  readonly bytecode: Hex;
}

interface ContractsArtifact {
  readonly solcVersion: string;
  readonly contracts: Readonly<Record<string, CompiledContract>>;
}

const ARTIFACT = join('dist', 'contracts.json');
const COMPILE_SCRIPT = join('scripts', 'compile-contracts.mjs');

/**
 * Any contract of contracts/ by name, from dist/contracts.json, compiled on the spot (and cached there) when the build
 * has not run yet; one the artifact lacks is an error naming it.
 */
export async function loadCompiledContract(name: string): Promise<CompiledContract> {
  const root = devnetRoot();
  const artifactPath = join(root, ARTIFACT);
  if (!existsSync(artifactPath)) {
    const script = join(root, COMPILE_SCRIPT);
    if (!existsSync(script)) throw new Error(`@latch/devnet: ${ARTIFACT} is missing. Build the devnet first: ${BUILD_COMMAND}`);
    await promisify(execFile)(process.execPath, [script], { cwd: root });
  }
  const artifact = JSON.parse(readFileSync(artifactPath, 'utf8')) as ContractsArtifact;
  const contract = artifact.contracts[name];
  if (!contract) throw new Error(`@latch/devnet: ${ARTIFACT} has no ${name}; rebuild with ${BUILD_COMMAND}`);
  return contract;
}
