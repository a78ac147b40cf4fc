// @vitest-environment node
import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256, parseEther, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeMessage, describeSolanaTransaction, describeTransaction, describeTypedData } from './describe.js';

/*
 * What the approval page says of a request, from the frame's own decoding. Expected amounts are written out by hand
 * from the request's own numbers.
 */

const context = { account: '0x00000000000000000000000000000000000000a1', origin: 'https://shop.example' };
const TOKEN = '0x00000000000000000000000000000000000000c0';
const SPENDER = '0x00000000000000000000000000000000000000d0';
const rows = (details: { rows: { label: string; value: string }[] }) =>
  Object.fromEntries(details.rows.map((row) => [row.label, row.value]));

describe('the approval page in words', () => {
  it('a payment: the recipient, the exact amount, the most the fee can be and the total, on a named network', () => {
    const details = describeTransaction(context, {
      chainId: 8453,
      to: SPENDER,
      value: parseEther('1.2341'),
      gas: 21_000n,
      maxFeePerGas: 3_000_000_001n,
      maxPriorityFeePerGas: 1n,
      nonce: 7,
      type: 'eip1559',
    });
    expect(details).toMatchObject({ kind: 'transaction', title: 'Send a transaction', origin: 'https://shop.example', warnings: [] });
    // 21000 × 3000000001 wei = 63000000021000 wei.
    expect(rows(details)).toEqual({
      Network: 'Base (chain 8453)',
      To: SPENDER,
      Amount: '1.2341 ETH',
      'Network fee (at most)': '0.000063000000021 ETH',
      'Total (at most)': '1.234163000000021 ETH',
      Nonce: '7',
    });
  });

  it('token calls: a transfer, an unlimited approval and an operator for a whole collection, each with its warning', () => {
    const base = { chainId: 1, to: TOKEN, value: 0n, gas: 60_000n, gasPrice: 10n, nonce: 0, type: 'legacy' } as const;
    const transfer = describeTransaction(context, {
      ...base,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 1_500_000n] }),
    });
    expect(transfer.title).toBe('Send tokens');
    expect(rows(transfer)).toMatchObject({
      'Token contract': TOKEN,
      Recipient: SPENDER,
      'Token amount': "1500000 (in the token's smallest unit)",
    });
    const approve = describeTransaction(context, {
      ...base,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }),
    });
    expect(rows(approve)).toMatchObject({ Spender: SPENDER, Allowance: 'Unlimited' });
    expect(approve.warnings).toEqual([`${SPENDER} could move all your tokens of this contract, now and later, without asking you again.`]);
    const operator = describeTransaction(context, {
      ...base,
      data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [SPENDER, true] }),
    });
    expect(operator.title).toBe('Allow moving all your items');
    expect(operator.warnings[0]).toContain('every item you hold in this collection');
    const unknown = describeTransaction(context, { ...base, data: '0xdeadbeef00' });
    expect(rows(unknown).Data).toBe('5 bytes: 0xdeadbeef…');
    expect(unknown.warnings[0]).toContain('calls a contract');
  });

  it('typed data: the app, contract and network it binds, every field, unlimited amounts and another chain called out', () => {
    const details = describeTypedData(
      context,
      {
        domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: TOKEN },
        types: {
          Permit: [
            { name: 'spender', type: 'address' },
            { name: 'value', type: 'uint256' },
          ],
        },
        primaryType: 'Permit',
        message: { spender: SPENDER, value: maxUint256 },
      },
      31337,
    );
    expect(details.title).toBe('Sign typed data: Permit');
    expect(rows(details)).toMatchObject({ App: 'USD Coin', Contract: TOKEN, Network: 'Ethereum (chain 1)', spender: SPENDER });
    expect(rows(details).value).toBe(`Unlimited (${maxUint256})`);
    expect(details.warnings).toEqual([
      'This signature is for Ethereum (chain 1), not the network you are on.',
      `This signature lets ${SPENDER} move your tokens without asking you again.`,
    ]);
  });

  it('messages: text as text, bytes as hex with a warning', () => {
    expect(describeMessage(context, 'eip155', toHex('Sign in to shop.example'))).toMatchObject({
      text: 'Sign in to shop.example',
      warnings: [],
    });
    const bytes = describeMessage(context, 'solana', new Uint8Array([0, 1, 255]));
    expect(bytes.text).toBe('0x0001ff');
    expect(bytes.warnings).toHaveLength(1);
  });

  it('a Solana transfer spelled out in SOL, with its cluster; an unknown program is called out', () => {
    const from = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM');
    const to = address('HcRYLTP6kLmX9ezqJVmbbhqBP2EyfZzbqPfxCw9ja7tG');
    const data = new Uint8Array(12);
    new DataView(data.buffer).setUint32(0, 2, true);
    new DataView(data.buffer).setBigUint64(4, 123_456_789n, true);
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(from, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash, lastValidBlockHeight: 1n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          {
            programAddress: address('11111111111111111111111111111111'),
            accounts: [
              { address: from, role: 3 },
              { address: to, role: 1 },
            ],
            data,
          },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          { programAddress: address('Stake11111111111111111111111111111111111111'), data: new Uint8Array([1]) },
          m,
        ),
    );
    const transaction = getTransactionDecoder().decode(getTransactionEncoder().encode(compileTransaction(message)));
    const details = describeSolanaTransaction(context, transaction, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    expect(details.title).toBe('Send SOL');
    // 123456789 lamports = 0.123456789 SOL.
    expect(rows(details)).toMatchObject({
      Network: 'Solana Devnet',
      'Fee payer': from,
      'Instruction 1': `Transfer 0.123456789 SOL from ${from} to ${to}`,
      'Instruction 2': 'Stake11111111111111111111111111111111111111: 0 account(s), 1 byte(s) of data',
    });
    expect(details.warnings[0]).toContain('programs the wallet does not know');
  });
});
