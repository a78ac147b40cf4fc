import type { ChainAdapter, Nft, Page, TokenBalance, Transaction, TransferOutcome, TransferRequest } from '@latch/kernel';
import { act, cleanup, render, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import type { ReactNode } from 'react';
import { LatchProvider } from '../context.js';
import { createModal, type LatchModal, type ReactModalOptions } from '../createModal.js';
import { connector, createFakeAdapter, createTestStorage, mainnet, type FakeAdapterOptions } from '@latch/testkit/kernel';

/*
 * Helpers for the component tests. The modal lives in a shadow root that Testing Library's
 * `screen` does not pierce, so queries run `within` an element inside that shadow root.
 */

/*
 * happy-dom's ShadowRoot.activeElement throws when focus is in another shadow tree or on a removed
 * element; browsers answer null there (focus is not in this tree). Make happy-dom agree.
 */
const activeElementGetter = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'activeElement')?.get;
if (activeElementGetter) {
  Object.defineProperty(ShadowRoot.prototype, 'activeElement', {
    configurable: true,
    get(this: ShadowRoot) {
      try {
        return activeElementGetter.call(this) as Element | null;
      } catch {
        return null;
      }
    },
  });
}

/** The element name mountModal uses; a literal here so importing this file loads no modal code. */
export const MODAL_ELEMENT_NAME = 'latch-modal';

const live = new Set<LatchModal>();
const hosts = new WeakMap<LatchModal, HTMLElement>();
const claimed = new WeakSet<Element>();
function claim(modal: LatchModal, host: HTMLElement): HTMLElement {
  hosts.set(modal, host);
  claimed.add(host);
  return host;
}

/** A React modal with one EVM fake adapter (wallet 'w' unless told otherwise) and test storage. */
export function createTestModal(overrides: Partial<ReactModalOptions> = {}, adapterOptions: Partial<FakeAdapterOptions> = {}) {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], ...adapterOptions });
  const storage = createTestStorage();
  const modal = createModal({ networks: [mainnet], adapters: [fake.adapter], storage, ...overrides });
  live.add(modal);
  return { modal, fake, storage };
}

/** Tracks a modal made elsewhere so `cleanupModals` destroys it. */
export function track(modal: LatchModal): LatchModal {
  live.add(modal);
  return modal;
}

export interface ModalScreen {
  /** Queries scoped to the modal's root inside the shadow root. */
  ui: BoundFunctions<typeof queries>;
  root: HTMLElement;
  shadow: ShadowRoot;
  host: HTMLElement;
}

/**
 * Resolves when the modal's code and the chunk of the view it shows now have loaded: the events a first render waits
 * for. Each is a module the test runner compiles on first use, which takes seconds on a loaded machine, so a test
 * awaits them rather than guessing with a query's timeout. Imported here, not at the top: importing this file loads no
 * modal code.
 */
export async function modalCodeLoaded(modal: LatchModal): Promise<void> {
  await act(async () => {
    // The same module records the product imports (the `<latch-modal>` mount, or ModalHost's ModalRoot, which it holds).
    const [, views] = await Promise.all([import('../mount/mountModal.js'), import('../modal/views.js')]);
    const view = modal.getState().view;
    const loader = view ? views.resolveViewLoader(modal, view) : undefined;
    if (loader) await views.loadView(loader);
  });
}

/** The `<latch-modal>` element this modal mounted (found when it first appears). */
export async function modalScreen(modal: LatchModal): Promise<ModalScreen> {
  await modalCodeLoaded(modal);
  const host = await waitFor(() => {
    const known = hosts.get(modal);
    if (known?.isConnected) return known;
    // Opened some other way (a click on ConnectButton, the kernel): the one element nobody claimed.
    const unclaimed = [...document.querySelectorAll<HTMLElement>(MODAL_ELEMENT_NAME)].filter((el) => !claimed.has(el));
    if (unclaimed.length === 1) return claim(modal, unclaimed[0] as HTMLElement);
    throw new Error('the modal has no <latch-modal> element yet');
  });
  return screenIn(host);
}

/** Queries inside the shadow root of any element hosting the modal. */
export async function screenIn(host: Element): Promise<ModalScreen> {
  const root = await waitFor(() => {
    const found = host.shadowRoot?.querySelector<HTMLElement>('.latch-root');
    if (!found) throw new Error('the modal root has not rendered yet');
    return found;
  });
  return { ui: within(root), root, shadow: host.shadowRoot as ShadowRoot, host: host as HTMLElement };
}

/** Opens the modal the way a host would (`modal.open`) and returns queries inside its shadow root. */
export async function openModal(modal: LatchModal, options?: Parameters<LatchModal['open']>[0]): Promise<ModalScreen> {
  const before = new Set(document.querySelectorAll(MODAL_ELEMENT_NAME));
  await act(async () => {
    await modal.open(options);
  });
  const added = [...document.querySelectorAll<HTMLElement>(MODAL_ELEMENT_NAME)].find((el) => !before.has(el));
  if (added) claim(modal, added);
  return modalScreen(modal);
}

/** Notes the element a modal mounted when it opened on its own (UnsupportedChain, plugins). */
export async function waitForOwnMount(modal: LatchModal, before: ReadonlySet<Element>): Promise<ModalScreen> {
  await modalCodeLoaded(modal);
  const host = await waitFor(() => {
    const added = [...document.querySelectorAll<HTMLElement>(MODAL_ELEMENT_NAME)].find((el) => !before.has(el));
    if (!added) throw new Error('no new <latch-modal>');
    return added;
  });
  claim(modal, host);
  return screenIn(host);
}

