import {
  address,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Address,
  type KeyPairSigner,
} from '@solana/kit';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSolanaRpc, type SolanaRpcFixture } from './rpcServer.js';
import { createLocalRpc, signedSolTransfer, signedTransaction, type LocalRpc } from './solanaTransfers.testSupport.js';

const SOL = 1_000_000_000n;
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

let chain: SolanaRpcFixture;
let rpc: LocalRpc;

beforeAll(async () => {
  chain = await startSolanaRpc();
  rpc = createLocalRpc(chain.rpcUrl);
});
afterAll(async () => {
  await chain?.stop();
});

type RawReply = { result?: unknown; error?: { code: number; message: string; data?: unknown } };

async function rawCall(method: string, params: unknown[] = []): Promise<RawReply> {
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as RawReply;
}

async function signaturesOf(owner: string, config: Record<string, unknown> = {}): Promise<Record<string, unknown>[]> {
  const { result, error } = await rawCall('getSignaturesForAddress', [owner, config]);
  if (error) throw new Error(error.message);
  return result as Record<string, unknown>[];
}

async function fundedSigner(lamports = 10n * SOL): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  chain.airdrop(signer.address, lamports);
  return signer;
}

async function sendSol(from: KeyPairSigner, to: Address, amount: bigint, skipPreflight = false): Promise<string> {
  return rpc.sendTransaction(await signedSolTransfer(rpc, from, to, amount), { encoding: 'base64', skipPreflight }).send();
}

describe('airdrops', () => {
  it('are signed faucet transfers: listed for the recipient and readable with getTransaction', async () => {
    const owner = await generateKeyPairSigner();
    const signature = await rpc.requestAirdrop(owner.address, SOL as never).send();
    const [listed] = await signaturesOf(owner.address);
    expect(listed?.signature).toBe(signature);

    const landed = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
    const keys = landed?.transaction.message.accountKeys ?? [];
    expect(keys.slice(1)).toEqual([owner.address, SYSTEM_PROGRAM]);
    expect(landed?.meta).toMatchObject({ err: null, fee: 5000n, preBalances: [expect.any(BigInt), 0n, 1n] });
    expect(landed?.meta?.postBalances[1]).toBe(SOL);
    expect(landed?.version).toBe('legacy');
  });

  it('still refuse what the runtime refuses, without leaving a transaction behind', async () => {
    const owner = await generateKeyPairSigner();
    expect(() => chain.airdrop(owner.address, 1000n)).toThrow(/insufficient funds for rent/);
    expect(await signaturesOf(owner.address)).toEqual([]);
  });
});

describe('getSignaturesForAddress', () => {
  it('lists sent, received and failed transactions newest first, in the RPC wire shape', async () => {
    const [alice, bob] = [await fundedSigner(), await fundedSigner()];
    const funded = (await signaturesOf(alice.address))[0]?.signature;
    const sent = await sendSol(alice, bob.address, SOL);
    const received = await sendSol(bob, alice.address, 2n * SOL);
    const failed = await sendSol(alice, bob.address, 100n * SOL, true);

    const list = await signaturesOf(alice.address);
    expect(list.map((item) => item.signature)).toEqual([failed, received, sent, funded]);
    expect(list[0]).toEqual({
      signature: failed,
      slot: expect.any(Number),
      err: { InstructionError: [0, { Custom: 1 }] },
      memo: null,
      blockTime: expect.any(Number),
      confirmationStatus: 'finalized',
    });
    expect(list[1]).toMatchObject({ signature: received, err: null, memo: null });
    const slots = list.map((item) => item.slot as number);
    expect([...slots].sort((a, b) => b - a)).toEqual(slots);
    expect(Math.abs((list[0]?.blockTime as number) - Date.now() / 1000)).toBeLessThan(60);
    // kit's client reads the same reply
    const viaKit = await rpc.getSignaturesForAddress(alice.address, { limit: 2 }).send();
    expect(viaKit.map((item) => item.signature)).toEqual([failed, received]);
    expect(viaKit[1]?.confirmationStatus).toBe('finalized');
  });

  it('pages with before and limit, each signature exactly once, and stops above until', async () => {
    const [alice, bob] = [await fundedSigner(100n * SOL), await generateKeyPairSigner()];
    for (let index = 0; index < 6; index++) await sendSol(alice, bob.address, SOL + BigInt(index));
    const all = (await signaturesOf(alice.address)).map((item) => item.signature);
    expect(all).toHaveLength(7);

    const paged: unknown[] = [];
    let before: unknown;
    for (;;) {
      const page = await signaturesOf(alice.address, { limit: 3, ...(before ? { before } : {}) });
      paged.push(...page.map((item) => item.signature));
      if (page.length < 3) break;
      before = page.at(-1)?.signature;
    }
    expect(paged).toEqual(all);
    expect((await signaturesOf(alice.address, { until: all[3] })).map((item) => item.signature)).toEqual(all.slice(0, 3));
    expect((await signaturesOf(alice.address, { before: all[1], until: all[4] })).map((item) => item.signature)).toEqual(all.slice(2, 4));
    // a bound from another address's history still bounds by slot
    const other = (await signaturesOf(bob.address))[2]?.signature;
    expect((await signaturesOf(alice.address, { before: other })).map((item) => item.signature)).toEqual(all.slice(3));
  });

  it('answers an unknown before with nothing and ignores an unknown until', async () => {
    const stranger = await sendSol(await fundedSigner(), (await generateKeyPairSigner()).address, SOL);
    const owner = await fundedSigner();
    const own = await signaturesOf(owner.address);
    const unknown = getSignatureFromTransaction(await signedTransaction(rpc, owner, [])); // signed, never sent
    expect(await signaturesOf(owner.address, { before: unknown })).toEqual([]);
    expect(await signaturesOf(owner.address, { until: unknown })).toEqual(own);
    expect(await signaturesOf(owner.address, { until: stranger })).toEqual(own);
    expect(await signaturesOf((await generateKeyPairSigner()).address)).toEqual([]);
  });

  it('refuses a bad limit, address, signature or commitment with -32602, as agave does', async () => {
    const owner = (await fundedSigner()).address;
    for (const limit of [0, 1001]) {
      expect((await rawCall('getSignaturesForAddress', [owner, { limit }])).error).toEqual({
        code: -32602,
        message: 'Invalid limit; max 1000',
      });
    }
    expect((await signaturesOf(owner, { limit: 1000 })).length).toBe(1);
    expect((await rawCall('getSignaturesForAddress', ['nope'])).error).toEqual({ code: -32602, message: 'Invalid param: Invalid' });
    expect((await rawCall('getSignaturesForAddress', [owner, { before: 'nope' }])).error?.code).toBe(-32602);
    expect((await rawCall('getSignaturesForAddress', [owner, { commitment: 'processed' }])).error).toEqual({
      code: -32602,
      message: 'Method does not support commitment below `confirmed`',
    });
    expect((await rawCall('getSignaturesForAddress', [owner, { minContextSlot: 1e9 }])).error?.code).toBe(-32016);
  });

  it('fills memo from memo instructions as [length] text', async () => {
    const owner = await fundedSigner();
    const memo = {
      programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
      accounts: [],
      data: new TextEncoder().encode('thanks ✓'),
    };
    const transaction = await signedTransaction(rpc, owner, [memo]);
    await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64', skipPreflight: true }).send();
    expect((await signaturesOf(owner.address))[0]?.memo).toBe('[10] thanks ✓');
  });
});

