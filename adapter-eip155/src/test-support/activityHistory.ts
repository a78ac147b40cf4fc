import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  http,
  multicall3Abi,
  parseAbi,
  parseEther,
  type Abi,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AnvilFixture } from '@latch/devnet';
import { deployTestNft } from './testNft.js';

/** What the account under test should see for one transaction, newest last in `history`. */
export interface ExpectedEntry {
  hash: Hash;
  label: string;
  operationType: string;
  status: 'confirmed' | 'failed';
  /** `counterparty`: the other side of each move, checksummed, from its Transfer log (none for a mint or to itself). */
  transfers: { direction: 'in' | 'out' | 'self'; symbol?: string; nft?: string; numeric: string; counterparty?: string }[];
  /** Found through token `Transfer` logs too (so also without Otterscan). */
  hasTokenLog: boolean;
}

export const SUBJECT_INDEX = 4;

const positionMintAbi = parseAbi(['function mintMany(address to, uint256 firstId, uint256 count)']);

function demoTokenArtifact(): { abi: Abi; bytecode: Hex } {
  const require = createRequire(import.meta.url);
  const artifact = JSON.parse(readFileSync(require.resolve('@latch/devnet/contracts.json'), 'utf8'));
  return artifact.contracts.LatchDemoToken;
}

/**
 * Real transactions on anvil from and to dev account 4 (which starts with no tokens): native and LDT
 * transfers both ways, one to itself, an LNFT in and out, a freshly deployed token minted to it, a
 * reverted LDT transfer, two tokens sent in one transaction, an NFT minted to it in a transaction where
 * it also paid LDT, and other accounts' traffic it must not see. One block each (automine).
 */
