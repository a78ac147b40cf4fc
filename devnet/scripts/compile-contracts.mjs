// Compiles devnet/contracts/*.sol offline with solc-js and writes dist/contracts.json (abi + bytecode per contract).
// Usage: node scripts/compile-contracts.mjs   (also run by scripts/build.mjs and, on demand, by startAnvil)
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(packageRoot, 'package.json'));
const contractsDir = join(packageRoot, 'contracts');
export const artifactPath = join(packageRoot, 'dist', 'contracts.json');

function readImport(path) {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `Import not found: ${path}` };
  }
}

export function compileContracts() {
  const solc = require('solc');
  const files = readdirSync(contractsDir).filter((file) => file.endsWith('.sol'));
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(files.map((file) => [file, { content: readFileSync(join(contractsDir, file), 'utf8') }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // cancun: supported by every anvil hardfork we run and by today's public chains.
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport }));
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((entry) => entry.formattedMessage).join('\n')}`);

  const contracts = {};
  for (const file of files) {
    for (const [name, compiled] of Object.entries(output.contracts[file] ?? {})) {
      contracts[name] = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
    }
  }
  return { solcVersion: solc.version(), contracts };
}

/** Writes atomically so parallel test workers never read a half-written file. */
export function writeContractsArtifact() {
  const artifact = compileContracts();
  mkdirSync(dirname(artifactPath), { recursive: true });
  const temporaryPath = `${artifactPath}.${process.pid}.tmp`;
  writeFileSync(temporaryPath, `${JSON.stringify(artifact)}\n`);
  renameSync(temporaryPath, artifactPath);
  return artifact;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const { contracts } = writeContractsArtifact();
  console.log(`[devnet] compiled ${Object.keys(contracts).join(', ')} in ${Date.now() - started} ms`);
}
