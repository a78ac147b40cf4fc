import { describe, expect, it, vi } from 'vitest';
import { signInFlow } from '../signInFlow.js';
import { base, createFakeAdapter, connector, createTestStorage, mainnet, network, createSiwxSessions } from '@latch/testkit/kernel';
import { createTestModal } from '../test-support/testModal.js';
import { createModal } from '../createModal.js';
import { signInActions } from './signInTrigger.js';

/** An adapter's `eip155:signIn`: the wallet writes the text from the fields (or `write` does, to test what it returns). */
function walletSignIn(fake: ReturnType<typeof createTestModal>['fake'], write?: (fields: { domain: string; address: string }) => string) {
  const asked: unknown[] = [];
  (fake.adapter.capabilities as Record<string, unknown>)['eip155:signIn'] = {
    async signIn(fields: { domain: string; address: string; nonce: string }) {
      asked.push(fields);
      const message =
        write?.(fields) ?? `${fields.domain} wants you to sign in with your Ethereum account:\n${fields.address}\n\nNonce: ${fields.nonce}`;
      return { message, signature: 'wallet-signature' };
    },
  };
  return asked;
}

/** The flow's chunk loads on first use (seconds on a loaded machine): wait for it, then until nothing moves for a few ticks. */
async function settle(): Promise<void> {
  await signInActions();
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: Error) => error.message,
  );

