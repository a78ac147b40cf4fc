// @vitest-environment node
import { createDevnet } from '@latch/adapter-eip155/networks';
import type { CaipNetwork, SharedSession } from '@latch/kernel';
import { pollUntil, startToyChain, type ToyChain } from '@latch/testkit';
import { type BareAnvilFixture, startAnvil } from '@latch/devnet';
import { createToyLocalnet, createToyWallet, publicKeyFromToyAddress, TOY_CAIP_NETWORK_ID, type ToyWallet } from '@latch/testkit/toy';
import {
  MemoryKeyValueStorage,
  startWalletConnectWallet,
  type WalletConnectWallet,
  type WalletNamespace,
  WalletRequestError,
} from '@latch/testkit/walletconnect';
import { startWalletConnectRelay, type WalletConnectRelay } from '@latch/devnet/walletconnect';
import type { ICore } from '@walletconnect/types';
import { ed25519 } from '@noble/curves/ed25519';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { extraNamespacesProblem } from './bridges.js';
import { createWalletConnectConnector } from './createWalletConnectConnector.js';
import { pageContext, scanEveryCode } from './test-support/pageContext.js';
import { genericBridge, type WalletConnectNamespaceProvider } from './genericBridge.js';
import type { SessionChannel } from './channel.js';
import type { WalletConnectNamespace } from './settings.js';

// A namespace the connector has no bridge for ('toy', testkit's made-up chain) rides a WalletConnect session through the
// generic bridge, over real parts: this connector's session code (UniversalProvider 2.25), the testkit's relay on
// 127.0.0.1, and its @reown/walletkit wallet serving 'toy' with testkit's toy wallet (a real ed25519 key).

/** What a third-party toy adapter declares for WalletConnect (the connector's `extraNamespaces.toy`). */
const TOY_WALLETCONNECT: WalletConnectNamespace = {
  methods: ['toy_signMessage'],
  events: ['toy_accountChanged'],
  answers: { toy_signMessage: (answer) => typeof answer === 'string' && /^[0-9a-f]{128}$/.test(answer) },
};

const SECRET = '11'.repeat(32);
const OTHER_SECRET = '22'.repeat(32);
const DECLINED_WORDS = 'The toy key holder declined to sign this message';

let anvil: BareAnvilFixture;
let toyChain: ToyChain;
let relay: WalletConnectRelay;
let ids = 0;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  [anvil, toyChain, relay] = await Promise.all([startAnvil({ deploy: false }), startToyChain(), startWalletConnectRelay()]);
});

