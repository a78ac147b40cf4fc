import { randomBytes } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519';
import { address, generateKeyPairSigner, getBase58Decoder, getBase58Encoder, getBase64Decoder } from '@solana/kit';
import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData, type Hex, type TransactionReceipt } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type BareAnvilFixture, startAnvil } from '../anvil.js';
import { LOCAL_SOLANA_CAIP_NETWORK_ID } from '@latch/testkit';
import { type SolanaRpcFixture, startSolanaRpc } from '../solana/rpcServer.js';
import { createLocalRpc, unsignedSolTransfer } from '../solana/solanaTransfers.testSupport.js';
import { startWalletConnectRelay, type WalletConnectRelay } from './relay.js';
import { SESSION_PROPOSAL_RESPONSE_TAG, SESSION_PROPOSAL_TAG, SESSION_SETTLE_REQUEST_TAG } from './relayProtocol.js';
import { startWalletConnectWallet } from '@latch/testkit/walletconnect';
import type { WalletConnectWallet, WalletConnectWalletOptions } from '@latch/testkit/walletconnect';
import { closeDapp, connect, type Dapp, settledWithin, startDapp } from './walletconnect.testSupport.js';

const SECOND_CHAIN_ID = 31_338;
const EVM_NAMESPACE = {
  chains: ['eip155:31337'],
  methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
  events: ['chainChanged', 'accountsChanged'],
};
const SOLANA_NAMESPACE = {
  chains: [LOCAL_SOLANA_CAIP_NETWORK_ID],
  methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
  events: [],
};

let relay: WalletConnectRelay;
let anvil: BareAnvilFixture;
let secondAnvil: BareAnvilFixture;
let solana: SolanaRpcFixture;
const opened: { dapps: Dapp[]; wallets: WalletConnectWallet[] } = { dapps: [], wallets: [] };

beforeAll(async () => {
  [relay, anvil, secondAnvil, solana] = await Promise.all([
    startWalletConnectRelay(),
    startAnvil({ deploy: false }),
    startAnvil({ deploy: false, chainId: SECOND_CHAIN_ID }),
    startSolanaRpc(),
  ]);
});

afterAll(async () => {
  await Promise.all([relay?.stop(), anvil?.stop(), secondAnvil?.stop(), solana?.stop()]);
});

afterEach(async () => {
  const walletErrors = opened.wallets.flatMap((each) => each.errors.map((error) => error.message));
  await Promise.all([...opened.dapps.splice(0).map(closeDapp), ...opened.wallets.splice(0).map((wallet) => wallet.close())]);
  expect(walletErrors).toEqual([]);
});

async function wallet(overrides: Partial<WalletConnectWalletOptions> = {}): Promise<WalletConnectWallet> {
  const started = await startWalletConnectWallet({
    relayUrl: relay.url,
    evm: { privateKey: anvil.accounts[0]?.privateKey as Hex, rpcUrls: { 31337: anvil.rpcUrl, [SECOND_CHAIN_ID]: secondAnvil.rpcUrl } },
    solana: { secretKey: randomBytes(32).toString('hex'), rpcUrl: solana.rpcUrl },
    ...overrides,
  });
  opened.wallets.push(started);
  return started;
}

async function dapp(): Promise<Dapp> {
  const started = await startDapp(relay.url);
  opened.dapps.push(started);
  return started;
}

