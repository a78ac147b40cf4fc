import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { address, createSolanaRpc, getBase58Encoder, getPublicKeyFromAddress, verifySignature, type SignatureBytes } from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { LatchError, getCapability } from '@latch/kernel';
import type { TransferRequest } from '@latch/kernel';
import { SOLANA_SIGN_IN_CAPABILITY, type SolanaSignInCapability } from './adapter.js';
import {
  addressOf,
  createWallet,
  mountAdapter,
  recordingWallet,
  unmountAll,
  seed,
  startLocalSolana,
  LAMPORTS_PER_SOL,
  type LocalSolana,
} from './test-support/solanaFixture.js';
import { solanaDevnet } from './networks/clusters.js';

let local: LocalSolana;
let chain: ReturnType<typeof createSolanaRpc>;
beforeAll(async () => {
  local = await startLocalSolana();
  chain = createSolanaRpc(local.rpc.rpcUrl);
});
afterAll(() => local?.stop());
afterEach(unmountAll);

const SENDER = seed(0x31);
const lamportsOf = async (owner: string) => (await chain.getBalance(address(owner)).send()).value;
async function tokenAmountOf(owner: string, mint: string): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const account = await chain
    .getTokenAccountBalance(ata)
    .send()
    .catch(() => undefined);
  return account ? BigInt(account.value.amount) : 0n;
}
const isBase58Signature = (value: unknown) => typeof value === 'string' && getBase58Encoder().encode(value).length === 64;

async function connectedAdapter({
  failures = {},
  hide = [],
}: {
  failures?: { rejectConnect?: boolean; rejectSign?: boolean };
  hide?: string[];
} = {}) {
  const mock = await createWallet(local, { seedHex: SENDER, failures });
  const recorded = recordingWallet(mock, { hide });
  const mounted = mountAdapter(recorded.wallet, [local.network]);
  const { address: from } = await mounted.adapter.connect(mounted.connector, { network: local.network });
  const transfer = (overrides: Partial<TransferRequest> = {}): TransferRequest => ({
    from,
    to: overrides.to ?? from,
    amount: 1n,
    network: local.network,
    connector: mounted.connector,
    ...overrides,
  });
  return {
    ...mounted,
    mock,
    recorded,
    from,
    transfer,
    sign: getCapability(mounted.adapter, 'signMessage'),
    send: getCapability(mounted.adapter, 'send'),
  };
}

describe('signMessage (solana:signMessage)', () => {
  it('returns a base58 ed25519 signature that verifies against the address', async () => {
    const { sign, from, connector } = await connectedAdapter();
    const message = 'Sign in to Latch ✓\nNonce: 42';
    const signature = await sign?.signMessage({ message, address: from, connector });
    expect(isBase58Signature(signature)).toBe(true);
    const signatureBytes = getBase58Encoder().encode(signature as string) as SignatureBytes;
    const bytes = new TextEncoder().encode(message);
    expect(await verifySignature(await getPublicKeyFromAddress(address(from)), signatureBytes, bytes)).toBe(true);
    const other = await getPublicKeyFromAddress(address(await addressOf(seed(0x32))));
    expect(await verifySignature(other, signatureBytes, bytes)).toBe(false);
  });

  it('keeps 4001 when the visitor declines', async () => {
    const { sign, from, connector } = await connectedAdapter({ failures: { rejectSign: true } });
    const error = await sign?.signMessage({ message: 'hello', address: from, connector }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LatchError);
    expect(error).toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR' });
  });

  it('answers 4200 for a wallet without solana:signMessage', async () => {
    const { sign, from, connector } = await connectedAdapter({ hide: ['solana:signMessage'] });
    await expect(sign?.signMessage({ message: 'hello', address: from, connector })).rejects.toMatchObject({
      name: 'LatchError',
      code: 4200,
    });
  });

  it('refuses an address the wallet did not grant', async () => {
    const { sign, connector } = await connectedAdapter();
    await expect(sign?.signMessage({ message: 'hello', address: await addressOf(seed(0x32)), connector })).rejects.toMatchObject({
      category: 'CONNECTOR_ERROR',
    });
  });
});

describe("the 'solana:signIn' capability", () => {
  it('is declared while a wallet with solana:signIn is connected, and signs a message the account verifies', async () => {
    const { adapter, from, connector } = await connectedAdapter();
    const signIn = adapter.capabilities?.[SOLANA_SIGN_IN_CAPABILITY] as SolanaSignInCapability | undefined;
    expect(signIn).toBeDefined();
    const result = await signIn?.signIn({ domain: 'app.example', statement: 'Sign in to Latch', nonce: 'a1b2c3d4' });
    expect(result?.address).toBe(from);
    expect(result?.message).toContain('app.example wants you to sign in with your Solana account:');
    expect(result?.message).toContain(from);
    const signatureBytes = getBase58Encoder().encode(result?.signature as string) as SignatureBytes;
    expect(await verifySignature(await getPublicKeyFromAddress(address(from)), signatureBytes, result?.signedMessage as Uint8Array)).toBe(
      true,
    );
    await adapter.disconnect(connector);
    expect(adapter.capabilities?.[SOLANA_SIGN_IN_CAPABILITY]).toBeUndefined();
  });

  it('is absent for a wallet without solana:signIn', async () => {
    const { adapter } = await connectedAdapter({ hide: ['solana:signIn'] });
    expect(adapter.capabilities?.[SOLANA_SIGN_IN_CAPABILITY]).toBeUndefined();
    expect(adapter.capabilities?.signMessage).toBeDefined();
  });
});

