import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createWalletClient, defineChain, getAddress, http, publicActions, type Abi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { BareAnvilFixture } from '@latch/devnet';

// solc-js and OpenZeppelin are the devnet's own dev dependencies: resolve them from there.
const devnetRequire = createRequire(createRequire(import.meta.url).resolve('@latch/devnet/package.json'));
const SOURCE = fileURLToPath(new URL('./contracts/LatchTestNft.sol', import.meta.url));

let compiled: { abi: Abi; bytecode: Hex } | undefined;

/** LatchTestNft compiled once per test file (about a second with solc-js). */
function compileTestNft(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled;
  const solc = devnetRequire('solc') as { compile(input: string, callbacks: object): string };
  const readImport = (path: string) => {
    try {
      return { contents: readFileSync(devnetRequire.resolve(path), 'utf8') };
    } catch {
      return { error: `Import not found: ${path}` };
    }
  };
  const input = {
    language: 'Solidity',
    sources: { 'LatchTestNft.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport }));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed: ${errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts['LatchTestNft.sol'].LatchTestNft;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

/** A wallet client on `anvil` signing with dev account `accountIndex`. */
export function anvilWallet(anvil: BareAnvilFixture, accountIndex = 0) {
  const account = anvil.accounts[accountIndex];
  if (!account) throw new Error(`no anvil account ${accountIndex}`);
  const chain = defineChain({
    id: anvil.chainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  return createWalletClient({
    account: privateKeyToAccount(account.privateKey),
    chain,
    transport: http(anvil.rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions);
}

export type TestNft = Awaited<ReturnType<typeof deployTestNft>>;

/** Deploys a LatchTestNft; `enumerable: false` hides ERC721Enumerable from ERC-165 (the Transfer-log path). */
export async function deployTestNft(
  anvil: BareAnvilFixture,
  { name, symbol, enumerable }: { name: string; symbol: string; enumerable: boolean },
) {
  const { abi, bytecode } = compileTestNft();
  const wallet = anvilWallet(anvil);
  const receipt = await wallet.waitForTransactionReceipt({
    hash: await wallet.deployContract({ abi, bytecode, args: [name, symbol, enumerable] }),
  });
  if (!receipt.contractAddress) throw new Error('LatchTestNft was not deployed');
  const address: Address = getAddress(receipt.contractAddress);
  const write = async (functionName: string, args: readonly unknown[]) => {
    const hash = await wallet.writeContract({ address, abi, functionName, args } as never);
    await wallet.waitForTransactionReceipt({ hash });
  };
  return {
    address,
    mint: (to: Address, tokenId: bigint, uri: string) => write('mint', [to, tokenId, uri]),
    mintMany: (to: Address, firstId: bigint, count: bigint) => write('mintMany', [to, firstId, count]),
    breakTokenUri: (tokenId: bigint) => write('breakTokenUri', [tokenId]),
  };
}
