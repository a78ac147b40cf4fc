import { createModal, type ModalInstance } from '@latch/kernel';
import { createEip155Adapter } from '@latch/adapter-eip155';
import {
  type Config,
  connect,
  createConfig,
  createStorage,
  disconnect,
  getBalance,
  getConnection,
  reconnect,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
  writeContract,
} from '@wagmi/core';
import { createPublicClient, defineChain, erc20Abi, http, verifyMessage } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDevnet } from '@latch/adapter-eip155/networks';
import { type AnvilFixture, type BareAnvilFixture, startAnvil } from '@latch/devnet';
import { announceWallet, createMockEip1193Provider, MOCK_WALLET_INFO, type MockWalletOptions } from '@latch/testkit';
import { createTestStorage } from '@latch/testkit/kernel';
import { latchConnector, MODAL_CLOSED_MESSAGE } from './index.js';

const MOCK_RDNS = MOCK_WALLET_INFO.rdns;
const SECOND_CHAIN_ID = 31338;

/** Two real anvil chains: the main one with the devnet contracts (a token), and a bare second one to switch to. */
async function startChains() {
  const [main, second] = await Promise.all([startAnvil(), startAnvil({ chainId: SECOND_CHAIN_ID, deploy: false })]);
  return {
    main: main as AnvilFixture,
    second: second as BareAnvilFixture,
    mainNetwork: createDevnet({ rpcUrl: main.rpcUrl }),
    secondNetwork: { ...createDevnet({ rpcUrl: second.rpcUrl, chainId: SECOND_CHAIN_ID }), name: 'Second Devnet' },
    stop: () => Promise.all([main.stop(), second.stop()]),
  };
}

/** The testkit's wallet (a real key of anvil's, real chains) on the main chain, knowing the second one too. */
function createWallet(chains: Awaited<ReturnType<typeof startChains>>, { failures = {} }: Pick<MockWalletOptions, 'failures'> = {}) {
  return createMockEip1193Provider({
    privateKey: chains.main.accounts[0]!.privateKey,
    chains: [
      { chainId: chains.main.chainId, rpcUrl: chains.main.rpcUrl },
      { chainId: SECOND_CHAIN_ID, rpcUrl: chains.second.rpcUrl },
    ],
    chainId: chains.main.chainId,
    failures,
  });
}

let chains: Awaited<ReturnType<typeof startChains>>;
beforeAll(async () => {
  chains = await startChains();
});
afterAll(() => chains?.stop());

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

type Wallet = ReturnType<typeof createWallet>;

