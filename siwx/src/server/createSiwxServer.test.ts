import { isLatchError } from '@latch/kernel';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { ownerWalletContracts, startAnvil, type BareAnvilFixture } from '@latch/devnet';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  hashMessage,
  http,
  serializeErc6492Signature,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiwxMessage } from '../message/createSiwxMessage.js';
import type { SiwxMessage } from '../message/types.js';
import { createSiwxServer, type SiwxServerOptions } from './createSiwxServer.js';
import type { SiwxVerificationCode } from './SiwxVerificationError.js';

const DOMAIN = 'app.example.com';
let anvil: BareAnvilFixture;
let caipNetworkId: string;
let factory: Address;
let contracts: Awaited<ReturnType<typeof ownerWalletContracts>>;

beforeAll(async () => {
  contracts = await ownerWalletContracts();
  anvil = await startAnvil({ deploy: false });
  caipNetworkId = `eip155:${anvil.chainId}`;
  const wallet = deployerClient();
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  const hash = await wallet.deployContract({ ...contracts.OwnerWalletFactory });
  factory = (await client.waitForTransactionReceipt({ hash })).contractAddress!;
});
afterAll(() => anvil?.stop());

function deployerClient() {
  const chain = defineChain({
    id: anvil.chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  return createWalletClient({ account: privateKeyToAccount(anvil.accounts[0]!.privateKey), chain, transport: http(anvil.rpcUrl) });
}

function serverWith(options: Partial<SiwxServerOptions> = {}) {
  return createSiwxServer({ domains: [DOMAIN], rpcUrls: { [caipNetworkId]: anvil.rpcUrl }, ...options });
}

async function messageFor(
  server: ReturnType<typeof serverWith>,
  fields: Partial<SiwxMessage> & Pick<SiwxMessage, 'address'>,
): Promise<string> {
  const { nonce } = await server.createNonce();
  return createSiwxMessage({
    domain: DOMAIN,
    uri: `https://${DOMAIN}`,
    version: '1',
    caipNetworkId,
    nonce,
    issuedAt: new Date().toISOString(),
    statement: 'Sign in to Example.',
    ...fields,
  });
}

async function refusal(promise: Promise<unknown>): Promise<{ code: SiwxVerificationCode; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the server accepted it').toBeInstanceOf(Error);
  // A refusal is a LatchError an app catches with the rest of Latch's errors.
  expect(isLatchError(error)).toBe(true);
  expect(error).toMatchObject({ name: 'SiwxVerificationError', category: 'VALIDATION_ERROR' });
  const { code, message } = error as { code: SiwxVerificationCode; message: string };
  return { code, message };
}

describe('createSiwxServer on eip155 (anvil)', () => {
  const owner = () => privateKeyToAccount(anvil.accounts[1]!.privateKey);
  const stranger = () => privateKeyToAccount(anvil.accounts[2]!.privateKey);

  it("accepts a plain account's EIP-191 signature and returns the session", async () => {
    const server = serverWith();
    const message = await messageFor(server, { address: owner().address });
    const signature = await owner().signMessage({ message });
    const session = await server.verify({ message, signature });
    expect(session.data.address).toBe(owner().address);
    expect(session.data.caipNetworkId).toBe(caipNetworkId);
    expect(session.message).toBe(message);
    expect(session.signature).toBe(signature);
  });

  it('refuses a replayed nonce, an unknown one and an expired one', async () => {
    let clock = Date.now();
    const server = serverWith({ now: () => clock, nonceTtlMs: 1000 });
    const message = await messageFor(server, { address: owner().address });
    const signature = await owner().signMessage({ message });
    await server.verify({ message, signature });
    expect(await refusal(server.verify({ message, signature }))).toEqual({
      code: 'INVALID_NONCE',
      message: 'The nonce was not issued by this server or was already used',
    });
    const unknown = message.replace(/Nonce: \w+/, 'Nonce: abcdef0123456789');
    expect((await refusal(server.verify({ message: unknown, signature: await owner().signMessage({ message: unknown }) }))).code).toBe(
      'INVALID_NONCE',
    );
    const late = await messageFor(server, { address: owner().address });
    clock += 1001;
    expect(await refusal(server.verify({ message: late, signature: await owner().signMessage({ message: late }) }))).toEqual({
      code: 'INVALID_NONCE',
      message: 'The nonce expired; ask for a new one',
    });
  });

  it('refuses an expired message, one not yet valid, another domain, another network', async () => {
    const server = serverWith({ networks: [caipNetworkId] });
    const sign = async (fields: Partial<SiwxMessage>) => {
      const message = await messageFor(server, { address: owner().address, ...fields });
      return server.verify({ message, signature: await owner().signMessage({ message }) });
    };
    const past = new Date(Date.now() - 1000).toISOString();
    expect(await refusal(sign({ expirationTime: past }))).toEqual({ code: 'EXPIRED', message: `The message expired at ${past}` });
    const future = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(await refusal(sign({ notBefore: future }))).toEqual({
      code: 'NOT_YET_VALID',
      message: `The message is not valid before ${future}`,
    });
    expect((await refusal(sign({ issuedAt: future }))).code).toBe('NOT_YET_VALID');
    expect(await refusal(sign({ domain: 'evil.example.com' }))).toEqual({
      code: 'DOMAIN_MISMATCH',
      message: 'The message is for evil.example.com; this server signs in app.example.com',
    });
    expect(await refusal(sign({ caipNetworkId: 'eip155:1' }))).toEqual({
      code: 'UNSUPPORTED_NETWORK',
      message: 'Sign-in on eip155:1 is not accepted',
    });
  });

  it("binds the message to the app's origins: its URI, and the scheme EIP-4361 allows before the domain", async () => {
    const sign = async (server: ReturnType<typeof serverWith>, fields: Partial<SiwxMessage>) => {
      const message = await messageFor(server, { address: owner().address, ...fields });
      return server.verify({ message, signature: await owner().signMessage({ message }) });
    };
    const server = serverWith();
    expect(await refusal(sign(server, { uri: 'https://evil.example/phish' }))).toEqual({
      code: 'URI_MISMATCH',
      message: `The message's URI https://evil.example/phish is not on https://${DOMAIN}`,
    });
    expect((await refusal(sign(server, { uri: `http://${DOMAIN}/` }))).code).toBe('URI_MISMATCH');
    expect((await refusal(sign(server, { uri: 'urn:app.example.com' }))).code).toBe('URI_MISMATCH');
    expect((await sign(server, { uri: `https://${DOMAIN}:443/account?tab=1` })).data.uri).toBe(`https://${DOMAIN}:443/account?tab=1`);
    // `https://app.example.com wants you…` is the same request as without the scheme; http is another origin.
    expect((await sign(server, { scheme: 'https' })).data).toMatchObject({ scheme: 'https', domain: DOMAIN });
    expect(await refusal(sign(server, { scheme: 'http' }))).toEqual({
      code: 'DOMAIN_MISMATCH',
      message: `The message is for http://${DOMAIN}; this server signs in ${DOMAIN}`,
    });

    // On this machine plain http is the usual page: accepted by default for localhost, 127.0.0.1 and [::1].
    const local = createSiwxServer({ domains: ['127.0.0.1:5173'] });
    const page = { domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/', scheme: 'http' };
    expect((await sign(local, page)).data.scheme).toBe('http');
    expect((await sign(local, { ...page, scheme: undefined, uri: 'https://127.0.0.1:5173' })).data.domain).toBe('127.0.0.1:5173');

    // `origins` replaces the default: a URI on the app's own login host.
    const explicit = createSiwxServer({ domains: [DOMAIN], origins: ['https://login.example.com'] });
    expect((await sign(explicit, { uri: 'https://login.example.com/siwx' })).data.uri).toBe('https://login.example.com/siwx');
    expect((await refusal(sign(explicit, {}))).code).toBe('URI_MISMATCH');
    expect(() => createSiwxServer({ domains: [DOMAIN], origins: ['app.example.com'] })).toThrow(
      'createSiwxServer: `origins` takes origins such as https://app.example.com (got "app.example.com")',
    );
    expect(() => createSiwxServer({ domains: [DOMAIN], origins: ['app.example.com'] })).toThrow(
      expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' }),
    );
  });

  it("refuses another account's signature, a tampered message and a lowercase address", async () => {
    const server = serverWith();
    const message = await messageFor(server, { address: owner().address });
    expect(await refusal(server.verify({ message, signature: await stranger().signMessage({ message }) }))).toEqual({
      code: 'INVALID_SIGNATURE',
      message: `The signature is not ${owner().address}'s over this message`,
    });
    const signed = await messageFor(server, { address: owner().address });
    const signature = await owner().signMessage({ message: signed });
    const tampered = signed.replace('Sign in to Example.', 'Sign in to Exemple.');
    expect((await refusal(server.verify({ message: tampered, signature }))).code).toBe('INVALID_SIGNATURE');
    expect((await refusal(server.verify({ message: 'hello', signature }))).code).toBe('MALFORMED_MESSAGE');
    const lower = await messageFor(server, { address: owner().address.toLowerCase() });
    expect(await refusal(server.verify({ message: lower, signature: await owner().signMessage({ message: lower }) }))).toEqual({
      code: 'MALFORMED_MESSAGE',
      message: `Invalid address: EIP-4361 wants the EIP-55 checksummed form ${owner().address}`,
    });
  });

  it('accepts a deployed ERC-1271 smart account signed by its owner, and refuses a stranger', async () => {
    const wallet = deployerClient();
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const hash = await wallet.deployContract({ ...contracts.OwnerWallet, args: [owner().address] });
    const account = getAddress((await client.waitForTransactionReceipt({ hash })).contractAddress!);
    const server = serverWith();
    const message = await messageFor(server, { address: account });
    const session = await server.verify({ message, signature: await owner().sign({ hash: hashMessage(message) }) });
    expect(session.data.address).toBe(account);
    const again = await messageFor(server, { address: account });
    expect((await refusal(server.verify({ message: again, signature: await stranger().sign({ hash: hashMessage(again) }) }))).code).toBe(
      'INVALID_SIGNATURE',
    );
    // Without the chain's RPC only plain accounts can be checked: the contract's signature is refused.
    const offline = createSiwxServer({ domains: [DOMAIN] });
    const offlineMessage = await messageFor(offline, { address: account });
    const offlineSignature = await owner().sign({ hash: hashMessage(offlineMessage) });
    expect((await refusal(offline.verify({ message: offlineMessage, signature: offlineSignature }))).code).toBe('INVALID_SIGNATURE');
  });

  it('accepts an ERC-6492 signature of a smart account not deployed yet', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const salt: Hex = `0x${'42'.padStart(64, '0')}`;
    const account = (await client.readContract({
      address: factory,
      abi: contracts.OwnerWalletFactory.abi,
      functionName: 'addressOf',
      args: [owner().address, salt],
    })) as Address;
    expect(await client.getCode({ address: account })).toBeUndefined();
    const server = serverWith();
    const message = await messageFor(server, { address: account });
    const wrap = async (signer: ReturnType<typeof owner>, text: string) =>
      serializeErc6492Signature({
        address: factory,
        data: encodeFunctionData({ abi: contracts.OwnerWalletFactory.abi, functionName: 'deploy', args: [owner().address, salt] }),
        signature: await signer.sign({ hash: hashMessage(text) }),
      });
    expect((await server.verify({ message, signature: await wrap(owner(), message) })).data.address).toBe(account);
    const again = await messageFor(server, { address: account });
    expect((await refusal(server.verify({ message: again, signature: await wrap(stranger(), again) }))).code).toBe('INVALID_SIGNATURE');
  });
});

describe('createSiwxServer on solana and other namespaces', () => {
  const SOLANA = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
  const secretKey = ed25519.utils.randomPrivateKey();
  const address = base58.encode(ed25519.getPublicKey(secretKey));
  const signSolana = (message: string) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secretKey));

  it('accepts an ed25519 signature over the Sign In With Solana text, and refuses another key or a tampered text', async () => {
    const server = createSiwxServer({ domains: [DOMAIN] });
    const message = await messageFor(server, { address, caipNetworkId: SOLANA });
    expect(message).toContain('wants you to sign in with your Solana account:');
    expect((await server.verify({ message, signature: signSolana(message) })).data).toMatchObject({ address, caipNetworkId: SOLANA });
    const other = ed25519.utils.randomPrivateKey();
    const next = await messageFor(server, { address, caipNetworkId: SOLANA });
    const foreign = base58.encode(ed25519.sign(new TextEncoder().encode(next), other));
    expect((await refusal(server.verify({ message: next, signature: foreign }))).code).toBe('INVALID_SIGNATURE');
    const third = await messageFor(server, { address, caipNetworkId: SOLANA });
    expect((await refusal(server.verify({ message: third.replace('Example', 'Exemple'), signature: signSolana(third) }))).code).toBe(
      'INVALID_SIGNATURE',
    );
    const fourth = await messageFor(server, { address, caipNetworkId: SOLANA });
    expect((await refusal(server.verify({ message: fourth, signature: 'not base58 0OIl' }))).code).toBe('INVALID_SIGNATURE');
  });

  it('uses a plugged verifier for its namespace, and refuses a namespace without one', async () => {
    const seen: string[] = [];
    const server = createSiwxServer({
      domains: [DOMAIN],
      verifiers: [
        {
          namespace: 'toy',
          async verify({ data, message, signature }) {
            seen.push(data.address);
            return signature === `signed:${message.length}`;
          },
        },
      ],
    });
    const message = await messageFor(server, { address: 'toy1alice', caipNetworkId: 'toy:local' });
    expect((await server.verify({ message, signature: `signed:${message.length}` })).data.address).toBe('toy1alice');
    expect(seen).toEqual(['toy1alice']);
    const next = await messageFor(server, { address: 'toy1alice', caipNetworkId: 'toy:local' });
    expect((await refusal(server.verify({ message: next, signature: 'forged' }))).code).toBe('INVALID_SIGNATURE');
    const cosmos = await messageFor(server, {
      address: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02',
      caipNetworkId: 'cosmos:cosmoshub-4',
    });
    expect(await refusal(server.verify({ message: cosmos, signature: 'x' }))).toEqual({
      code: 'UNSUPPORTED_NETWORK',
      message: 'No verifier for the cosmos namespace',
    });
  });
});
