import { ed25519 } from '@noble/curves/ed25519';
import type { CaipNetwork } from '@latch/kernel';
import { describe, expect, it } from 'vitest';
import { NAMESPACE_BRIDGES } from './bridges.js';
import type { SessionChannel } from './channel.js';
import { type ApprovedNamespace, proposalNamespaces } from './namespaces.js';
import { createPolkadotSessionEntry, wrapBytes } from './polkadotBridge.js';

const RELAY = 'polkadot:91b171bb158e2d3848fa23a9f1c25182';
const LOCAL = `polkadot:${'45'.repeat(16)}`;
const LOCAL_GENESIS = `0x${'45'.repeat(32)}`;
// Alice's and Bob's well-known dev keys, SS58 generic (42); the bridge only passes addresses through.
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';
const secret = new Uint8Array(32).fill(3);

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;
const bytes = (text: string) => new Uint8Array(Buffer.from(text.slice(2), 'hex'));
const utf8 = (text: string) => new TextEncoder().encode(text);

type Answer = (method: string, params: Record<string, unknown>) => unknown;

/** The wallet's side in a few lines: an ed25519 key answering as WalletConnect's Polkadot methods specify. */
const honest: Answer = (method, params) => {
  if (method === 'polkadot_signMessage') return { signature: hex(ed25519.sign(bytes(params.message as string), secret)) };
  // A MultiSignature: ed25519's type byte 00, then the signature of the payload (its fields stand in for its SCALE bytes).
  const signature = ed25519.sign(utf8(JSON.stringify(params.transactionPayload)), secret);
  return { id: 7, signature: hex(new Uint8Array([0, ...signature])) };
};

function phone(answer: Answer = honest, approval: Partial<ApprovedNamespace> = {}) {
  const asked: { method: string; params: Record<string, unknown>; chainId: string }[] = [];
  let current: ApprovedNamespace | undefined = {
    chains: [LOCAL],
    methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
    events: ['accountsChanged'],
    addresses: [ALICE],
    accounts: [`${LOCAL}:${ALICE}`],
    ...approval,
  };
  const channel: SessionChannel = {
    approved: () => current,
    async request(method, params, chainId) {
      asked.push({ method, params: params as Record<string, unknown>, chainId });
      return answer(method, params as Record<string, unknown>);
    },
    read: async () => {
      throw new Error('reads are not the bridge’s');
    },
  };
  return {
    channel,
    asked,
    update(next: Partial<ApprovedNamespace> | undefined) {
      current = next && current ? { ...current, ...next } : undefined;
    },
  };
}

