import type { ChainAdapter, Nft, Page, TokenBalance, Transaction, TransferOutcome, TransferRequest } from '@latch/kernel';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { LatchProvider } from '../context.js';
import { createModal, type LatchModal, type ReactModalOptions } from '../createModal.js';
import { connector, createFakeAdapter, createTestStorage, mainnet, type FakeAdapterOptions } from '@latch/testkit/kernel';
import { agreeOnShadowActiveElement, track } from '../testing/renderModal.js';

/*
 * Helpers for ui-react's own component tests: the public testing entry (src/testing, `@latch/react/testing`: opening
 * the modal and querying inside its shadow root) and, on top, the kernel fakes of @latch/testkit a third party would
 * bring themselves.
 */
export * from '../testing/renderModal.js';

// A test may focus inside a modal before any helper of the testing entry has run.
agreeOnShadowActiveElement();

/** A React modal with one EVM fake adapter (wallet 'w' unless told otherwise) and test storage. */
export function createTestModal(overrides: Partial<ReactModalOptions> = {}, adapterOptions: Partial<FakeAdapterOptions> = {}) {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], ...adapterOptions });
  const storage = createTestStorage();
  const modal = track(createModal({ networks: [mainnet], adapters: [fake.adapter], storage, ...overrides }));
  return { modal, fake, storage };
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