describe('a sign-client dapp and the test wallet through the local relay', () => {
  test('a session with eip155 and solana carries the wallet’s real accounts', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet(), dapp()]);
    const approved = testWallet.nextSession();
    const session = await connect(testDapp, testWallet, { eip155: EVM_NAMESPACE, solana: SOLANA_NAMESPACE });
    expect((await approved).topic).toBe(session.topic);

    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${testWallet.evmAddress}`]);
    expect(session.namespaces.solana?.accounts).toEqual([`${LOCAL_SOLANA_CAIP_NETWORK_ID}:${testWallet.solanaAddress}`]);
    expect(testWallet.sessions().map((each) => each.topic)).toEqual([session.topic]);
    // The 2.25 relay-level proposal flow went through the relay with its tags.
    const tags = relay.messages.filter((message) => message.via !== 'irn_publish').map((message) => message.tag);
    expect(tags).toEqual(expect.arrayContaining([SESSION_PROPOSAL_TAG, SESSION_PROPOSAL_RESPONSE_TAG, SESSION_SETTLE_REQUEST_TAG]));
  });

  test('personal_sign and eth_signTypedData_v4 signatures verify against the wallet’s address', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet(), dapp()]);
    const { topic } = await connect(testDapp, testWallet, { eip155: EVM_NAMESPACE });
    const message = 'Sign in to Latch';
    const signature = (await testDapp.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [toHex(message), testWallet.evmAddress] },
    })) as Hex;
    expect(await verifyMessage({ address: testWallet.evmAddress, message, signature })).toBe(true);

    const typedData = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const;
    const typedSignature = (await testDapp.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'eth_signTypedData_v4', params: [testWallet.evmAddress, JSON.stringify(typedData)] },
    })) as Hex;
    expect(await verifyTypedData({ address: testWallet.evmAddress, signature: typedSignature, ...typedData })).toBe(true);
  });

  test('eth_sendTransaction is signed by the wallet and mined on anvil', async () => {
    const [testWallet, testDapp] = await Promise.all([
      wallet({ evm: { privateKey: anvil.accounts[1]?.privateKey as Hex, rpcUrls: { 31337: anvil.rpcUrl } } }),
      dapp(),
    ]);
    const { topic } = await connect(testDapp, testWallet, { eip155: EVM_NAMESPACE });
    const recipient = anvil.accounts[5]?.address as Hex;
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const before = await client.getBalance({ address: recipient });
    const hash = (await testDapp.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'eth_sendTransaction', params: [{ from: testWallet.evmAddress, to: recipient, value: toHex(parseEther('1.5')) }] },
    })) as Hex;
    const receipt: TransactionReceipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(testWallet.evmAddress.toLowerCase());
    expect((await client.getBalance({ address: recipient })) - before).toBe(parseEther('1.5'));
  });

  test('solana_signMessage is a real ed25519 signature and solana_signAndSendTransaction lands on the local RPC', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet(), dapp()]);
    const { topic } = await connect(testDapp, testWallet, { solana: SOLANA_NAMESPACE });
    const walletAddress = testWallet.solanaAddress as string;
    const message = new TextEncoder().encode('Latch on Solana');
    const { signature } = (await testDapp.request({
      topic,
      chainId: LOCAL_SOLANA_CAIP_NETWORK_ID,
      request: { method: 'solana_signMessage', params: { message: getBase58Decoder().decode(message), pubkey: walletAddress } },
    })) as { signature: string };
    const base58 = getBase58Encoder();
    expect(ed25519.verify(new Uint8Array(base58.encode(signature)), message, new Uint8Array(base58.encode(walletAddress)))).toBe(true);

    solana.airdrop(walletAddress, 2_000_000_000n);
    const recipient = (await generateKeyPairSigner()).address;
    const rpc = createLocalRpc(solana.rpcUrl);
    const unsigned = await unsignedSolTransfer(rpc, address(walletAddress), recipient, 50_000_000n);
    const sent = (await testDapp.request({
      topic,
      chainId: LOCAL_SOLANA_CAIP_NETWORK_ID,
      request: { method: 'solana_signAndSendTransaction', params: { transaction: getBase64Decoder().decode(unsigned) } },
    })) as { signature: string };
    expect(sent.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect((await rpc.getBalance(recipient).send()).value).toBe(50_000_000n);
  });

  test('wallet_switchEthereumChain adds the chain to the session and the dapp gets chainChanged', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet(), dapp()]);
    const { topic } = await connect(testDapp, testWallet, { eip155: EVM_NAMESPACE });
    const chainChanged = new Promise<{ chainId: string; data: unknown }>((resolve) =>
      testDapp.on('session_event', ({ params }) => {
        if (params.event.name === 'chainChanged') resolve({ chainId: params.chainId, data: params.event.data });
      }),
    );
    const result = await testDapp.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: toHex(SECOND_CHAIN_ID) }] },
    });
    expect(result).toBeNull();
    expect(await chainChanged).toEqual({ chainId: `eip155:${SECOND_CHAIN_ID}`, data: SECOND_CHAIN_ID });
    expect(testDapp.session.get(topic).namespaces.eip155?.accounts).toContain(`eip155:${SECOND_CHAIN_ID}:${testWallet.evmAddress}`);

    // The new chain is usable at once: a transaction addressed to it is mined on the second anvil.
    const hash = (await testDapp.request({
      topic,
      chainId: `eip155:${SECOND_CHAIN_ID}`,
      request: {
        method: 'eth_sendTransaction',
        params: [{ from: testWallet.evmAddress, to: secondAnvil.accounts[3]?.address, value: '0x1' }],
      },
    })) as Hex;
    const receipt = await createPublicClient({ transport: http(secondAnvil.rpcUrl) }).waitForTransactionReceipt({
      hash,
      pollingInterval: 50,
    });
    expect(receipt.status).toBe('success');

    const unknown = testDapp.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] },
    });
    await expect(unknown).rejects.toMatchObject({ code: 4902 });
  });

  test('a request the visitor rejects reaches the dapp as 5000 User rejected', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet({ behaviour: { rejectRequests: true } }), dapp()]);
    const { topic } = await connect(testDapp, testWallet, { eip155: EVM_NAMESPACE });
    const request = testDapp.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x68690a', testWallet.evmAddress] },
    });
    await expect(request).rejects.toMatchObject({ code: 5000, message: 'User rejected.' });
    expect(testWallet.requests.at(-1)).toMatchObject({ method: 'personal_sign', response: { error: { code: 5000 } } });
  });

  test('a wallet-side disconnect reaches the dapp as session_delete', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet(), dapp()]);
    const { topic } = await connect(testDapp, testWallet, { eip155: EVM_NAMESPACE });
    const deleted = new Promise<string>((resolve) => testDapp.on('session_delete', (event) => resolve(event.topic)));
    await testWallet.disconnect();
    expect(await deleted).toBe(topic);
    expect(testDapp.session.getAll()).toEqual([]);
    expect(testWallet.sessions()).toEqual([]);
  });

  test('a rejected proposal reaches the dapp as a rejection', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet({ behaviour: { rejectProposal: true } }), dapp()]);
    await expect(connect(testDapp, testWallet, { eip155: EVM_NAMESPACE })).rejects.toMatchObject({ code: 5000, message: 'User rejected.' });
    expect(testWallet.sessions()).toEqual([]);
  });

  test('a proposal for chains the wallet does not have is rejected with 5100', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet(), dapp()]);
    const proposal = connect(testDapp, testWallet, { eip155: { ...EVM_NAMESPACE, chains: ['eip155:1'] } });
    await expect(proposal).rejects.toMatchObject({ code: 5100, message: 'Unsupported chains.' });
  });

  test('emitAccountsChanged moves every session to the new key and the dapp gets accountsChanged', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet(), dapp()]);
    const { topic } = await connect(testDapp, testWallet, { eip155: EVM_NAMESPACE });
    const accountsChanged = new Promise<unknown>((resolve) =>
      testDapp.on('session_event', ({ params }) => {
        if (params.event.name === 'accountsChanged') resolve(params.event.data);
      }),
    );
    const next = anvil.accounts[6];
    expect(await testWallet.emitAccountsChanged(next?.privateKey as Hex)).toBe(next?.address);
    expect(await accountsChanged).toEqual([next?.address]);
    expect(testDapp.session.get(topic).namespaces.eip155?.accounts).toEqual([`eip155:31337:${next?.address}`]);
    const signature = (await testDapp.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x6869', next?.address] },
    })) as Hex;
    expect(await verifyMessage({ address: next?.address as Hex, message: { raw: '0x6869' }, signature })).toBe(true);
  });

  test('with ignoreRequests the wallet records a request and never answers it', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet({ behaviour: { ignoreRequests: true } }), dapp()]);
    const { topic } = await connect(testDapp, testWallet, { eip155: EVM_NAMESPACE });
    const request = testDapp.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x6869', testWallet.evmAddress] },
    });
    await expect.poll(() => testWallet.requests).toHaveLength(1);
    expect(await settledWithin(request, 300)).toBe('pending');
    expect(testWallet.requests[0]).toMatchObject({
      method: 'personal_sign',
      chainId: 'eip155:31337',
      params: ['0x6869', testWallet.evmAddress],
    });
    expect(testWallet.requests[0]?.response).toBeUndefined();
    request.catch(() => {});
  });

  test('while the relay is paused a request stalls; after resume the session works again', async () => {
    const [testWallet, testDapp] = await Promise.all([wallet(), dapp()]);
    const { topic } = await connect(testDapp, testWallet, { eip155: EVM_NAMESPACE });
    await relay.pause();
    expect(relay.connectionCount()).toBe(0);
    await expect.poll(() => testDapp.core.relayer.connected).toBe(false);
    const stalled = testDapp.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x6869', testWallet.evmAddress] },
    });
    expect(await settledWithin(stalled, 1_000)).toBe('pending');
    await relay.resume();
    // The client reconnects (backing off 1 s, 2 s, …), resubscribes and sends the request it held; the wallet answers.
    const outcome = await settledWithin(stalled, 10_000);
    expect(outcome).toEqual({ value: expect.stringMatching(/^0x[0-9a-f]{130}$/) });
    expect(relay.connectionCount()).toBe(2);
    const signature = (await testDapp.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x6869', testWallet.evmAddress] },
    })) as Hex;
    expect(await verifyMessage({ address: testWallet.evmAddress, message: { raw: '0x6869' }, signature })).toBe(true);
  });

  test('bad wallet options fail with a clear error', async () => {
    await expect(
      startWalletConnectWallet({ relayUrl: relay.url, evm: { privateKey: anvil.accounts[0]?.privateKey as Hex, rpcUrls: {} } }),
    ).rejects.toThrow('evm.rpcUrls needs at least one positive integer chain id');
    await expect(
      startWalletConnectWallet({
        relayUrl: relay.url,
        evm: { privateKey: anvil.accounts[0]?.privateKey as Hex, rpcUrls: { 31337: anvil.rpcUrl } },
        solana: { secretKey: 'abc', rpcUrl: solana.rpcUrl },
      }),
    ).rejects.toThrow('solana.secretKey must be 32 bytes of hex');
    await expect(
      startWalletConnectWallet({
        relayUrl: anvil.rpcUrl,
        evm: { privateKey: anvil.accounts[0]?.privateKey as Hex, rpcUrls: { 31337: anvil.rpcUrl } },
      }),
    ).rejects.toThrow(`relayUrl must be a ws:// or wss:// URL, got ${anvil.rpcUrl}`);
    await expect(
      startWalletConnectWallet({ relayUrl: relay.url, evm: { privateKey: '0x1234', rpcUrls: { 31337: anvil.rpcUrl } } }),
    ).rejects.toThrow('evm.privateKey must be 32 bytes of 0x-prefixed hex');
  });
});
