import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';
import { devnetRoot } from '../packageFiles.js';
import type { CompiledContract } from './demoContracts.js';

/**
 * A build artifact from an npm package (a devnet devDependency): its ABI and creation bytecode, read
 * at run time (they are too big to bundle). Truffle files may carry the bytecode without 0x.
 */
export function loadNpmArtifact(specifier: string): CompiledContract {
  const require = createRequire(join(devnetRoot(), 'package.json'));
  let path: string;
  try {
    path = require.resolve(specifier);
  } catch {
    throw new Error(`@latch/devnet: ${specifier} is missing; install the devnet's devDependencies (npm ci)`);
  }
  const artifact = JSON.parse(readFileSync(path, 'utf8')) as { abi?: Abi; bytecode?: string };
  const bytecode = typeof artifact.bytecode === 'string' ? artifact.bytecode.replace(/^(?:0x)?/, '0x') : '';
  if (!Array.isArray(artifact.abi) || !/^0x[0-9a-fA-F]{2,}$/.test(bytecode)) {
    throw new Error(`@latch/devnet: ${specifier} has no abi or bytecode`);
  }
  return { abi: artifact.abi, bytecode: bytecode as Hex };
}
