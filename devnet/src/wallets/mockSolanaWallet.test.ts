import {
  address,
  getBase58Decoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getBase64Decoder,
  verifySignature,
  type SignatureBytes,
} from '@solana/kit';
import type { WalletAccount } from '@wallet-standard/base';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSolanaRpc, type SolanaRpcFixture } from '../solana/rpcServer.js';
import { createLocalRpc, unsignedSolTransfer, type LocalRpc } from '../solana/solanaTransfers.testSupport.js';
import { createMockSolanaWallet, type MockSolanaWalletOptions } from '@latch/testkit';
import { solanaAddressFromSeed } from '@latch/testkit';
import { MOCK_SOLANA_WALLET_ICON, MOCK_SOLANA_WALLET_NAME } from '@latch/testkit';

const SOL = 1_000_000_000n;
const SEEDS = ['01'.repeat(32), '02'.repeat(32), '03'.repeat(32), '04'.repeat(32), '05'.repeat(32)] as const;

let chain: SolanaRpcFixture;
let rpc: LocalRpc;
const addresses: string[] = [];

beforeAll(async () => {
  chain = await startSolanaRpc();
  rpc = createLocalRpc(chain.rpcUrl);
  addresses.push(...(await Promise.all(SEEDS.map(solanaAddressFromSeed))));
  for (const funded of addresses.slice(0, 3)) chain.airdrop(funded, 10n * SOL);
});
afterAll(async () => {
  await chain?.stop();
});

function wallet(seedIndex = 0, overrides: Partial<MockSolanaWalletOptions> = {}) {
  return createMockSolanaWallet({
    secretKeySeed: SEEDS[seedIndex]!,
    chains: [{ chain: chain.caipNetworkId, rpcUrl: chain.rpcUrl }],
    ...overrides,
  });
}

async function connected(seedIndex = 0) {
  const mock = wallet(seedIndex);
  const [account] = (await mock.features['standard:connect'].connect()).accounts;
  return { mock, account: account! };
}

const rejection = (code: number, message?: string) => expect.objectContaining({ code, ...(message ? { message } : {}) });

async function verifies(account: WalletAccount, signature: Uint8Array, message: Uint8Array) {
  return verifySignature(await getPublicKeyFromAddress(address(account.address)), signature as SignatureBytes, message);
}

describe('the Wallet Standard surface', () => {
  it('has the six read-only fields and the connect, events and Solana signing features', () => {
    const mock = wallet();
    expect({ version: mock.version, name: mock.name, icon: mock.icon, chains: mock.chains, accounts: mock.accounts }).toEqual({
      version: '1.0.0',
      name: MOCK_SOLANA_WALLET_NAME,
      icon: MOCK_SOLANA_WALLET_ICON,
      chains: [chain.caipNetworkId],
      accounts: [],
    });
    const versions = Object.fromEntries(
      Object.entries(mock.features).map(([name, feature]) => [name, (feature as { version: string }).version]),
    );
    expect(versions).toEqual({
      'standard:connect': '1.0.0',
      'standard:disconnect': '1.0.0',
      'standard:events': '1.0.0',
      'solana:signMessage': '1.0.0',
      'solana:signTransaction': '1.0.0',
      'solana:signAndSendTransaction': '1.0.0',
      'solana:signIn': '1.0.0',
    });
    expect(mock.features['solana:signTransaction'].supportedTransactionVersions).toEqual(['legacy', 0]);
  });

  it('refuses a seed that is not 32 bytes of hex on first use, and an icon that is not a data: URI at once', async () => {
    await expect(wallet(0, { secretKeySeed: 'abc' }).features['standard:connect'].connect()).rejects.toThrow(/64 hex digits/);
    expect(() => wallet(0, { icon: 'https://example.com/icon.svg' })).toThrow(/data: URI/);
  });
});

