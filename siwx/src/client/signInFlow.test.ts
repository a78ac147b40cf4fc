import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ed25519 } from '@noble/curves/ed25519';
import { hex } from '@scure/base';
import { createModal, type LatchEvents, type ModalInstance, signInFlow } from '@latch/kernel';
import { pollUntil, startToyChain, type ToyChain } from '@latch/testkit';
import {
  createToyAdapter,
  createToyLocalnet,
  createToyWallet,
  installToyWallet,
  publicKeyFromToyAddress,
  toyAddressFromSecretKey,
  type ToyWallet,
} from '@latch/testkit/toy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSiwxHttpHandler } from '../server/httpHandler.js';
import { createSiwxServer } from '../server/createSiwxServer.js';
import type { SiwxVerifier } from '../server/verifier.js';
import type { SiwxSession } from '../session.js';
import { createSiwxClient, type SiwxClientOptions } from './createSiwxClient.js';

const ALICE_KEY = 'a1'.repeat(32);
const BOB_KEY = 'b2'.repeat(32);

/** The toy namespace's own signature check, plugged into the server as an integrator would. */
const toyVerifier: SiwxVerifier = {
  namespace: 'toy',
  async verify({ data, message, signature }) {
    const publicKey = publicKeyFromToyAddress(data.address);
    return (
      Boolean(publicKey) &&
      /^[0-9a-f]{128}$/.test(signature) &&
      ed25519.verify(hex.decode(signature), new TextEncoder().encode(message), publicKey!)
    );
  },
};

let chain: ToyChain;
let http: Server;
let base: string;
let domain: string;
let wallet: ToyWallet;
let modal: ModalInstance;
let cookie = '';
const cleanups: (() => void)[] = [];

/** The browser's cookie jar, for a page and server on one origin. */
/** The paths the page asked, in order. */
let asked: string[] = [];
const pageFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
  asked.push(new URL(String(input)).pathname);
  const set = response.headers.get('set-cookie');
  if (set) cookie = set.split(';')[0]!;
  return response;
};

async function serverSessions(): Promise<SiwxSession[]> {
  return ((await (await pageFetch(`${base}/siwx/sessions`)).json()) as { sessions: SiwxSession[] }).sessions;
}

beforeEach(async () => {
  chain = await startToyChain();
  http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  domain = `127.0.0.1:${(http.address() as AddressInfo).port}`;
  base = `http://${domain}`;
  const handler = createSiwxHttpHandler(createSiwxServer({ domains: [domain], verifiers: [toyVerifier] }));
  http.on('request', (request, response) => void handler(request, response));
  cookie = '';
  asked = [];
  wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  modal?.destroy();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await chain.stop();
});

let siwxClient: ReturnType<typeof createSiwxClient>;

function startModal(options: Partial<SiwxClientOptions> = {}): { events: LatchEvents['SNACKBAR'][] } {
  const target = new EventTarget();
  const siwx = (siwxClient = createSiwxClient({
    baseUrl: `${base}/siwx`,
    domain,
    uri: base,
    statement: 'Sign in to the toy app.',
    fetch: pageFetch,
    ...options,
  }));
  modal = createModal({
    networks: [createToyLocalnet({ rpcUrl: chain.rpcUrl })],
    adapters: [createToyAdapter({ target })],
    siwx,
    storage: null,
  });
  cleanups.push(installToyWallet(wallet, target));
  const events: LatchEvents['SNACKBAR'][] = [];
  cleanups.push(modal.on('SNACKBAR', (snack) => events.push(snack)));
  return { events };
}

async function connectAndReachSignIn(): Promise<void> {
  await modal.open();
  await modal.connect(wallet.info.id);
  await pollUntil(() => modal.getState().view === 'SIWXSignMessage', 'the sign-in view');
}