const payload = (overrides: Record<string, unknown> = {}) => ({
  address: ALICE,
  genesisHash: LOCAL_GENESIS,
  blockHash: LOCAL_GENESIS,
  method: '0x0a03',
  nonce: '0x00000000',
  signedExtensions: ['CheckNonce'],
  version: 4,
  ...overrides,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { code?: number; message?: string },
  );

describe('the polkadot{.js} extension entry over a WalletConnect session', () => {
  it('enables at once (the same Injected every time) and lists the approved SS58 accounts, dropping malformed ones', async () => {
    const { channel } = phone(honest, { addresses: [ALICE, 'not base58 0OIl', '5Grwva', BOB] });
    const entry = createPolkadotSessionEntry(channel, [LOCAL]);
    expect(entry.version).toMatch(/^\d+\.\d+\.\d+$/);
    const injected = await entry.enable('Latch');
    expect(await entry.enable('Latch')).toBe(injected);
    expect(await injected.accounts.get()).toEqual([
      { address: ALICE, name: 'WalletConnect account 1' },
      { address: BOB, name: 'WalletConnect account 2' },
    ]);
  });

  it('signRaw → polkadot_signMessage with the <Bytes>-wrapped message, on the first kernel network the account is on', async () => {
    const { channel, asked } = phone(honest, { chains: [RELAY, LOCAL], accounts: [`${RELAY}:${ALICE}`, `${LOCAL}:${ALICE}`] });
    const injected = await createPolkadotSessionEntry(channel, [LOCAL, RELAY]).enable();
    const message = utf8('Sign in to Latch');
    const { signature } = await injected.signer.signRaw({ address: ALICE, data: hex(message), type: 'bytes' });
    const wrapped = hex(utf8('<Bytes>Sign in to Latch</Bytes>'));
    expect(asked).toEqual([
      { method: 'polkadot_signMessage', params: { address: ALICE, message: wrapped, data: wrapped, type: 'bytes' }, chainId: LOCAL },
    ]);
    expect(ed25519.verify(bytes(signature), bytes(wrapped), ed25519.getPublicKey(secret))).toBe(true);
    // Already wrapped: sent as it is. No type means bytes.
    await injected.signer.signRaw({ address: ALICE, data: wrapped });
    expect(asked[1]?.params.message).toBe(wrapped);
  });

  it('wrapBytes wraps once, as polkadot{.js} u8aWrapBytes does', () => {
    expect(new TextDecoder().decode(wrapBytes(utf8('hi')))).toBe('<Bytes>hi</Bytes>');
    expect(wrapBytes(utf8('<Bytes>hi</Bytes>'))).toEqual(utf8('<Bytes>hi</Bytes>'));
    expect(new TextDecoder().decode(wrapBytes(new Uint8Array()))).toBe('<Bytes></Bytes>');
  });

  it('signPayload → polkadot_signTransaction {address, transactionPayload} on the chain of its genesis hash', async () => {
    const { channel, asked } = phone(honest, { chains: [RELAY, LOCAL], accounts: [`${RELAY}:${ALICE}`, `${LOCAL}:${ALICE}`] });
    const injected = await createPolkadotSessionEntry(channel, [RELAY]).enable();
    const result = await injected.signer.signPayload(payload());
    expect(asked).toEqual([
      { method: 'polkadot_signTransaction', params: { address: ALICE, transactionPayload: payload() }, chainId: LOCAL },
    ]);
    expect(result.id).toBe(7);
    expect(result.signature).toMatch(/^0x00[0-9a-f]{128}$/);
    const signature = bytes(result.signature).subarray(1);
    expect(ed25519.verify(signature, utf8(JSON.stringify(payload())), ed25519.getPublicKey(secret))).toBe(true);
  });

  it('numbers the answer itself when the wallet gives no id (the reference returns only the signature)', async () => {
    const signature = hex(new Uint8Array([1, ...new Uint8Array(64).fill(9)]));
    const injected = await createPolkadotSessionEntry(phone(() => ({ signature, id: 'seven' })).channel, [LOCAL]).enable();
    const first = await injected.signer.signPayload(payload());
    const second = await injected.signer.signPayload(payload());
    expect([first.signature, second.signature]).toEqual([signature, signature]);
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('turns a declined request (WalletConnect 5000) into 4001 and keeps other wallet errors', async () => {
    const refuse = (error: unknown) => () => {
      throw error;
    };
    const declined = await createPolkadotSessionEntry(phone(refuse({ code: 5000, message: 'User rejected.' })).channel, [LOCAL]).enable();
    expect(await failure(declined.signer.signPayload(payload()))).toMatchObject({ code: 4001 });
    expect(await failure(declined.signer.signRaw({ address: ALICE, data: '0x00' }))).toMatchObject({ code: 4001 });
    const broken = await createPolkadotSessionEntry(phone(refuse({ code: -32602, message: 'Invalid params' })).channel, [LOCAL]).enable();
    expect(await failure(broken.signer.signRaw({ address: ALICE, data: '0x00' }))).toMatchObject({
      code: -32602,
      message: 'Invalid params',
    });
  });

  it('refuses malformed wallet answers with a clear error', async () => {
    const answers: [unknown, RegExp][] = [
      [null, /without a result/],
      ['0x00', /without a result/],
      [{}, /typed signature/],
      [{ signature: 42 }, /typed signature/],
      [{ signature: hex(new Uint8Array(64)) }, /typed signature/], // no key type byte
      [{ signature: hex(new Uint8Array([3, ...new Uint8Array(64)])) }, /typed signature/], // no such key type
      [{ signature: hex(new Uint8Array([1, ...new Uint8Array(65)])) }, /typed signature/], // sr25519 is 64 bytes
      [{ signature: `0x01${'zz'.repeat(64)}` }, /typed signature/],
    ];
    for (const [answer, words] of answers) {
      const injected = await createPolkadotSessionEntry(phone(() => answer).channel, [LOCAL]).enable();
      expect(await failure(injected.signer.signPayload(payload())), JSON.stringify(answer)).toMatchObject({ code: -32603, message: words });
    }
    for (const answer of [null, {}, { signature: '0x1234' }, { signature: hex(new Uint8Array(66)) }]) {
      const injected = await createPolkadotSessionEntry(phone(() => answer).channel, [LOCAL]).enable();
      expect(await failure(injected.signer.signRaw({ address: ALICE, data: '0x00' })), JSON.stringify(answer)).toMatchObject({
        code: -32603,
      });
    }
  });

  it('refuses bad requests before asking the wallet: unknown account or chain, bad payload or data, unapproved method', async () => {
    const { channel, asked } = phone(honest, { methods: ['polkadot_signTransaction'] });
    const injected = await createPolkadotSessionEntry(channel, [LOCAL]).enable();
    const refused = async (promise: Promise<unknown>, code: number, words: RegExp) =>
      expect(await failure(promise)).toMatchObject({ code, message: expect.stringMatching(words) });
    await refused(injected.signer.signPayload(payload({ address: BOB })), 4100, /not an account of this WalletConnect session/);
    await refused(injected.signer.signPayload(payload({ genesisHash: `0x${'91'.repeat(32)}` })), 4100, /did not approve/);
    await refused(injected.signer.signPayload(payload({ genesisHash: '0x45' })), -32602, /genesisHash/);
    await refused(injected.signer.signPayload(payload({ address: 7 })), -32602, /signer address/);
    await refused(injected.signer.signPayload('payload'), -32602, /must be an object/);
    await refused(injected.signer.signRaw({ address: ALICE, data: 'hello' }), -32602, /hex bytes/);
    await refused(injected.signer.signRaw({ address: ALICE, data: '0x0' }), -32602, /hex bytes/);
    await refused(injected.signer.signRaw({ address: ALICE, data: '0x00', type: 'payload' }), 4200, /bytes only/);
    await refused(injected.signer.signRaw({ address: ALICE, data: '0x00' }), 4200, /polkadot_signMessage is not approved/);
    expect(asked).toEqual([]);
  });

  it('subscribers hear the accounts just after subscribing, on every session change, and none once it ended', async () => {
    const session = phone();
    const entry = createPolkadotSessionEntry(session.channel, [LOCAL]);
    const injected = await entry.enable();
    const heard: string[][] = [];
    const off = injected.accounts.subscribe((list) => heard.push(list.map((a) => a.address)));
    await Promise.resolve();
    session.update({ addresses: [BOB, ALICE], accounts: [`${LOCAL}:${BOB}`, `${LOCAL}:${ALICE}`] });
    entry.accountsChanged();
    session.update(undefined);
    entry.accountsChanged();
    off();
    entry.accountsChanged();
    expect(heard).toEqual([[ALICE], [BOB, ALICE], []]);
    expect(await injected.accounts.get()).toEqual([]);
  });
});

describe('the polkadot entry of the registry', () => {
  const network = {
    id: '45'.repeat(16),
    caipNetworkId: LOCAL,
    chainNamespace: 'polkadot',
    name: 'Local',
    nativeCurrency: { name: 'ROC', symbol: 'ROC', decimals: 12 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8000'], webSocket: ['ws://127.0.0.1:8000'] } },
  } as unknown as CaipNetwork;

  it('is proposed with its two methods, its events and an rpcMap to the configured node', () => {
    expect(proposalNamespaces({ namespaces: { polkadot: [network] } }).optionalNamespaces.polkadot).toEqual({
      chains: [LOCAL],
      methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
      events: ['chainChanged', 'accountsChanged'],
      rpcMap: { ['45'.repeat(16)]: 'http://127.0.0.1:8000' },
    });
  });

  it('hands the adapter an injectedWeb3 entry; accountsChanged and session updates reach its subscribers, chainChanged does not', async () => {
    const session = phone();
    const bridge = (await NAMESPACE_BRIDGES.polkadot!())({
      channel: session.channel,
      approval: session.channel.approved()!,
      networks: [network],
      identity: { name: 'WalletConnect', icon: 'data:image/svg+xml,x' },
    });
    const entry = bridge.provider as ReturnType<typeof createPolkadotSessionEntry>;
    expect(typeof entry.enable).toBe('function');
    const heard: number[] = [];
    (await entry.enable()).accounts.subscribe((list) => heard.push(list.length));
    await Promise.resolve();
    bridge.walletEvent?.('chainChanged', 'x', LOCAL);
    bridge.walletEvent?.('accountsChanged', [ALICE], LOCAL);
    session.update(undefined);
    bridge.sessionUpdated?.();
    expect(heard).toEqual([1, 1, 0]);
  });
});