describe('connecting', () => {
  it('connects to the seed’s real key, then reconnects silently while authorised', async () => {
    const { mock, account } = await connected();
    expect(account.address).toBe(addresses[0]);
    expect(account.publicKey).toHaveLength(32);
    expect(getBase58Decoder().decode(account.publicKey)).toBe(addresses[0]);
    expect(account.chains).toEqual([chain.caipNetworkId]);
    expect(account.features).toEqual(['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage', 'solana:signIn']);
    expect(mock.accounts.map((entry) => entry.address)).toEqual([addresses[0]]);

    expect((await mock.features['standard:connect'].connect({ silent: true })).accounts.map((entry) => entry.address)).toEqual([
      addresses[0],
    ]);
    await mock.features['standard:disconnect'].disconnect();
    expect(mock.accounts).toEqual([]);
    expect((await mock.features['standard:connect'].connect({ silent: true })).accounts).toEqual([]);
  });

  it('a silent connect never prompts: no accounts before authorisation, even with rejectConnect on', async () => {
    const mock = wallet(0, { failures: { rejectConnect: true } });
    expect((await mock.features['standard:connect'].connect({ silent: true })).accounts).toEqual([]);
  });

  it('rejectConnect answers 4001 "User rejected the request." until switched off', async () => {
    const mock = wallet(0, { failures: { rejectConnect: true } });
    const attempt = mock.features['standard:connect'].connect();
    await expect(attempt).rejects.toBeInstanceOf(Error);
    await expect(attempt).rejects.toEqual(rejection(4001, 'User rejected the request.'));
    expect(mock.accounts).toEqual([]);
    mock.setFailure('rejectConnect', false);
    expect((await mock.features['standard:connect'].connect()).accounts).toHaveLength(1);
  });

  it('emits change with the accounts on connect, disconnect, a disconnect inside the wallet and an account switch', async () => {
    const mock = wallet();
    const heard = vi.fn();
    const removed = vi.fn();
    mock.features['standard:events'].on('change', heard);
    mock.features['standard:events'].on('change', removed)();
    const connect = () => mock.features['standard:connect'].connect();

    await connect();
    await connect();
    await mock.features['standard:disconnect'].disconnect();
    await connect();
    mock.disconnectFromWallet();
    await connect();
    await mock.switchAccount(SEEDS[1]);

    const seen = heard.mock.calls.map(([properties]) =>
      (properties as { accounts: WalletAccount[] }).accounts.map((entry) => entry.address),
    );
    expect(seen).toEqual([[addresses[0]], [], [addresses[0]], [], [addresses[0]], [addresses[1]]]);
    expect(removed).not.toHaveBeenCalled();
    expect(mock.accounts.map((entry) => entry.address)).toEqual([addresses[1]]);
  });
});