describe('sendTransfer', () => {
  it('moves SOL through solana:signAndSendTransaction and returns the base58 signature', async () => {
    const { send, transfer, from, recorded } = await connectedAdapter();
    const recipient = await addressOf(seed(0x33));
    const [senderBefore, recipientBefore] = await Promise.all([lamportsOf(from), lamportsOf(recipient)]);
    const signature = await send?.sendTransfer(transfer({ to: recipient, amount: 1_250_000_000n }));
    expect(isBase58Signature(signature)).toBe(true);
    expect(recorded.callsTo('solana:signAndSendTransaction')).toHaveLength(1);
    expect(recorded.callsTo('solana:signAndSendTransaction')[0]).toMatchObject({ chain: local.network.caipNetworkId });
    expect(await lamportsOf(recipient)).toBe(recipientBefore + 1_250_000_000n);
    expect(await lamportsOf(from)).toBe(senderBefore - 1_250_000_000n - 5000n);
  });

  it('signs with solana:signTransaction and sends over RPC when the wallet cannot send', async () => {
    const { send, transfer, recorded } = await connectedAdapter({ hide: ['solana:signAndSendTransaction'] });
    const recipient = await addressOf(seed(0x34));
    const before = await lamportsOf(recipient);
    const signature = await send?.sendTransfer(transfer({ to: recipient, amount: LAMPORTS_PER_SOL }));
    expect(isBase58Signature(signature)).toBe(true);
    expect(recorded.callsTo('solana:signTransaction')).toHaveLength(1);
    expect(await lamportsOf(recipient)).toBe(before + LAMPORTS_PER_SOL);
  });

  it("moves SPL tokens between associated token accounts, creating the receiver's once", async () => {
    const { send, transfer, from } = await connectedAdapter();
    const mint = await local.rpc.createMint({ decimals: 6 });
    await local.rpc.mintTo({ mint, owner: from, amount: 10_000_000n });
    const recipient = await addressOf(seed(0x35));
    await send?.sendTransfer(transfer({ to: recipient, amount: 2_500_000n, token: mint }));
    expect([await tokenAmountOf(from, mint), await tokenAmountOf(recipient, mint)]).toEqual([7_500_000n, 2_500_000n]);
    await send?.sendTransfer(transfer({ to: recipient, amount: 500_000n, token: mint })); // the receiver's account exists now
    expect([await tokenAmountOf(from, mint), await tokenAmountOf(recipient, mint)]).toEqual([7_000_000n, 3_000_000n]);
  });

  it('rejects a malformed receiver, token or amount before the wallet is asked', async () => {
    const { send, transfer, recorded } = await connectedAdapter();
    for (const bad of [{ to: '0x1234' }, { token: 'usdc' }, { amount: -1n }]) {
      await expect(send?.sendTransfer(transfer(bad))).rejects.toMatchObject({ name: 'LatchError', category: 'VALIDATION_ERROR' });
    }
    await expect(send?.estimateFee?.(transfer({ to: 'nobody' }))).rejects.toMatchObject({ message: 'Invalid transfer receiver' });
    expect(recorded.callsTo('solana:signAndSendTransaction')).toEqual([]);
  });

  it("refuses a network the wallet does not list with 'Chain is not supported'", async () => {
    const { send, transfer, recorded } = await connectedAdapter();
    await expect(send?.sendTransfer(transfer({ network: solanaDevnet }))).rejects.toMatchObject({
      message: 'Chain is not supported',
      code: 5710,
    });
    expect(recorded.callsTo('solana:signAndSendTransaction')).toEqual([]);
  });

  it('keeps 4001 when the visitor declines the transaction, and nothing moves', async () => {
    const { send, transfer, from } = await connectedAdapter({ failures: { rejectSign: true } });
    const before = await lamportsOf(from);
    await expect(send?.sendTransfer(transfer({ to: await addressOf(seed(0x36)), amount: 1_000n }))).rejects.toMatchObject({
      name: 'LatchError',
      code: 4001,
    });
    expect(await lamportsOf(from)).toBe(before);
  });
});

describe('estimateFee (getFeeForMessage)', () => {
  it('is 5000 lamports per signature for SOL and SPL transfers', async () => {
    const { send, transfer, from } = await connectedAdapter();
    const mint = await local.rpc.createMint({ decimals: 9 });
    await local.rpc.mintTo({ mint, owner: from, amount: 1n });
    await expect(send?.estimateFee?.(transfer({ to: await addressOf(seed(0x37)), amount: 1n }))).resolves.toEqual({ fee: 5000n });
    await expect(send?.estimateFee?.(transfer({ to: await addressOf(seed(0x37)), amount: 1n, token: mint }))).resolves.toEqual({
      fee: 5000n,
    });
  });

  it('fails as an RPC_ERROR when the node is unreachable', async () => {
    const { send, transfer } = await connectedAdapter();
    const offline = { ...local.network, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } };
    await expect(send?.estimateFee?.(transfer({ network: offline }))).rejects.toMatchObject({ name: 'LatchError', category: 'RPC_ERROR' });
  });
});