/** Renders host components (ConnectButton, hooks…) under `<LatchProvider modal={modal}>`. */
export function renderWithModal(modal: LatchModal, ui: ReactNode) {
  return render(<LatchProvider modal={modal}>{ui}</LatchProvider>);
}

/** The modal stylesheet's text as the shadow root holds it (adopted sheet or `<style>`). */
export function shadowCss(shadow: ShadowRoot): string {
  const adopted = (shadow.adoptedStyleSheets ?? []).flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
  const inline = [...shadow.querySelectorAll('style')].map((style) => style.textContent ?? '');
  return [...adopted, ...inline].join('\n');
}

/** Makes the fake wallet wait for the test to approve: `connect` resolves when `approve` is called. */
export function holdConnect(adapter: ChainAdapter) {
  const original = adapter.connect.bind(adapter);
  let release: (() => void) | undefined;
  (adapter as { connect: ChainAdapter['connect'] }).connect = (c, o) =>
    new Promise((resolve, reject) => {
      release = () => void original(c, o).then(resolve, reject);
    });
  return { approve: () => release?.() };
}

/** Call in afterEach: unmounts Testing Library trees and destroys every modal a test made. */
export async function cleanupModals(): Promise<void> {
  cleanup();
  for (const modal of live) modal.destroy();
  live.clear();
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  document.querySelectorAll(MODAL_ELEMENT_NAME).forEach((el) => el.remove());
  document.body.innerHTML = '';
}

/** A minimal 4001 rejection as wallets send it. */
export const USER_REJECTED = { code: 4001, message: 'User rejected the request.' };

/** Gives the fake adapter a token-balance reader (the Tokens tab's source), recording its calls. */
export function withTokenBalances(adapter: ChainAdapter, tokens: TokenBalance[]) {
  const calls: string[] = [];
  const balance = adapter.capabilities?.balance as NonNullable<NonNullable<ChainAdapter['capabilities']>['balance']>;
  balance.getTokenBalances = async (address, network) => {
    calls.push(`${network.caipNetworkId}:${address}`);
    return tokens;
  };
  return calls;
}

export function token(symbol: string, numeric: string, extra: Partial<TokenBalance> = {}): TokenBalance {
  return { name: `${symbol} Token`, symbol, chainId: 'eip155:1', quantity: { decimals: '18', numeric }, iconUrl: '', ...extra };
}

type Capabilities = NonNullable<ChainAdapter['capabilities']>;

/** Gives the fake adapter a recording `send` capability: its hash, fee and outcome as the test says. */
export function withSend(
  adapter: ChainAdapter,
  options: {
    answer?: (request: TransferRequest) => Promise<string>;
    fee?: bigint;
    outcome?: TransferOutcome | (() => Promise<TransferOutcome>);
  } = {},
) {
  const transfers: TransferRequest[] = [];
  (adapter.capabilities as Capabilities).send = {
    async sendTransfer(request) {
      transfers.push(request);
      return options.answer ? options.answer(request) : `0x${'ab'.repeat(32)}`;
    },
    estimateFee: async () => ({ fee: options.fee ?? 21_000n * 2_000_000_000n }),
    waitForTransfer: async () =>
      typeof options.outcome === 'function' ? options.outcome() : (options.outcome ?? { status: 'confirmed' as const }),
  };
  return transfers;
}

/** A §3 transaction for the Activity tab. */
export function transaction(id: string, extra: Partial<Transaction['metadata']> = {}, transfers?: Transaction['transfers']): Transaction {
  return {
    id,
    metadata: {
      minedAt: '2026-11-20T10:00:00.000Z',
      chain: 'eip155:1',
      operationType: 'send',
      status: 'confirmed',
      sentFrom: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      ...extra,
    },
    transfers: transfers ?? [{ direction: 'out', fungible_info: { symbol: 'ETH' }, quantity: { numeric: '1.5' } }],
  };
}

/** Gives the fake adapter an `activity` capability serving these pages in order (cursor = page index). */
export function withActivity(adapter: ChainAdapter, pages: Transaction[][] | (() => Promise<Page<Transaction>>)) {
  const asked: (string | undefined)[] = [];
  (adapter.capabilities as Capabilities).activity = {
    async getTransactions(request) {
      asked.push(request.cursor);
      if (typeof pages === 'function') return pages();
      const index = Number(request.cursor ?? 0);
      return index + 1 < pages.length ? { data: pages[index] ?? [], next: String(index + 1) } : { data: pages[index] ?? [] };
    },
  };
  return asked;
}

/** Gives the fake adapter an `nfts` capability serving one page. */
export function withNfts(adapter: ChainAdapter, nfts: Nft[]) {
  (adapter.capabilities as Capabilities).nfts = { getNfts: async () => ({ data: nfts }) };
}

/** Gives the fake adapter a `signMessage` capability: `answer` plays the wallet (default: a fixed signature). */
export function withSignMessage(adapter: ChainAdapter, answer: (message: string) => Promise<string> = async () => `0x${'5a'.repeat(65)}`) {
  const signed: string[] = [];
  (adapter.capabilities as Capabilities).signMessage = {
    async signMessage({ message }) {
      signed.push(message);
      return answer(message);
    },
  };
  return signed;
}

/** Makes the fake adapter's wallet run call bundles atomically (EIP-5792): the kernel reads it as a smart account. */
export function withAtomicBundles(adapter: ChainAdapter) {
  (adapter.capabilities as Capabilities).calls = {
    getCapabilities: async () => ({ '0x1': { atomic: { status: 'supported' } } }),
    sendCalls: async () => ({ id: 'bundle' }),
    getCallsStatus: async () => ({ version: '2.0.0', id: 'bundle', chainId: '0x1', status: 200, atomic: true }),
  };
}
