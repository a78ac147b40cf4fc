import { isLatchError, isUserRejection, type Connector } from '@latch/kernel';
import { polkadotAddressFromUri } from '@latch/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createPolkadotAdapter, type PolkadotAdapterOptions } from './adapter.js';
import { kusama, polkadot } from './networks/relayChains.js';
import { createExtension, mountAdapter, settle, unmountAll, uri } from './test-support/polkadotFixture.js';

// Connect, reconnect and the extension's own events: the testkit's extension (real keys), no chain needed.
afterEach(unmountAll);

const [ALICE, BOB, CAROL] = [uri('ConnectAlice'), uri('ConnectBob'), uri('ConnectCarol')];
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('connect', () => {
  it('enables the extension with the app name and answers every shared account in the network format, the first active', async () => {
    const extension = await createExtension('polkadot-js', [ALICE, BOB]);
    const enabledWith: string[] = [];
    const entry = { ...extension.entry, enable: (name: string) => (enabledWith.push(name), extension.entry.enable(name)) };
    const { adapter, connector } = mountWith(entry, { appName: 'My dapp' });
    const result = await adapter.connect(connector, { network: polkadot });
    const [alice, bob] = [await polkadotAddressFromUri(ALICE, 0), await polkadotAddressFromUri(BOB, 0)];
    expect(result).toEqual({
      address: alice,
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      accounts: [
        { address: alice, type: 'eoa' },
        { address: bob, type: 'eoa' },
      ],
    });
    expect(alice.startsWith('1')).toBe(true); // Polkadot's format, not the extension's generic '5…'
    expect(enabledWith).toEqual(['My dapp']);
    expect((await adapter.connect(connector, { network: kusama })).address).toBe(await polkadotAddressFromUri(ALICE, 2));
  });

  it('asks only the extension the visitor picked: a malformed entry or one that never answers beside it changes nothing', async () => {
    const chosen = await createExtension('polkadot-js', [ALICE]);
    const asked: string[] = [];
    const neverAnswers = { version: '1', enable: () => (asked.push('talisman'), new Promise(() => undefined)) };
    const refusing = { version: '1', enable: () => (asked.push('subwallet-js'), Promise.reject(new Error('Rejected by user'))) };
    const mounted = mountAdapter(
      [
        { key: 'talisman', entry: neverAnswers },
        { key: 'broken', entry: null as unknown as object },
        { key: 'polkadot-js', entry: chosen.entry },
        { key: 'subwallet-js', entry: refusing },
      ],
      [polkadot],
    );
    await settle();
    const result = await mounted.adapter.connect(mounted.connector('polkadot-js'), { network: polkadot });
    expect(result.address).toBe(await polkadotAddressFromUri(ALICE, 0));
    expect(chosen.connectPrompts).toBe(1);
    expect(asked).toEqual([]);
    expect(await failure(mounted.adapter.connect(mounted.connector('subwallet-js'), { network: polkadot }))).toMatchObject({ code: 4001 });
    expect(asked).toEqual(['subwallet-js']);
  });

  it('turns a refused prompt into a 4001 LatchError, and connects on retry', async () => {
    const extension = await createExtension('polkadot-js', [ALICE], { failures: { rejectConnect: true } });
    const { adapter, connector } = mountWith(extension.entry);
    const error = await failure(adapter.connect(connector, { network: polkadot }));
    expect(isLatchError(error)).toBe(true);
    expect(error).toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR', message: expect.stringMatching(/not allowed to interact/) });
    expect(isUserRejection(error)).toBe(true);
    extension.setFailure('rejectConnect', false);
    await expect(adapter.connect(connector, { network: polkadot })).resolves.toMatchObject({
      address: await polkadotAddressFromUri(ALICE, 0),
    });
    expect(extension.connectPrompts).toBe(2);
  });

  it.each([
    ['SubWallet', 'Rejected by user'],
    ['Talisman', 'Rejected'],
    ['polkadot{.js}', 'Cancelled'],
    ['a wallet with a code', { code: 4001, message: 'Nope' }],
  ])('recognises a refusal worded as %s does', async (_, thrown) => {
    const entry = { version: '1', enable: () => Promise.reject(typeof thrown === 'string' ? new Error(thrown) : thrown) };
    const { adapter, connector } = mountWith(entry);
    expect(await failure(adapter.connect(connector, { network: polkadot }))).toMatchObject({ code: 4001 });
  });

  it('keeps other extension failures apart from refusals, with their own code', async () => {
    const entry = { version: '1', enable: () => Promise.reject(Object.assign(new Error('Extension crashed'), { code: -32603 })) };
    const { adapter, connector } = mountWith(entry);
    const error = await failure(adapter.connect(connector, { network: polkadot }));
    expect(error).toMatchObject({ code: -32603, category: 'CONNECTOR_ERROR', message: 'Extension crashed' });
    expect(isUserRejection(error)).toBe(false);
  });

  it('refuses malformed answers: no accounts API, no usable account, a provider that is not an extension, another namespace', async () => {
    const noApi = mountWith({ version: '1', enable: async () => ({ signer: {} }) });
    await expect(noApi.adapter.connect(noApi.connector, { network: polkadot })).rejects.toThrow('answered a malformed authorisation');
    const junk = [{ address: 42 }, { address: '0x1234' }, { address: await polkadotAddressFromUri(ALICE), type: 'ethereum' }, null];
    const none = mountWith({ version: '1', enable: async () => ({ accounts: { get: async () => junk } }) });
    await expect(none.adapter.connect(none.connector, { network: polkadot })).rejects.toMatchObject({
      code: 4100,
      message: 'polkadot{.js} shared no Polkadot account with this site',
    });
    const adapter = createPolkadotAdapter({ target: {} });
    const fake: Connector = { id: 'x', name: 'X', type: 'INJECTED', chain: 'polkadot', provider: {} };
    await expect(adapter.connect(fake, { network: polkadot })).rejects.toMatchObject({ category: 'CONNECTOR_ERROR' });
    const extension = await createExtension('polkadot-js', [ALICE]);
    const { adapter: real, connector } = mountWith(extension.entry);
    await expect(real.connect(connector, { network: { ...polkadot, chainNamespace: 'eip155' } })).rejects.toMatchObject({
      category: 'VALIDATION_ERROR',
    });
  });
  it('keeps the readable accounts of a list with unreadable entries, when connecting and when the list changes', async () => {
    const [alice, bob] = [await polkadotAddressFromUri(ALICE), await polkadotAddressFromUri(BOB)];
    const junk = [null, { address: '0x1234' }, { address: 42 }, { address: alice, type: 'ethereum' }, 'text'];
    const callbacks: ((accounts: unknown) => void)[] = [];
    const entry = {
      version: '1',
      enable: async () => ({
        accounts: {
          get: async () => [...junk, { address: alice }],
          subscribe: (cb: (a: unknown) => void) => (callbacks.push(cb), () => undefined),
        },
      }),
    };
    const { adapter, connector, events } = mountWith(entry);
    const result = await adapter.connect(connector, { network: polkadot });
    expect(result.accounts).toEqual([{ address: await polkadotAddressFromUri(ALICE, 0), type: 'eoa' }]);
    await settle();
    for (const callback of callbacks) callback([...junk, { address: bob }, { address: alice }]);
    expect(events.at(-1)).toEqual({
      type: 'accountsChanged',
      accounts: [
        { address: await polkadotAddressFromUri(BOB, 0), type: 'eoa' },
        { address: await polkadotAddressFromUri(ALICE, 0), type: 'eoa' },
      ],
    });
  });

  it('asks the extension to sign with the address as it wrote it (the library rewrites addresses in its own format)', async () => {
    const written = await polkadotAddressFromUri(ALICE, 0); // Polkadot's format; the library's own is the generic '5…'
    const asked: unknown[] = [];
    const callbacks: ((accounts: unknown) => void)[] = [];
    const entry = {
      version: '1',
      enable: async () => ({
        accounts: {
          get: async () => [{ address: written }],
          subscribe: (cb: (a: unknown) => void) => (callbacks.push(cb), () => undefined),
        },
        signer: {
          signRaw: async ({ address }: { address: string }) => (asked.push(address), { id: 1, signature: `0x${'11'.repeat(64)}` }),
        },
      }),
    };
    const { adapter, connector } = mountWith(entry);
    const { address } = await adapter.connect(connector, { network: kusama });
    const { signMessage } = adapter.capabilities!.signMessage!;
    await signMessage({ message: 'hi', address, connector });
    const bob = await polkadotAddressFromUri(BOB, 0);
    for (const callback of callbacks) callback([{ address: bob }]);
    await signMessage({ message: 'hi', address: await polkadotAddressFromUri(BOB, 2), connector });
    expect(asked).toEqual([written, bob]);
  });

  it('reports an account list that fails with its own error, not as "no account shared"', async () => {
    const failing = Object.assign(new Error('The keyring is locked'), { code: -32603 });
    const entry = { version: '1', enable: async () => ({ accounts: { get: () => Promise.reject(failing) } }) };
    const { adapter, connector } = mountWith(entry);
    const error = await failure(adapter.connect(connector, { network: polkadot }));
    expect(isLatchError(error)).toBe(true);
    expect(error).toMatchObject({ code: -32603, message: 'The keyring is locked' });
  });
});