/** One page load: the wallet announced on the page, a Latch modal with the eip155 adapter, a wagmi config using Latch. */
function loadPage(wallet: Wallet, stored = { latch: createTestStorage(), wagmi: createTestStorage() }) {
  // The page an extension announces itself on (EIP-6963), standing in for `window`.
  const page = new EventTarget();
  const uninstall = announceWallet(page, { info: MOCK_WALLET_INFO, provider: wallet });
  const modal = createModal({
    networks: [chains.mainNetwork, chains.secondNetwork],
    adapters: [createEip155Adapter({ target: page, isMobile: () => false })],
    storage: stored.latch,
  });
  const chain = (id: number, name: string, rpcUrl: string) =>
    defineChain({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const mainChain = chain(chains.main.chainId, 'Devnet', chains.main.rpcUrl);
  const secondChain = chain(SECOND_CHAIN_ID, 'Second Devnet', chains.second.rpcUrl);
  const config = createConfig({
    chains: [mainChain, secondChain],
    connectors: [latchConnector(modal)],
    transports: { [mainChain.id]: http(chains.main.rpcUrl), [secondChain.id]: http(chains.second.rpcUrl) },
    storage: createStorage({ storage: stored.wagmi }),
    multiInjectedProviderDiscovery: false,
  });
  cleanups.push(() => {
    modal.destroy();
    uninstall();
  });
  return { modal, config, stored };
}

/** What the visitor does in the modal wagmi opened: picks the mock wallet. */
async function pickWalletWhenOpen(modal: ModalInstance) {
  await new Promise<void>((resolve) => {
    const off = modal.on('MODAL_OPEN', () => {
      off();
      resolve();
    });
  });
  return modal.connect(MOCK_RDNS);
}

async function connectThroughWagmi(modal: ModalInstance, config: Config) {
  const [result] = await Promise.all([connect(config, { connector: config.connectors[0]! }), pickWalletWhenOpen(modal)]);
  return result;
}

describe('latchConnector: wagmi follows the wallet Latch connects', () => {
  it("wagmi's connect opens the modal; the account, balance, a signature and a contract write go through the same wallet", async () => {
    const wallet = createWallet(chains);
    const { modal, config } = loadPage(wallet);
    const result = await connectThroughWagmi(modal, config);
    expect(result).toEqual({ accounts: [wallet.address], chainId: chains.main.chainId });
    expect(modal.getState().account?.address?.toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: wallet.address, chainId: chains.main.chainId });

    const anvil = createPublicClient({ transport: http(chains.main.rpcUrl) });
    const balance = await getBalance(config, { address: wallet.address });
    expect(balance.value).toBe(await anvil.getBalance({ address: wallet.address }));

    const signature = await signMessage(config, { message: 'wagmi through Latch' });
    await expect(verifyMessage({ address: wallet.address, message: 'wagmi through Latch', signature })).resolves.toBe(true);

    const to = chains.main.accounts[5]!.address;
    const before = await anvil.readContract({ address: chains.main.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [to] });
    const hash = await writeContract(config, {
      address: chains.main.contracts.token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, 7n],
    });
    await waitForTransactionReceipt(config, { hash });
    const receipt = await anvil.getTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: 'success', from: wallet.address.toLowerCase() });
    const after = await anvil.readContract({ address: chains.main.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [to] });
    expect(after - before).toBe(7n);
  });

  it('a wallet connected with Latch alone (its own Connect button) connects wagmi too', async () => {
    const wallet = createWallet(chains);
    const { modal, config } = loadPage(wallet);
    expect(getConnection(config).status).toBe('disconnected');
    await modal.connect(MOCK_RDNS);
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: wallet.address, chainId: chains.main.chainId });
  });

  it('switching chain in wagmi switches the wallet and Latch; switching in Latch or in the wallet moves wagmi', async () => {
    const wallet = createWallet(chains);
    const { modal, config } = loadPage(wallet);
    await connectThroughWagmi(modal, config);

    const chain = await switchChain(config, { chainId: SECOND_CHAIN_ID });
    expect(chain).toMatchObject({ id: SECOND_CHAIN_ID });
    expect(wallet.chainId).toBe(SECOND_CHAIN_ID);
    expect(modal.getState().networks.eip155?.caipNetwork?.caipNetworkId).toBe(`eip155:${SECOND_CHAIN_ID}`);
    expect(getConnection(config).chainId).toBe(SECOND_CHAIN_ID);
    // Reads now go to the second anvil, where the account holds its genesis balance.
    const onSecond = await createPublicClient({ transport: http(chains.second.rpcUrl) }).getBalance({ address: wallet.address });
    expect((await getBalance(config, { address: wallet.address, chainId: SECOND_CHAIN_ID })).value).toBe(onSecond);

    await modal.switchNetwork(chains.mainNetwork);
    expect(getConnection(config).chainId).toBe(chains.main.chainId);

    wallet.switchChainFromWallet(SECOND_CHAIN_ID);
    await expect.poll(() => getConnection(config).chainId).toBe(SECOND_CHAIN_ID);
  });

  it('an account switched in the wallet reaches wagmi', async () => {
    const wallet = createWallet(chains);
    const { modal, config } = loadPage(wallet);
    await connectThroughWagmi(modal, config);
    const next = wallet.switchAccountFromWallet(chains.main.accounts[2]!.privateKey);
    await expect.poll(() => getConnection(config).address).toBe(next);
  });

  it("disconnecting in wagmi disconnects Latch's wallet; disconnecting in Latch disconnects wagmi", async () => {
    const wallet = createWallet(chains);
    const { modal, config } = loadPage(wallet);
    await connectThroughWagmi(modal, config);
    await disconnect(config);
    expect(modal.getState().accounts.eip155?.status).not.toBe('connected');
    expect(getConnection(config).status).toBe('disconnected');

    await connectThroughWagmi(modal, config);
    expect(getConnection(config).status).toBe('connected');
    await modal.disconnect();
    expect(getConnection(config).status).toBe('disconnected');
  });

  it('a disconnect from the wallet side ends both', async () => {
    const wallet = createWallet(chains);
    const { modal, config } = loadPage(wallet);
    await connectThroughWagmi(modal, config);
    wallet.emitDisconnect();
    await expect.poll(() => getConnection(config).status).toBe('disconnected');
    expect(modal.getState().accounts.eip155?.status).not.toBe('connected');
  });

  it('after a reload, wagmi reconnects to the wallet Latch restores', async () => {
    const wallet = createWallet(chains);
    const first = loadPage(wallet);
    await connectThroughWagmi(first.modal, first.config);
    first.modal.destroy();

    const reloaded = loadPage(wallet, first.stored);
    const connections = await reconnect(reloaded.config);
    expect(connections.map((c) => c.accounts)).toEqual([[wallet.address]]);
    expect(getConnection(reloaded.config)).toMatchObject({ status: 'connected', address: wallet.address });
    const signature = await signMessage(reloaded.config, { message: 'after reload' });
    await expect(verifyMessage({ address: wallet.address, message: 'after reload', signature })).resolves.toBe(true);
  });

  it('a fresh visit reconnects nothing and asks the wallet nothing', async () => {
    const wallet = createWallet(chains);
    const asked: string[] = [];
    const request = wallet.request.bind(wallet);
    const recording = Object.assign(Object.create(wallet) as Wallet, {
      request: (args: { method: string }) => (asked.push(args.method), request(args)),
    });
    const { config } = loadPage(recording);
    await expect(reconnect(config)).resolves.toEqual([]);
    expect(getConnection(config).status).toBe('disconnected');
    expect(asked).toEqual([]);
  });
});

