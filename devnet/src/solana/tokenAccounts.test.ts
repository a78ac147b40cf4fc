import { address, generateKeyPairSigner, getBase64EncodedWireTransaction, type Address, type KeyPairSigner } from '@solana/kit';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSolanaRpc, type SolanaRpcFixture } from './rpcServer.js';
import { createLocalRpc, signedTransaction, type LocalRpc } from './solanaTransfers.testSupport.js';
import { uiTokenAmount } from './tokenAccounts.js';

let chain: SolanaRpcFixture;
let rpc: LocalRpc;

beforeAll(async () => {
  chain = await startSolanaRpc();
  rpc = createLocalRpc(chain.rpcUrl);
});
afterAll(async () => {
  await chain?.stop();
});

async function holder(): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  chain.airdrop(signer.address, 1_000_000_000n);
  return signer;
}

async function tokenBalance(tokenAccount: Address) {
  return (await rpc.getTokenAccountBalance(tokenAccount).send()).value;
}

describe('createMint and mintTo', () => {
  it('write a mint and the owner’s associated token account, shown by getTokenAccountsByOwner jsonParsed', async () => {
    const owner = await holder();
    const mint = address(await chain.createMint({ decimals: 6, mintAuthority: owner.address }));
    const tokenAccount = await chain.mintTo({ mint, owner: owner.address, amount: 1_500_000n });
    const [expectedAta] = await findAssociatedTokenPda({ mint, owner: owner.address, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    expect(tokenAccount).toBe(expectedAta);

    const byMint = await rpc.getTokenAccountsByOwner(owner.address, { mint }, { encoding: 'jsonParsed' }).send();
    expect(byMint.value).toHaveLength(1);
    expect(byMint.value[0]?.pubkey).toBe(tokenAccount);
    expect(byMint.value[0]?.account.owner).toBe(TOKEN_PROGRAM_ADDRESS);
    expect(byMint.value[0]?.account.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint,
          owner: owner.address,
          state: 'initialized',
          tokenAmount: { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' },
        },
      },
      space: 165n,
    });

    const byProgram = await rpc.getTokenAccountsByOwner(owner.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' }).send();
    expect(byProgram.value.map((entry) => entry.pubkey)).toEqual([tokenAccount]);
    expect(byProgram.value[0]?.account.data[1]).toBe('base64');

    const mintInfo = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send();
    expect(mintInfo.value?.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: { decimals: 6, freezeAuthority: null, isInitialized: true, mintAuthority: owner.address, supply: '1500000' },
      },
      space: 82n,
    });
  });

  it('adds to an existing balance and raises the supply', async () => {
    const owner = await holder();
    const mint = address(await chain.createMint({ decimals: 0 }));
    await chain.mintTo({ mint, owner: owner.address, amount: 5n });
    const tokenAccount = address(await chain.mintTo({ mint, owner: owner.address, amount: 7n }));
    expect(await tokenBalance(tokenAccount)).toEqual({ amount: '12', decimals: 0, uiAmount: 12, uiAmountString: '12' });
    expect((await rpc.getTokenSupply(mint).send()).value.amount).toBe('12');
  });

  it('rejects a mint that does not exist', async () => {
    const owner = await holder();
    await expect(chain.mintTo({ mint: owner.address, owner: owner.address, amount: 1n })).rejects.toThrow(/not an SPL Token mint/);
  });
});

describe('SPL transfers through the token programs', () => {
  it('creates the recipient’s associated token account and moves tokens with TransferChecked', async () => {
    const [sender, recipient] = [await holder(), await holder()];
    const mint = address(await chain.createMint({ decimals: 2 }));
    const source = address(await chain.mintTo({ mint, owner: sender.address, amount: 10_000n }));
    const [destination] = await findAssociatedTokenPda({ mint, owner: recipient.address, tokenProgram: TOKEN_PROGRAM_ADDRESS });

    const instructions = [
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: sender, owner: recipient.address, mint }),
      getTransferCheckedInstruction({ source, mint, destination, authority: sender, amount: 2_550n, decimals: 2 }),
    ];
    const transaction = await signedTransaction(rpc, sender, instructions);
    await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send();

    expect((await tokenBalance(source)).amount).toBe('7450');
    expect(await tokenBalance(destination)).toEqual({ amount: '2550', decimals: 2, uiAmount: 25.5, uiAmountString: '25.5' });
    const parsed = await rpc.getTokenAccountsByOwner(recipient.address, { mint }, { encoding: 'jsonParsed' }).send();
    expect(parsed.value[0]?.account.data.parsed.info.tokenAmount.uiAmountString).toBe('25.5');
  });

  it('fails preflight when the sender holds too few tokens (token program error 0x1)', async () => {
    const [sender, recipient] = [await holder(), await holder()];
    const mint = address(await chain.createMint({ decimals: 0 }));
    const source = address(await chain.mintTo({ mint, owner: sender.address, amount: 1n }));
    const destination = address(await chain.mintTo({ mint, owner: recipient.address, amount: 0n }));
    const transaction = await signedTransaction(rpc, sender, [
      getTransferCheckedInstruction({ source, mint, destination, authority: sender, amount: 2n, decimals: 0 }),
    ]);
    const failure = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
      .catch((error: unknown) => error);
    expect((failure as { context: { logs: string[] } }).context.logs.join('\n')).toMatch(/insufficient funds/i);
  });
});

describe('getProgramAccounts', () => {
  it('filters the token program’s accounts by dataSize and memcmp on the owner field', async () => {
    const owner = await holder();
    const mint = address(await chain.createMint({ decimals: 3 }));
    const tokenAccount = await chain.mintTo({ mint, owner: owner.address, amount: 42n });
    const filters = [{ dataSize: 165n }, { memcmp: { offset: 32n, bytes: owner.address as never, encoding: 'base58' as const } }];
    const found = await rpc.getProgramAccounts(TOKEN_PROGRAM_ADDRESS, { encoding: 'jsonParsed', filters }).send();
    expect(found.map((entry) => entry.pubkey)).toEqual([tokenAccount]);
    expect(found[0]?.account.data).toMatchObject({ parsed: { info: { tokenAmount: { amount: '42', decimals: 3 } } } });
  });
});

describe('uiTokenAmount', () => {
  it.each([
    [0n, 6, '0', 0],
    [1n, 9, '0.000000001', 1e-9],
    [1_000_000n, 6, '1', 1],
    [123_450n, 2, '1234.5', 1234.5],
    [18_446_744_073_709_551_615n, 0, '18446744073709551615', 18446744073709552000],
  ])('%s with %i decimals is %s', (amount, decimals, uiAmountString, uiAmount) => {
    expect(uiTokenAmount(amount, decimals)).toEqual({ amount: amount.toString(), decimals, uiAmount, uiAmountString });
  });
});