describe('signing with the real key', () => {
  it('signMessage returns an ed25519 signature over the exact bytes', async () => {
    const { mock, account } = await connected();
    const message = new TextEncoder().encode('Sign in to Latch');
    const [output] = await mock.features['solana:signMessage'].signMessage({ account, message });
    expect(output?.signedMessage).toEqual(message);
    expect(await verifies(account, output!.signature, message)).toBe(true);
    expect(await verifies(account, output!.signature, new TextEncoder().encode('Something else'))).toBe(false);
  });

  it('refuses to sign for a site it has not authorised (4100) and answers 4001 while rejectSign is on', async () => {
    const { mock, account } = await connected();
    const message = new Uint8Array([1, 2, 3]);
    mock.setFailure('rejectSign', true);
    await expect(mock.features['solana:signMessage'].signMessage({ account, message })).rejects.toEqual(
      rejection(4001, 'User rejected the request.'),
    );
    mock.disconnectFromWallet();
    await expect(mock.features['solana:signMessage'].signMessage({ account, message })).rejects.toEqual(rejection(4100));
  });

  it.each([0, 'legacy'] as const)('signTransaction signs a version %s transfer the RPC accepts', async (version) => {
    const { mock, account } = await connected(1);
    const recipient = addresses[3]!;
    const before = (await rpc.getBalance(address(recipient)).send()).value;
    const transaction = await unsignedSolTransfer(rpc, address(account.address), address(recipient), SOL, version);
    const [output] = await mock.features['solana:signTransaction'].signTransaction({ account, transaction, chain: chain.caipNetworkId });
    const signed = getTransactionDecoder().decode(output!.signedTransaction);
    expect(Object.values(signed.signatures)[0]).not.toBeNull();
    await rpc.sendTransaction(getBase64Decoder().decode(output!.signedTransaction) as never, { encoding: 'base64' }).send();
    expect((await rpc.getBalance(address(recipient)).send()).value).toBe(before + SOL);
  });

  it('signTransaction refuses a transaction the account does not sign, and an unknown chain', async () => {
    const { mock, account } = await connected(1);
    const foreign = await unsignedSolTransfer(rpc, address(addresses[2]!), address(addresses[3]!), SOL);
    await expect(mock.features['solana:signTransaction'].signTransaction({ account, transaction: foreign })).rejects.toThrow(
      /not a signer/,
    );
    const own = await unsignedSolTransfer(rpc, address(account.address), address(addresses[3]!), SOL);
    await expect(
      mock.features['solana:signTransaction'].signTransaction({ account, transaction: own, chain: 'solana:mainnet' }),
    ).rejects.toThrow(/does not support the chain/);
  });

  it('signAndSendTransaction lands a real SOL transfer and returns its 64-byte signature', async () => {
    const { mock, account } = await connected(2);
    const recipient = addresses[4]!;
    const transaction = await unsignedSolTransfer(rpc, address(account.address), address(recipient), 2n * SOL);
    const [output] = await mock.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      transaction,
      chain: chain.caipNetworkId,
    });
    expect(output?.signature).toHaveLength(64);
    const signature = getBase58Decoder().decode(output!.signature);
    const [status] = (await rpc.getSignatureStatuses([signature as never]).send()).value;
    expect(status?.confirmationStatus).toBe('finalized');
    expect((await rpc.getBalance(address(recipient)).send()).value).toBe(2n * SOL);
  });

  it('signAndSendTransaction passes on the RPC’s preflight failure with its code', async () => {
    const { mock, account } = await connected(2);
    const transaction = await unsignedSolTransfer(rpc, address(account.address), address(addresses[4]!), 1000n * SOL);
    await expect(
      mock.features['solana:signAndSendTransaction'].signAndSendTransaction({ account, transaction, chain: chain.caipNetworkId }),
    ).rejects.toEqual(rejection(-32002));
  });
});

describe('Sign In With Solana', () => {
  it('authorises the site and signs the standard message naming the domain and the address', async () => {
    const mock = wallet();
    const changes = vi.fn();
    mock.features['standard:events'].on('change', changes);
    const [output] = await mock.features['solana:signIn'].signIn({
      domain: 'app.example.com',
      statement: 'Sign in to Latch',
      uri: 'https://app.example.com/login',
      version: '1',
      chainId: 'localnet',
      nonce: 'abc12345',
      resources: ['https://app.example.com/terms'],
    });
    const text = new TextDecoder().decode(output!.signedMessage);
    expect(text).toBe(
      [
        'app.example.com wants you to sign in with your Solana account:',
        addresses[0],
        '',
        'Sign in to Latch',
        '',
        'URI: https://app.example.com/login',
        'Version: 1',
        'Chain ID: localnet',
        'Nonce: abc12345',
        'Resources:',
        '- https://app.example.com/terms',
      ].join('\n'),
    );
    expect(output?.account.address).toBe(addresses[0]);
    expect(await verifies(output!.account, output!.signature, output!.signedMessage)).toBe(true);
    expect(mock.accounts).toHaveLength(1);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('answers 4001 while rejectSign is on, and refuses another address', async () => {
    const mock = wallet();
    await expect(mock.features['solana:signIn'].signIn({ address: addresses[1] })).rejects.toThrow(/wallet's account is/);
    expect(mock.accounts).toEqual([]);
    mock.setFailure('rejectSign', true);
    await expect(mock.features['solana:signIn'].signIn({ domain: 'app.example.com' })).rejects.toEqual(rejection(4001));
  });
});