describe('the extension on its own (accounts.subscribe)', () => {
  it('reports an account switch, then the site revoked as disconnected, and nothing after that', async () => {
    const extension = await createExtension('polkadot-js', [ALICE]);
    const { adapter, connector, events } = mountWith(extension.entry);
    await adapter.connect(connector, { network: kusama });
    await settle(); // the extension answers the subscription with the current list: no event
    expect(events).toEqual([]);
    extension.switchAccount(BOB);
    const [bob, alice] = [await polkadotAddressFromUri(BOB, 2), await polkadotAddressFromUri(ALICE, 2)];
    expect(events).toEqual([
      {
        type: 'accountsChanged',
        accounts: [
          { address: bob, type: 'eoa' },
          { address: alice, type: 'eoa' },
        ],
      },
    ]);
    extension.disconnectFromWallet();
    expect(events.at(-1)).toEqual({ type: 'disconnected' });
    extension.switchAccount(CAROL);
    expect(events).toHaveLength(2);
  });

  it('stops reporting after disconnect, even from an extension that ignores the unsubscribe', async () => {
    const callbacks: ((accounts: unknown) => void)[] = [];
    const alice = await polkadotAddressFromUri(ALICE);
    const entry = {
      version: '1',
      enable: async () => ({
        accounts: {
          get: async () => [{ address: alice }],
          subscribe: (cb: (a: unknown) => void) => (callbacks.push(cb), 'not a function'),
        },
      }),
    };
    const { adapter, connector, events } = mountWith(entry);
    await adapter.connect(connector, { network: polkadot });
    for (const callback of callbacks) callback([{ address: await polkadotAddressFromUri(BOB) }]);
    expect(events).toHaveLength(1);
    await adapter.disconnect(connector);
    for (const callback of callbacks) callback([]);
    for (const callback of callbacks) callback([{ address: alice }]);
    expect(events).toHaveLength(1);
  });

  it('rewrites the session addresses when the app switches network, after the switch', async () => {
    const extension = await createExtension('polkadot-js', [ALICE]);
    const { adapter, connector, events } = mountWith(extension.entry);
    await adapter.connect(connector, { network: polkadot });
    await adapter.switchNetwork!(polkadot, connector);
    await adapter.switchNetwork!(kusama, connector);
    expect(events).toEqual([]); // not yet: the kernel records the network first
    await settle();
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [{ address: await polkadotAddressFromUri(ALICE, 2), type: 'eoa' }] }]);
  });
});