describe('latchConnector: refusals', () => {
  it('closing the modal without connecting rejects wagmi’s connect with a user rejection', async () => {
    const { modal, config } = loadPage(createWallet(chains));
    const opened = new Promise<void>((resolve) => modal.on('MODAL_OPEN', () => resolve()));
    const connecting = connect(config, { connector: config.connectors[0]! }).catch((error: unknown) => error);
    await opened;
    modal.close();
    const error = await connecting;
    expect(error).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 });
    expect(String((error as Error).message)).toContain(MODAL_CLOSED_MESSAGE);
    expect(getConnection(config).status).toBe('disconnected');
  });

  it('a wallet refusing the connection, then the modal closed, leaves both disconnected', async () => {
    const { modal, config } = loadPage(createWallet(chains, { failures: { rejectConnect: true } }));
    const opened = new Promise<void>((resolve) => modal.on('MODAL_OPEN', () => resolve()));
    const connecting = connect(config, { connector: config.connectors[0]! }).catch((error: unknown) => error);
    await opened;
    await expect(modal.connect(MOCK_RDNS)).rejects.toMatchObject({ code: 4001 });
    modal.close();
    expect(await connecting).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 });
    expect(getConnection(config).status).toBe('disconnected');
  });

  it('a refused signature and a refused chain switch reach wagmi as user rejections and change nothing', async () => {
    const wallet = createWallet(chains, { failures: { rejectSign: true, rejectSwitch: true } });
    const { modal, config } = loadPage(wallet);
    await connectThroughWagmi(modal, config);
    await expect(signMessage(config, { message: 'no' })).rejects.toMatchObject({ name: 'UserRejectedRequestError' });
    await expect(switchChain(config, { chainId: SECOND_CHAIN_ID })).rejects.toMatchObject({ name: 'UserRejectedRequestError' });
    expect(getConnection(config)).toMatchObject({ status: 'connected', chainId: chains.main.chainId });
    expect(wallet.chainId).toBe(chains.main.chainId);
  });

  it('a chain the modal does not list is refused with a clear error', async () => {
    const wallet = createWallet(chains);
    const { modal, config } = loadPage(wallet);
    await connectThroughWagmi(modal, config);
    modal.removeNetwork('eip155', `eip155:${SECOND_CHAIN_ID}`);
    await expect.poll(() => modal.getState().networks.eip155?.requestedCaipNetworks.length).toBe(1);
    const error = await switchChain(config, { chainId: SECOND_CHAIN_ID }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SwitchChainError' });
    expect(String((error as Error).message)).toContain("not among the Latch modal's eip155 networks");
    // viem's error wraps the modal's own: a LatchError of the option-mistake code.
    expect((error as Error).cause).toMatchObject({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });
  });
});
