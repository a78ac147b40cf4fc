// @vitest-environment node
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import {
  type Address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit';
import { type Hex, parseTransaction, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { addressesOf, deriveKeys } from './keys.js';
import { answerWithoutKeys, type ChainState, RpcError, signRequest } from './signer.js';

const keys = deriveKeys(Uint8Array.from({ length: 32 }, (_, index) => 255 - index));
const addresses = addressesOf(keys);
const own = addresses.eip155 as Hex;
const chain = (): ChainState => ({ eip155ChainId: 31337 });

const typedData = {
  domain: { name: 'Latch', version: '1', chainId: 31337, verifyingContract: '0x00000000000000000000000000000000000000aa' as Hex },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0x00000000000000000000000000000000000000bb', contents: 'Hello' },
} as const;

describe('eip155', () => {
  it('personal_sign of text and of raw hex verifies with viem', async () => {
    const text = await signRequest(
      { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['Hello Latch', own] },
      keys,
      chain(),
    );
    expect(await verifyMessage({ address: own, message: 'Hello Latch', signature: text as Hex })).toBe(true);
    const raw = await signRequest(
      { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['0xdeadbeef', own.toLowerCase()] },
      keys,
      chain(),
    );
    expect(await verifyMessage({ address: own, message: { raw: '0xdeadbeef' }, signature: raw as Hex })).toBe(true);
  });

  it('eth_signTypedData_v4 (JSON string) verifies with viem', async () => {
    const signature = await signRequest(
      { namespace: 'eip155', chainId: 31337, method: 'eth_signTypedData_v4', params: [own, JSON.stringify(typedData)] },
      keys,
      chain(),
    );
    const { EIP712Domain: _, ...types } = typedData.types;
    expect(await verifyTypedData({ ...typedData, types, address: own, signature: signature as Hex })).toBe(true);
  });

  it('eth_signTransaction signs an EIP-1559 and a legacy transaction whose sender recovers to the account', async () => {
    const eip1559 = (await signRequest(
      {
        namespace: 'eip155',
        chainId: 31337,
        method: 'eth_signTransaction',
        params: [
          {
            from: own,
            to: '0x00000000000000000000000000000000000000bb',
            value: '0xde0b6b3a7640000',
            nonce: '0x3',
            gas: '0x5208',
            maxFeePerGas: '0x3b9aca00',
            maxPriorityFeePerGas: '0x1',
            chainId: '0x7a69',
          },
        ],
      },
      keys,
      chain(),
    )) as Hex;
    expect(await recoverTransactionAddress({ serializedTransaction: eip1559 as never })).toBe(own);
    const parsed = parseTransaction(eip1559);
    expect(parsed).toMatchObject({ type: 'eip1559', chainId: 31337, nonce: 3, gas: 21000n, value: 10n ** 18n });
    const legacy = (await signRequest(
      {
        namespace: 'eip155',
        chainId: 1,
        method: 'eth_signTransaction',
        params: [{ to: own, nonce: '0x0', gas: '0x5208', gasPrice: '0x1' }],
      },
      keys,
      chain(),
    )) as Hex;
    expect(await recoverTransactionAddress({ serializedTransaction: legacy as never })).toBe(own);
    expect(parseTransaction(legacy).chainId).toBe(31337);
  });

  it('refuses another account, an incomplete transaction and unknown methods with EIP-1193 codes', async () => {
    const other = '0x00000000000000000000000000000000000000cc';
    const call = (method: string, params: unknown) => signRequest({ namespace: 'eip155', chainId: 31337, method, params }, keys, chain());
    await expect(call('personal_sign', ['hi', other])).rejects.toMatchObject({ code: -32602 });
    await expect(call('eth_signTransaction', [{ to: other, gas: '0x5208', gasPrice: '0x1' }])).rejects.toThrow('nonce and gas');
    await expect(call('eth_signTypedData_v4', [own, '{not json'])).rejects.toThrow('not JSON');
    await expect(call('eth_sign', [own, '0x00'])).rejects.toBeInstanceOf(RpcError);
    await expect(call('eth_sign', [own, '0x00'])).rejects.toMatchObject({ code: 4200 });
  });

  it('answers accounts and chain id and records a chain switch', () => {
    const state = chain();
    expect(answerWithoutKeys({ namespace: 'eip155', chainId: 31337, method: 'eth_accounts' }, addresses, state)).toEqual({ result: [own] });
    expect(answerWithoutKeys({ namespace: 'eip155', chainId: 31337, method: 'eth_chainId' }, addresses, state)).toEqual({
      result: '0x7a69',
    });
    answerWithoutKeys(
      { namespace: 'eip155', chainId: 31337, method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] },
      addresses,
      state,
    );
    expect(answerWithoutKeys({ namespace: 'eip155', chainId: 1, method: 'eth_chainId' }, addresses, state)).toEqual({ result: '0x1' });
    expect(() =>
      answerWithoutKeys(
        { namespace: 'eip155', chainId: 1, method: 'wallet_switchEthereumChain', params: [{ chainId: 5 }] },
        addresses,
        state,
      ),
    ).toThrow(RpcError);
  });
});

describe('solana', () => {
  it('solana_signMessage gives an ed25519 signature of the message by the account', async () => {
    const message = new TextEncoder().encode('Sign in to Latch');
    const { signature } = (await signRequest(
      { namespace: 'solana', chainId: 'localnet', method: 'solana_signMessage', params: { message: base58.encode(message) } },
      keys,
      chain(),
    )) as { signature: string };
    expect(ed25519.verify(base58.decode(signature), message, base58.decode(addresses.solana))).toBe(true);
  });

  it("solana_signTransaction fills the fee payer's signature slot with a valid signature", async () => {
    const feePayer = addresses.solana as Address;
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (tx) => setTransactionMessageFeePayer(feePayer, tx),
      (tx) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 10n },
          tx,
        ),
      (tx) =>
        appendTransactionMessageInstruction(
          { programAddress: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address, data: new Uint8Array([104, 105]) },
          tx,
        ),
    );
    const unsigned = getBase64EncodedWireTransaction(compileTransaction(message));
    const { transaction } = (await signRequest(
      { namespace: 'solana', chainId: 'localnet', method: 'solana_signTransaction', params: { transaction: unsigned } },
      keys,
      chain(),
    )) as { transaction: string };
    const decoded = getTransactionDecoder().decode(base64.decode(transaction));
    expect(Object.keys(decoded.signatures)[0]).toBe(feePayer);
    const signature = decoded.signatures[feePayer];
    expect(signature).toBeTruthy();
    expect(ed25519.verify(signature!, new Uint8Array(decoded.messageBytes), base58.decode(feePayer))).toBe(true);
  });

  it('refuses a transaction it is not asked to sign, and garbage', async () => {
    const stranger = base58.encode(ed25519.getPublicKey(new Uint8Array(32).fill(7))) as Address;
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (tx) => setTransactionMessageFeePayer(stranger, tx),
      (tx) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 10n },
          tx,
        ),
    );
    const call = (params: unknown) =>
      signRequest({ namespace: 'solana', chainId: 'localnet', method: 'solana_signTransaction', params }, keys, chain());
    await expect(call({ transaction: getBase64EncodedWireTransaction(compileTransaction(message)) })).rejects.toThrow('does not ask');
    await expect(call({ transaction: base64.encode(new Uint8Array([1, 2, 3])) })).rejects.toMatchObject({ code: -32602 });
    await expect(call({ transaction: '%%%' })).rejects.toThrow('not valid base64');
  });
});