describe('reconnect', () => {
  it('restores silently from an extension that remembers the site, even one that injects after the page loaded', async () => {
    const extension = await createExtension('subwallet-js', [ALICE]);
    await extension.entry.enable('Latch'); // authorised on an earlier visit
    const target: { injectedWeb3?: Record<string, unknown> } = {};
    const adapter = createPolkadotAdapter({ target, reconnectTimeoutMs: 2_000 });
    const restoring = adapter.reconnect!('subwallet-js', { network: polkadot });
    setTimeout(() => (target.injectedWeb3 = { 'subwallet-js': extension.entry }), 300);
    const restored = await restoring;
    expect(restored?.result).toMatchObject({ address: await polkadotAddressFromUri(ALICE, 0) });
    expect(restored?.connector).toMatchObject({ id: 'subwallet-js', name: 'SubWallet', type: 'INJECTED', provider: extension.entry });
    expect(extension.connectPrompts).toBe(1); // the earlier visit's prompt only
  });

  it('resolves null when the extension never injects, or refuses, and restores on a connector the kernel hands over', async () => {
    const adapter = createPolkadotAdapter({ target: {}, reconnectTimeoutMs: 200 });
    const started = Date.now();
    expect(await adapter.reconnect!('polkadot-js', { network: polkadot })).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const extension = await createExtension('polkadot-js', [ALICE], { failures: { rejectConnect: true } });
    const given: Connector = { id: 'shared', name: 'Shared', type: 'EXTERNAL', chain: 'polkadot', provider: extension.entry };
    expect(await adapter.reconnect!('shared', { network: polkadot, connector: given })).toBeNull(); // revoked: no session
    extension.setFailure('rejectConnect', false);
    await extension.entry.enable('Latch');
    expect(await adapter.reconnect!('shared', { network: polkadot, connector: given })).toEqual({
      connector: given,
      result: expect.objectContaining({ address: await polkadotAddressFromUri(ALICE, 0) }),
    });
    const foreign: Connector = { id: 'walletconnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155', provider: {} };
    expect(await adapter.reconnect!('walletconnect', { network: polkadot, connector: foreign })).toBeNull();
  });
});

// An adapter watching one injected entry under 'polkadot-js' (the testkit's extension, or a hand-made one), as the kernel mounts it.
function mountWith(entry: object, options: PolkadotAdapterOptions = {}) {
  const mounted = mountAdapter([{ key: 'polkadot-js', entry }], [polkadot, kusama], options);
  return { adapter: mounted.adapter, connector: mounted.connector('polkadot-js'), events: mounted.events };
}