describe('the sign-in flow: kernel, toy wallet (real ed25519 key), siwx client and server over HTTP', () => {
  it('asks after connect, signs the CAIP-122 message through the wallet, and the server keeps the session', async () => {
    startModal();
    await connectAndReachSignIn();
    expect(modal.getState().open).toBe(true);
    const request = await signInFlow(modal).prepare();
    const alice = toyAddressFromSecretKey(ALICE_KEY);
    expect(request).toMatchObject({
      namespace: 'toy',
      caipNetworkId: 'toy:local',
      address: alice,
      domain,
      statement: 'Sign in to the toy app.',
    });
    // The page is on http: EIP-4361 wants the scheme written (none means https).
    expect(request.message.split('\n').slice(0, 4)).toEqual([
      `http://${domain} wants you to sign in with your toy account:`,
      alice,
      '',
      'Sign in to the toy app.',
    ]);
    await signInFlow(modal).signIn(request);
    expect(modal.getState().open).toBe(false);
    expect((await serverSessions()).map((s) => [s.data.caipNetworkId, s.data.address])).toEqual([['toy:local', alice]]);

    // A reload with the session still on the server does not ask again.
    modal.destroy();
    startModal();
    await modal.open();
    await modal.connect(wallet.info.id);
    await pollUntil(() => !modal.getState().open, 'the modal to close');
    expect(modal.getState().view).not.toBe('SIWXSignMessage');
  });

  it("a decline shows 'Signature declined', keeps the visitor connected and on the view; required blocks closing", async () => {
    const { events } = startModal({ required: true });
    await connectAndReachSignIn();
    expect(modal.close()).toBe(false);
    expect(modal.getState().open).toBe(true);
    wallet.setFailure('rejectSign', true);
    const declined = await signInFlow(modal)
      .prepare()
      .then((request) => signInFlow(modal).signIn(request))
      .then(
        () => undefined,
        (error: { code?: number }) => error,
      );
    expect(declined?.code).toBe(4001);
    await pollUntil(() => events.some((e) => e.open && e.message === 'Signature declined' && e.variant === 'error'), 'the snack');
    expect(modal.getState()).toMatchObject({ status: 'connected', view: 'SIWXSignMessage', open: true });
    expect(await serverSessions()).toEqual([]);

    wallet.setFailure('rejectSign', false);
    await signInFlow(modal).signIn(await signInFlow(modal).prepare());
    expect(modal.getState().open).toBe(false);
    expect(await serverSessions()).toHaveLength(1);
  });

  it('asks again when the wallet switches to an account no session covers; disconnect signs out on the server', async () => {
    startModal();
    await connectAndReachSignIn();
    await signInFlow(modal).signIn(await signInFlow(modal).prepare());
    expect(modal.getState().open).toBe(false);

    const bob = wallet.switchAccount(BOB_KEY);
    await pollUntil(() => modal.getState().view === 'SIWXSignMessage' && modal.getState().open, 'the sign-in view for the new account');
    const request = await signInFlow(modal).prepare();
    expect(request.address).toBe(bob);
    await signInFlow(modal).signIn(request);
    expect((await serverSessions()).map((s) => s.data.address)).toEqual([toyAddressFromSecretKey(ALICE_KEY), bob]);

    // What the modal calls when one namespace of several disconnects: that account goes, the others stay.
    await siwxClient.revokeSessions([{ namespace: 'toy', address: toyAddressFromSecretKey(ALICE_KEY) }]);
    expect((await serverSessions()).map((s) => s.data.address)).toEqual([bob]);

    await modal.disconnect();
    expect(await serverSessions()).toEqual([]);
  });

  it('a disconnect the wallet makes itself signs the visitor out on the server', async () => {
    startModal();
    await connectAndReachSignIn();
    await signInFlow(modal).signIn(await signInFlow(modal).prepare());
    expect(await serverSessions()).toHaveLength(1);
    wallet.disconnectFromWallet();
    await pollUntil(() => asked.includes('/siwx/sign-out'), 'the sign-out');
    expect(modal.getState().status).toBe('disconnected');
    expect(await serverSessions()).toEqual([]);
  });

  it('cancel disconnects when sign-in is required and goes back to Connect; otherwise it only closes', async () => {
    startModal({ required: true });
    await connectAndReachSignIn();
    await signInFlow(modal).cancel();
    expect(modal.getState()).toMatchObject({ status: 'disconnected', view: 'Connect', open: true });
    modal.destroy();

    startModal();
    await connectAndReachSignIn();
    await signInFlow(modal).cancel();
    expect(modal.getState()).toMatchObject({ status: 'connected', open: false });
  });

  it('a server refusal rejects with its reason and keeps the view', async () => {
    startModal({ domain: 'evil.example.com' });
    await connectAndReachSignIn();
    const refused = await signInFlow(modal)
      .prepare()
      .then((request) => signInFlow(modal).signIn(request))
      .then(
        () => undefined,
        (error: Error) => error.message,
      );
    expect(refused).toBe(`The message is for http://evil.example.com; this server signs in ${domain}`);
    expect(modal.getState()).toMatchObject({ view: 'SIWXSignMessage', open: true, status: 'connected' });
  });
});