describe('sign-in flow (§4)', () => {
  it('opens SIWXSignMessage after connect when no session covers the account, and closes when one does', async () => {
    const store = createSiwxSessions();
    const { modal, view } = createTestModal({ siwx: store.config });
    await modal.open();
    await modal.connect('w');
    await settle();
    expect(view()).toBe('SIWXSignMessage');
    expect(modal.getState().open).toBe(true);

    store.sessions.add(`eip155:1:${modal.getState().account?.address}`);
    const second = createTestModal({ siwx: store.config }).modal;
    await second.open();
    await second.connect('w');
    await settle();
    expect(second.getState().open).toBe(false);
  });

  it('without siwx the modal closes right after connect', async () => {
    const { modal, view } = createTestModal();
    await modal.open();
    await modal.connect('w');
    expect(modal.getState().open).toBe(false);
    expect(view()).not.toBe('SIWXSignMessage');
  });

  it('asks again after a switch to a network no session covers', async () => {
    const store = createSiwxSessions();
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const modal = createModal({ networks: [mainnet, base], adapters: [fake.adapter], storage: createTestStorage(), siwx: store.config });
    await modal.connect('w');
    await settle();
    store.sessions.add(`eip155:1:${fake.address}`);
    modal.close();
    await modal.switchNetwork(base);
    await settle();
    expect(modal.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' });
    store.sessions.add(`eip155:8453:${fake.address}`);
    modal.close();
    await modal.switchNetwork(mainnet);
    await settle();
    expect(modal.getState().open).toBe(false);
  });

  it('does not ask on a network the app does not support: UnsupportedChain comes first', async () => {
    const store = createSiwxSessions();
    const { modal, view } = createTestModal({ siwx: store.config }, { walletNetwork: network('eip155', '999').caipNetworkId });
    await modal.open();
    await modal.connect('w');
    await settle();
    expect(view()).toBe('UnsupportedChain');
  });

  it('required: closing is refused on the view; a forced close still works', async () => {
    const { modal } = createTestModal({ siwx: createSiwxSessions({ required: true }).config });
    await modal.connect('w');
    await settle();
    expect(modal.close()).toBe(false);
    expect(modal.getState().open).toBe(true);
    expect(modal.close({ force: true })).toBe(true);
  });

  it("uses the adapter's <namespace>:signIn, given the fields, and stores the text the wallet signed", async () => {
    const store = createSiwxSessions({ fields: true });
    const { modal, fake } = createTestModal({ siwx: store.config });
    const asked = walletSignIn(fake);
    await modal.connect('w');
    await settle();
    const flow = signInFlow(modal);
    await flow.signIn(await flow.prepare());
    expect(asked).toEqual([{ domain: 'app.example.com', address: fake.address, nonce: 'nonce1' }]);
    expect(store.stored).toEqual([
      {
        message: `app.example.com wants you to sign in with your Ethereum account:\n${fake.address}\n\nNonce: nonce1`,
        signature: 'wallet-signature',
      },
    ]);
    expect(modal.getState().open).toBe(false);
  });

  it('refuses, and sends nothing, when the wallet signed a sign-in message for another account or another site', async () => {
    const store = createSiwxSessions({ fields: true });
    const { modal, fake } = createTestModal({ siwx: store.config });
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    let write = (fields: { domain: string; address: string }) =>
      `${fields.domain} wants you to sign in with your Ethereum account:\n${other}\n\nNonce: x`;
    walletSignIn(fake, (fields) => write(fields));
    await modal.connect('w');
    await vi.waitFor(() => expect(modal.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' }));
    const flow = signInFlow(modal);
    const attempt = async () => failure(flow.prepare().then((request) => flow.signIn(request)));
    expect(await attempt()).toBe(
      `The wallet signed a sign-in message for app.example.com and ${other}, not for app.example.com and ${fake.address}; nothing was sent`,
    );
    write = (fields) => `evil.example wants you to sign in with your Ethereum account:\n${fields.address}`;
    expect(await attempt()).toBe(
      `The wallet signed a sign-in message for evil.example and ${fake.address}, not for app.example.com and ${fake.address}; nothing was sent`,
    );
    write = () => 'Sign this: 42';
    expect(await attempt()).toMatch(
      /^The wallet signed a sign-in message for an unreadable site and no account, not for app\.example\.com/,
    );
    expect(store.stored).toEqual([]);
    expect(modal.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' });
    // The scheme EIP-4361 allows before the domain names the same site.
    write = (fields) => `https://app.example.com wants you to sign in with your Ethereum account:\n${fields.address}`;
    expect(await attempt()).toBeUndefined();
    expect(store.stored).toHaveLength(1);
  });

  it('asks again when the session ends while the visitor stays connected; a disconnect stops the timer', async () => {
    await import('./signIn.js');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const store = createSiwxSessions({ fields: true, ttlMs: 10 * 60_000 });
      const { modal, fake } = createTestModal({ siwx: store.config });
      walletSignIn(fake);
      await modal.connect('w');
      await vi.waitFor(() => expect(modal.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' }));
      const flow = signInFlow(modal);
      await flow.signIn(await flow.prepare());
      expect(modal.getState().open).toBe(false);
      await vi.advanceTimersByTimeAsync(10 * 60_000 - 1_000);
      expect(modal.getState().open).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(modal.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' }));

      await flow.signIn(await flow.prepare());
      await vi.advanceTimersByTimeAsync(1_000);
      expect(vi.getTimerCount()).toBe(1);
      await modal.disconnect();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('raises the §8 sign-in errors where they apply', async () => {
    const plain = createTestModal().modal;
    expect(await failure(signInFlow(plain).prepare())).toBe('SIWX is not enabled');
    const { modal } = createTestModal({ siwx: createSiwxSessions().config });
    expect(await failure(signInFlow(modal).prepare())).toBe('No ActiveCaipAddress found');
    await modal.connect('w');
    // The fake adapter declares no signMessage capability: nothing can sign.
    expect(await failure(signInFlow(modal).prepare())).toBe('No ActiveCaipNetwork or client found');
  });

  it('signInFlow takes an instance or a copy spread from one, and refuses anything else', () => {
    const { modal } = createTestModal({ siwx: createSiwxSessions().config });
    expect(signInFlow({ ...modal })).toBe(signInFlow(modal));
    expect(() => signInFlow({} as typeof modal)).toThrow('Not a Latch modal instance (createModal returns one)');
  });
});