describe('getTransaction meta', () => {
  it('carries pre/post token balances of the accounts a token transfer touched, in the RPC shape', async () => {
    const [sender, receiver] = [await fundedSigner(), await generateKeyPairSigner()];
    const mint = address(await chain.createMint({ decimals: 6 }));
    const source = await chain.mintTo({ mint, owner: sender.address, amount: 5_000_000n });
    const [destination] = await findAssociatedTokenPda({ mint, owner: receiver.address, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const transaction = await signedTransaction(rpc, sender, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: sender, owner: receiver.address, mint }),
      getTransferCheckedInstruction({ source: address(source), mint, destination, authority: sender, amount: 5_000_000n, decimals: 6 }),
    ]);
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send();

    const { result } = await rawCall('getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }]);
    const { meta, transaction: json } = result as {
      meta: Record<string, unknown>;
      transaction: { message: { accountKeys: string[] } };
    };
    const keys = json.message.accountKeys;
    const tokenBalance = (account: string, owner: string, amount: string, uiAmount: number | null, uiAmountString: string) => ({
      accountIndex: keys.indexOf(account),
      mint,
      owner,
      programId: TOKEN_PROGRAM_ADDRESS,
      uiTokenAmount: { amount, decimals: 6, uiAmount, uiAmountString },
    });
    expect(meta.preTokenBalances).toEqual([tokenBalance(source, sender.address, '5000000', 5, '5')]);
    expect(meta.postTokenBalances).toEqual(
      [tokenBalance(destination, receiver.address, '5000000', 5, '5'), tokenBalance(source, sender.address, '0', null, '0')].sort(
        (a, b) => a.accountIndex - b.accountIndex,
      ),
    );
    expect(meta).toMatchObject({ err: null, fee: 5000, status: { Ok: null } });
    expect((meta.preBalances as number[])[0]! - (meta.postBalances as number[])[0]!).toBe(5000 + 2_039_280);
    expect((meta.innerInstructions as { index: number }[]).map((entry) => entry.index)).toEqual([0]);
  });

  it('keeps the token balances unchanged for a failed transfer, which still pays its fee', async () => {
    const sender = await fundedSigner();
    const mint = address(await chain.createMint({ decimals: 2 }));
    const source = address(await chain.mintTo({ mint, owner: sender.address, amount: 100n }));
    const transaction = await signedTransaction(rpc, sender, [
      getTransferCheckedInstruction({ source, mint, destination: source, authority: sender, amount: 101n, decimals: 2 }),
    ]);
    const wire = getBase64EncodedWireTransaction(transaction);
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send();
    const landed = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
    expect(landed?.meta?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect(landed?.meta?.preTokenBalances).toEqual(landed?.meta?.postTokenBalances);
    expect(landed?.meta?.postTokenBalances?.[0]?.uiTokenAmount.uiAmountString).toBe('1');
    expect(landed?.meta?.postBalances[0]).toBe(10n * SOL - 5000n);
  });
});