export async function buildActivityHistory(anvil: AnvilFixture) {
  const chain = null;
  const publicClient = createPublicClient({ transport: http(anvil.rpcUrl) });
  const wallet = (index: number) =>
    createWalletClient({ account: privateKeyToAccount(anvil.accounts[index]!.privateKey), transport: http(anvil.rpcUrl) });
  const address = (index: number) => anvil.accounts[index]!.address as Address;
  const subject = address(SUBJECT_INDEX);
  const { token, nft } = anvil.contracts;
  const history: ExpectedEntry[] = [];
  const mined = async (hash: Hash) => {
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  };
  const record = async (entry: Omit<ExpectedEntry, 'hash'>, send: Promise<Hash>) =>
    history.push({ ...entry, hash: await mined(await send) });
  const erc20 = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
  const noise = async () => mined(await wallet(1).sendTransaction({ to: address(2), value: 1n, chain }));

  await record(
    {
      label: 'native in',
      operationType: 'receive',
      status: 'confirmed',
      hasTokenLog: false,
      transfers: [{ direction: 'in', symbol: 'ETH', numeric: '2', counterparty: address(0) }],
    },
    wallet(0).sendTransaction({ to: subject, value: parseEther('2'), chain }),
  );
  await noise();
  await record(
    {
      label: 'LDT in',
      operationType: 'receive',
      status: 'confirmed',
      hasTokenLog: true,
      transfers: [{ direction: 'in', symbol: 'LDT', numeric: '100', counterparty: address(0) }],
    },
    wallet(0).sendTransaction({ to: token, data: erc20(subject, parseEther('100')), chain }),
  );
  await record(
    {
      label: 'native out',
      operationType: 'send',
      status: 'confirmed',
      hasTokenLog: false,
      transfers: [{ direction: 'out', symbol: 'ETH', numeric: '0.25', counterparty: address(6) }],
    },
    wallet(SUBJECT_INDEX).sendTransaction({ to: address(6), value: parseEther('0.25'), chain }),
  );
  await record(
    {
      label: 'LDT out',
      operationType: 'send',
      status: 'confirmed',
      hasTokenLog: true,
      transfers: [{ direction: 'out', symbol: 'LDT', numeric: '40.5', counterparty: address(6) }],
    },
    wallet(SUBJECT_INDEX).sendTransaction({ to: token, data: erc20(address(6), parseEther('40.5')), chain }),
  );
  await noise();
  await record(
    {
      label: 'native to itself',
      operationType: 'send',
      status: 'confirmed',
      hasTokenLog: false,
      transfers: [{ direction: 'self', symbol: 'ETH', numeric: '0.1' }],
    },
    wallet(SUBJECT_INDEX).sendTransaction({ to: subject, value: parseEther('0.1'), chain }),
  );
  const moveNft = (from: number, to: Address) =>
    encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [address(from), to, 2n] });
  await record(
    {
      label: 'LNFT in',
      operationType: 'receive',
      status: 'confirmed',
      hasTokenLog: true,
      transfers: [{ direction: 'in', nft: 'Latch Demo NFT #2', numeric: '1', counterparty: address(0) }],
    },
    wallet(0).sendTransaction({ to: nft, data: moveNft(0, subject), chain }),
  );
  await record(
    {
      label: 'LNFT out',
      operationType: 'send',
      status: 'confirmed',
      hasTokenLog: true,
      transfers: [{ direction: 'out', nft: 'Latch Demo NFT #2', numeric: '1', counterparty: address(7) }],
    },
    wallet(SUBJECT_INDEX).sendTransaction({ to: nft, data: moveNft(SUBJECT_INDEX, address(7)), chain }),
  );
  // 59.5 LDT held: sending 1 000 reverts (ERC20InsufficientBalance); a fixed gas limit skips the estimate that would refuse it.
  await record(
    {
      label: 'LDT out, reverted',
      operationType: 'send',
      status: 'failed',
      hasTokenLog: false,
      transfers: [{ direction: 'out', symbol: 'LDT', numeric: '1000', counterparty: address(6) }],
    },
    wallet(SUBJECT_INDEX).sendTransaction({ to: token, data: erc20(address(6), parseEther('1000')), gas: 100_000n, chain }),
  );
  const artifact = demoTokenArtifact();
  await record(
    {
      label: 'new token minted to it',
      operationType: 'mint',
      status: 'confirmed',
      hasTokenLog: true,
      transfers: [{ direction: 'in', symbol: 'LDT', numeric: '7' }],
    },
    wallet(0).deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args: [[subject], [parseEther('7')]], chain }),
  );
  const minted = (await publicClient.getTransactionReceipt({ hash: history.at(-1)!.hash })).contractAddress as Address;

  // Through Multicall3, which the account lets move its tokens: two tokens in one transaction, then a mint it paid for.
  const multicall = anvil.contracts.multicall3 as Address;
  const approve = (contract: Address) =>
    wallet(SUBJECT_INDEX).sendTransaction({
      to: contract,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [multicall, parseEther('1000')] }),
      chain,
    });
  for (const [label, contract] of [['approve LDT', token] as const, ['approve the new token', minted] as const]) {
    await record({ label, operationType: 'execute', status: 'confirmed', hasTokenLog: false, transfers: [] }, approve(contract));
  }
  const pull = (contract: Address, amount: bigint) => ({
    target: contract,
    allowFailure: false,
    callData: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [subject, address(6), amount] }),
  });
  const aggregate = (calls: ReturnType<typeof pull>[]) =>
    wallet(SUBJECT_INDEX).sendTransaction({
      to: multicall,
      data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
      chain,
    });
  await record(
    {
      label: 'LDT and the new token out in one transaction',
      operationType: 'send',
      status: 'confirmed',
      hasTokenLog: true,
      transfers: [
        { direction: 'out', symbol: 'LDT', numeric: '5', counterparty: address(6) },
        { direction: 'out', symbol: 'LDT', numeric: '2', counterparty: address(6) },
      ],
    },
    aggregate([pull(token, parseEther('5')), pull(minted, parseEther('2'))]),
  );
  const positions = await deployTestNft(anvil, { name: 'Position', symbol: 'POS', enumerable: false });
  const mintPosition = {
    target: positions.address,
    allowFailure: false,
    callData: encodeFunctionData({ abi: positionMintAbi, functionName: 'mintMany', args: [subject, 900n, 1n] }),
  };
  await record(
    {
      label: 'LDT paid, an NFT minted to it',
      operationType: 'execute',
      status: 'confirmed',
      hasTokenLog: true,
      transfers: [
        { direction: 'out', symbol: 'LDT', numeric: '1', counterparty: address(6) },
        { direction: 'in', nft: 'Position #900', numeric: '1' },
      ],
    },
    aggregate([pull(token, parseEther('1')), mintPosition]),
  );
  await noise();
  return { subject, history };
}