afterAll(async () => {
  await Promise.allSettled([anvil?.stop(), toyChain?.stop(), relay?.stop()]);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The wallet's side of 'toy': the toy wallet signs; `override` lets a test make it answer something else. A refusal
 * (the wallet's `rejectRequests`) is WalletConnect's 5000 with the wallet's own words.
 */
function toyNamespace(toy: ToyWallet, override: { answer?: () => unknown }): WalletNamespace {
  return {
    namespace: 'toy',
    chains: [TOY_CAIP_NETWORK_ID],
    methods: ['toy_signMessage'],
    events: ['toy_accountChanged'],
    get address() {
      return toy.address;
    },
    accounts: () => [`${TOY_CAIP_NETWORK_ID}:${toy.address}`],
    switchAccount: async (secret) => toy.switchAccount(secret),
    accountEvent: () => ({ name: 'toy_accountChanged', data: { address: toy.address } }),
    async answer({ method, params }, { rejectSigning }) {
      if (method !== 'toy_signMessage') throw new WalletRequestError(5101, `Unsupported methods. ${method}`);
      if (rejectSigning) throw new WalletRequestError(5000, DECLINED_WORDS);
      if (override.answer) return override.answer();
      return toy.signMessage(String((params as { message?: unknown } | null)?.message));
    },
  };
}

/** A page whose connector declares 'toy', paired with a wallet that serves eip155 and (unless told not to) toy. */
async function connected({ walletServesToy = true } = {}) {
  const toy = createToyWallet({ secretKey: SECRET, rpcUrl: toyChain.rpcUrl, id: `io.latch.toy-wc-${++ids}` });
  await toy.connect();
  const override: { answer?: () => unknown } = {};
  const wallet: WalletConnectWallet = await startWalletConnectWallet({
    relayUrl: relay.url,
    evm: { privateKey: anvil.accounts[0]!.privateKey, rpcUrls: { [anvil.chainId]: anvil.rpcUrl } },
    ...(walletServesToy ? { namespaces: [toyNamespace(toy, override)] } : {}),
  });
  cleanups.push(() => wallet.close());
  const evmNetwork = createDevnet({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  const toyNetwork = createToyLocalnet({ rpcUrl: toyChain.rpcUrl });
  const networks: Record<string, CaipNetwork[]> = { eip155: [evmNetwork], toy: [toyNetwork] };
  const id = `wc-generic-${ids}-${Date.now()}`;
  const connector = createWalletConnectConnector({
    id,
    relayUrl: relay.url,
    storage: new MemoryKeyValueStorage(),
    metadata: { name: 'Latch generic bridge', url: 'http://127.0.0.1' },
    extraNamespaces: { toy: TOY_WALLETCONNECT },
  });
  const { context } = pageContext(['eip155', 'toy'], (ns) => networks[ns] ?? []);
  const stop = connector.setup?.(context);
  await scanEveryCode(connector, wallet);
  const session: SharedSession = await connector.connect({ namespaces: { eip155: [evmNetwork], toy: [toyNetwork] } });
  const core = (globalThis as unknown as Record<string, ICore>)[`_walletConnectCore_latch-${id}`]!;
  cleanups.push(async () => {
    stop?.();
    core.heartbeat.stop();
    await core.relayer.transportClose().catch(() => undefined);
  });
  const provider = session.namespaces.toy?.provider as WalletConnectNamespaceProvider | undefined;
  return { wallet, toy, override, connector, session, provider };
}

const sign = (provider: WalletConnectNamespaceProvider, message: string) =>
  provider.request({ method: 'toy_signMessage', params: { message } });

describe('the generic bridge: a namespace the connector does not know rides the WalletConnect session', () => {
  it('asks for the declared methods and events; the adapter gets a provider whose request is a real signature by the toy key', async () => {
    const { wallet, toy, session, provider, connector } = await connected();
    expect(connector.namespaces).toContain('toy');
    // The proposal carried the declaration: the wallet approved exactly it, on the toy chain.
    const approved = wallet.sessions()[0]!.namespaces.toy!;
    expect(approved).toMatchObject({ methods: ['toy_signMessage'], events: ['toy_accountChanged'], chains: [TOY_CAIP_NETWORK_ID] });
    expect(Object.keys(session.namespaces)).toEqual(['eip155', 'toy']);
    expect(session.namespaces.toy?.walletInfo).toEqual({ name: 'Latch WalletConnect test wallet' });
    expect(provider).toMatchObject({ isWalletConnect: true, namespace: 'toy', chainId: TOY_CAIP_NETWORK_ID });
    expect(provider!.accounts()).toEqual([`${TOY_CAIP_NETWORK_ID}:${toy.address}`]);

    const message = `Sign in to Latch, nonce ${Date.now()}`;
    const signature = await sign(provider!, message);
    expect(ed25519.verify(signature as string, new TextEncoder().encode(message), publicKeyFromToyAddress(toy.address)!)).toBe(true);
    // It went to the wallet as a session request on the toy chain, with the adapter's params.
    expect(wallet.requests.at(-1)).toMatchObject({ chainId: TOY_CAIP_NETWORK_ID, method: 'toy_signMessage', params: { message } });
  });

  it("hands the adapter the wallet's session events on the namespace (on/off) and session updates with the new accounts", async () => {
    const { wallet, provider } = await connected();
    const heard: { name: string; data: unknown; chainId: string }[] = [];
    const onAccount = (data: unknown, chainId: string) => void heard.push({ name: 'toy_accountChanged', data, chainId });
    const onUpdate = (data: unknown, chainId: string) => void heard.push({ name: 'session_update', data, chainId });
    provider!.on('toy_accountChanged', onAccount);
    provider!.on('session_update', onUpdate);
    const address = await wallet.switchNamespaceAccount('toy', OTHER_SECRET);
    await pollUntil(() => heard.length === 2, 'the session update and the toy event');
    expect(heard).toEqual([
      { name: 'session_update', data: [`${TOY_CAIP_NETWORK_ID}:${address}`], chainId: '' },
      { name: 'toy_accountChanged', data: { address }, chainId: TOY_CAIP_NETWORK_ID },
    ]);
    expect(provider!.accounts()).toEqual([`${TOY_CAIP_NETWORK_ID}:${address}`]);
    // The new key signs now.
    const signature = await sign(provider!, 'after the switch');
    expect(ed25519.verify(signature as string, new TextEncoder().encode('after the switch'), publicKeyFromToyAddress(address)!)).toBe(true);

    // Off: that listener hears nothing more, while one still on hears the next switch's event.
    provider!.off('toy_accountChanged', onAccount);
    const witnessed: unknown[] = [];
    provider!.on('toy_accountChanged', (data) => void witnessed.push(data));
    const back = await wallet.switchNamespaceAccount('toy', SECRET);
    await pollUntil(() => witnessed.length === 1, 'the next toy event');
    expect(witnessed).toEqual([{ address: back }]);
    expect(heard.filter((each) => each.name === 'toy_accountChanged')).toHaveLength(1);
  });

  it('a wallet that does not approve the namespace: the session connects the others, the namespace is absent', async () => {
    const { session, wallet } = await connected({ walletServesToy: false });
    expect(Object.keys(session.namespaces)).toEqual(['eip155']);
    expect(session.namespaces.toy).toBeUndefined();
    expect(wallet.sessions()[0]!.namespaces.toy).toBeUndefined();
  });

  it("a request the wallet refuses is 4001 with the wallet's own words", async () => {
    const { wallet, provider } = await connected();
    wallet.setBehaviour({ rejectRequests: true });
    await expect(sign(provider!, 'refuse me')).rejects.toMatchObject({ code: 4001, message: DECLINED_WORDS });
  });

  it('a malformed answer is a clear -32603: none at all, or one the declared check refuses', async () => {
    const { provider, override } = await connected();
    override.answer = () => null;
    await expect(sign(provider!, 'answer nothing')).rejects.toMatchObject({
      code: -32603,
      message: 'The wallet answered toy_signMessage without a result',
    });
    override.answer = () => 'not a signature';
    await expect(sign(provider!, 'answer garbage')).rejects.toMatchObject({
      code: -32603,
      message: 'The wallet answered toy_signMessage with a malformed result',
    });
  });

  it('a method or chain the session did not approve is refused without asking the wallet', async () => {
    const { wallet, provider } = await connected();
    const asked = wallet.requests.length;
    await expect(provider!.request({ method: 'toy_sendTransfer', params: {} })).rejects.toMatchObject({
      code: 4200,
      message: 'toy_sendTransfer is not approved in this WalletConnect session',
    });
    await expect(provider!.request({ method: 'toy_signMessage', params: { message: 'x' }, chainId: 'toy:other' })).rejects.toMatchObject({
      code: 4100,
    });
    expect(wallet.requests).toHaveLength(asked);
  });

  it('a bad declaration fails connect with one clear sentence, before any relay traffic', async () => {
    const connector = createWalletConnectConnector({
      id: `wc-generic-bad-${++ids}`,
      relayUrl: relay.url,
      storage: new MemoryKeyValueStorage(),
      extraNamespaces: { eip155: TOY_WALLETCONNECT },
    });
    const stop = connector.setup?.({
      namespaces: ['eip155'],
      networks: () => [],
      storage: { get: () => undefined, set: () => undefined, remove: () => undefined },
      emit: () => undefined,
    });
    cleanups.push(() => stop?.());
    const controller = await connector.walletConnect.controller();
    await expect(connector.connect({ namespaces: { eip155: [] } })).rejects.toMatchObject({
      message: 'createWalletConnectConnector: extraNamespaces.eip155: eip155 has a bridge of its own',
      category: 'VALIDATION_ERROR',
    });
    expect(controller.state).toEqual({
      status: 'failed',
      reason: 'error',
      message: 'extraNamespaces.eip155: eip155 has a bridge of its own',
    });
  });
});

describe('extraNamespacesProblem', () => {
  it('accepts a declaration of a new namespace, and names what is wrong with a bad one', async () => {
    expect(await extraNamespacesProblem(undefined)).toBeUndefined();
    expect(await extraNamespacesProblem({ toy: TOY_WALLETCONNECT, 'my-chain': { methods: ['m'] } })).toBeUndefined();
    expect(await extraNamespacesProblem('toy')).toBe('extraNamespaces must be an object of namespace declarations');
    expect(await extraNamespacesProblem({ 'Toy!': TOY_WALLETCONNECT })).toBe(
      "extraNamespaces: 'Toy!' is not a CAIP-2 namespace (3 to 8 of a-z, 0-9 and -)",
    );
    expect(await extraNamespacesProblem({ cosmos: TOY_WALLETCONNECT })).toBe('extraNamespaces.cosmos: cosmos has a bridge of its own');
    expect(await extraNamespacesProblem({ toy: null })).toBe('extraNamespaces.toy.methods must be a non-empty list of method names');
    expect(await extraNamespacesProblem({ toy: { methods: [] } })).toBe(
      'extraNamespaces.toy.methods must be a non-empty list of method names',
    );
    expect(await extraNamespacesProblem({ toy: { methods: 'toy_signMessage' } })).toBe(
      'extraNamespaces.toy.methods must be a non-empty list of method names',
    );
    expect(await extraNamespacesProblem({ toy: { methods: ['m'], events: 'e' } })).toBe(
      'extraNamespaces.toy.events must be a list of event names',
    );
    expect(await extraNamespacesProblem({ toy: { methods: ['m'], answers: { m: 'yes' } } })).toBe(
      'extraNamespaces.toy.answers must map method names to functions',
    );
    expect(await extraNamespacesProblem({ toy: { methods: ['m'], answers: null } })).toBe(
      'extraNamespaces.toy.answers must map method names to functions',
    );
  });
});

describe("the generic bridge's session events", () => {
  it("passes the adapter only the events it declared: a wallet's undeclared event, or a forged session_update, never reaches it", () => {
    const accounts = [`${TOY_CAIP_NETWORK_ID}:toy1approved`];
    const approval = {
      chains: [TOY_CAIP_NETWORK_ID],
      methods: ['toy_signMessage'],
      events: ['toy_accountChanged'],
      addresses: ['toy1approved'],
      accounts,
    };
    // The bridge reads the approved namespace through the channel; requests are not part of this test.
    const channel = { approved: () => approval } as unknown as SessionChannel;
    const bridge = genericBridge(
      'toy',
      TOY_WALLETCONNECT,
    )({
      channel,
      approval,
      networks: [],
      identity: { name: 'WalletConnect', icon: '' },
    });
    const provider = bridge.provider as WalletConnectNamespaceProvider;
    const heard: { name: string; data: unknown }[] = [];
    for (const name of ['toy_accountChanged', 'toy_other', 'session_update']) provider.on(name, (data) => void heard.push({ name, data }));

    bridge.walletEvent?.('toy_other', { address: 'toy1forged' }, TOY_CAIP_NETWORK_ID);
    bridge.walletEvent?.('session_update', [`${TOY_CAIP_NETWORK_ID}:toy1forged`], TOY_CAIP_NETWORK_ID);
    bridge.walletEvent?.('toy_accountChanged', { address: 'toy1approved' }, TOY_CAIP_NETWORK_ID);
    bridge.sessionUpdated?.();

    expect(heard).toEqual([
      { name: 'toy_accountChanged', data: { address: 'toy1approved' } },
      { name: 'session_update', data: accounts },
    ]);
  });
});
