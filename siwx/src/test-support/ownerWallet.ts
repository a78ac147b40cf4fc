import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

/** Compiles OwnerWallet.sol with the solc-js the repo installs, the way testkit compiles its demo contracts. */
export function compileOwnerWallet(): { OwnerWallet: CompiledContract; OwnerWalletFactory: CompiledContract } {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const source = readFileSync(new URL('./OwnerWallet.sol', import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'OwnerWallet.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((entry: { severity: string }) => entry.severity === 'error');
  if (errors.length > 0)
    throw new Error(`solc failed:\n${errors.map((entry: { formattedMessage: string }) => entry.formattedMessage).join('\n')}`);
  const contract = (name: string): CompiledContract => {
    const compiled = output.contracts['OwnerWallet.sol'][name];
    return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  };
  return { OwnerWallet: contract('OwnerWallet'), OwnerWalletFactory: contract('OwnerWalletFactory') };
}
