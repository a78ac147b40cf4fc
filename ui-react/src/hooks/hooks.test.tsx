import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base, connector, createFakeAdapter, createTestStorage, mainnet, solanaMainnet } from '@latch/testkit/kernel';
import { LatchProvider, useLatchModal } from '../context.js';
import { createModal, type LatchModal } from '../createModal.js';
import { cleanupModals, createTestModal, track, withSend } from '../test-support/renderModal.js';
import {
  useAccount,
  useDisconnect,
  useModal,
  useModalEvents,
  useModalState,
  useNetwork,
  useProvider,
  useSignMessage,
  useWalletInfo,
} from './hooks.js';
import { getInternals } from '@latch/kernel/internal';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupModals();
});

const EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOL_ADDRESS = 'So11111111111111111111111111111111111111112';

function wrapperFor(modal: LatchModal) {
  return ({ children }: { children?: ReactNode }) => <LatchProvider modal={modal}>{children}</LatchProvider>;
}

/** eip155 wallet 'w' (with an EIP-1193 provider object) and solana wallet 's'. */
function twoNamespaces() {
  const provider = { request: vi.fn() };
  const evm = createFakeAdapter({
    namespace: 'eip155',
    connectors: [{ ...connector('w', 'eip155'), provider, icon: 'data:image/png;base64,AA' }],
  });
  const sol = createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')] });
  const modal = track(
    createModal({ networks: [mainnet, base, solanaMainnet], adapters: [evm.adapter, sol.adapter], storage: createTestStorage() }),
  );
  return { modal, evm, sol, provider };
}

describe('useLatchModal', () => {
  it('explains what is missing without a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useLatchModal())).toThrow('Latch hooks and components need <LatchProvider modal={modal}> above them');
    expect(() => renderHook(() => useLatchModal())).toThrow(INVALID_OPTION);
  });
});

describe('useModal', () => {
  it('opens (at a view) and closes this instance, with a stable identity', async () => {
    const { modal } = createTestModal();
    const other = createTestModal().modal;
    const { result, rerender } = renderHook(() => useModal(), { wrapper: wrapperFor(modal) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    await act(() => result.current.open({ view: 'Networks' }));
    expect(modal.getState()).toMatchObject({ open: true, view: 'Networks' });
    expect(other.getState().open).toBe(false);
    act(() => void result.current.close());
    expect(modal.getState().open).toBe(false);
  });
});

describe('useAccount', () => {
  it('is disconnected, then carries the connected account', async () => {
    const { modal } = createTestModal();
    const { result } = renderHook(() => useAccount(), { wrapper: wrapperFor(modal) });
    expect(result.current).toMatchObject({ address: undefined, isConnected: false, status: 'disconnected', allAccounts: [] });
    await act(async () => void (await modal.connect('w')));
    await waitFor(() => expect(result.current.balance).toBe('1.5'));
    expect(result.current).toMatchObject({
      address: EVM_ADDRESS,
      caipAddress: `eip155:1:${EVM_ADDRESS}`,
      isConnected: true,
      status: 'connected',
      namespace: 'eip155',
      balanceSymbol: 'ETH',
      allAccounts: [{ address: EVM_ADDRESS, type: 'eoa' }],
    });
  });

  it('{ namespace } reads that namespace, not the active one', async () => {
    const { modal } = twoNamespaces();
    const wrapper = wrapperFor(modal);
    const evm = renderHook(() => useAccount({ namespace: 'eip155' }), { wrapper });
    const sol = renderHook(() => useAccount({ namespace: 'solana' }), { wrapper });
    const active = renderHook(() => useAccount(), { wrapper });
    await act(async () => void (await modal.connect('w')));
    expect(evm.result.current).toMatchObject({ address: EVM_ADDRESS, isConnected: true, status: 'connected', namespace: 'eip155' });
    // Another namespace being connected does not make this one connected.
    expect(sol.result.current).toMatchObject({ address: undefined, isConnected: false, status: 'disconnected', namespace: 'solana' });

    await act(async () => void (await modal.connect('s')));
    expect(sol.result.current).toMatchObject({ address: SOL_ADDRESS, isConnected: true, namespace: 'solana' });
    expect(active.result.current.address).toBe(SOL_ADDRESS);
    expect(evm.result.current.address).toBe(EVM_ADDRESS);
  });
});

describe('useNetwork', () => {
  it('gives the active network and switches it through the wallet', async () => {
    const { modal, fake } = createTestModal({ networks: [mainnet, base] });
    const { result } = renderHook(() => useNetwork(), { wrapper: wrapperFor(modal) });
    expect(result.current).toMatchObject({ caipNetworkId: 'eip155:1', chainId: '1' });
    expect(result.current.caipNetwork).toBe(mainnet);
    await act(async () => void (await modal.connect('w')));
    await act(() => result.current.switchNetwork(base));
    expect(result.current).toMatchObject({ caipNetworkId: 'eip155:8453', chainId: '8453' });
    expect(fake.calls.filter((c) => c.method === 'switchNetwork').map((c) => c.args)).toEqual([['eip155:8453', 'w']]);
    await act(() => result.current.switchNetwork('eip155:1'));
    expect(result.current.caipNetworkId).toBe('eip155:1');
  });

  it("reports the wallet's actual network when it is not a configured one", async () => {
    const { modal, fake } = createTestModal({ networks: [mainnet, base], allowUnsupportedChain: true });
    const { result } = renderHook(() => useNetwork(), { wrapper: wrapperFor(modal) });
    await act(async () => void (await modal.connect('w')));
    expect(result.current).toMatchObject({ isUnsupported: false, caipNetworkId: 'eip155:1' });
    await act(async () => {
      fake.emit({ type: 'networkChanged', caipNetworkId: 'eip155:4242' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current).toMatchObject({ isUnsupported: true, caipNetworkId: 'eip155:4242', chainId: 4242, namespace: 'eip155' });
    expect(result.current.caipNetwork).toBeUndefined();
    await act(async () => {
      fake.emit({ type: 'networkChanged', caipNetworkId: 'eip155:8453' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current).toMatchObject({ isUnsupported: false, caipNetworkId: 'eip155:8453' });
    expect(result.current.caipNetwork).toBe(base);
  });
});

describe('useSignMessage', () => {
  it('signs with the connected wallet, with idle → pending → success, and reports a decline as an error', async () => {
    const { modal, fake } = createTestModal();
    let answer: ((value: string) => void) | undefined;
    let decline = false;
    fake.adapter.capabilities!.signMessage = {
      signMessage: ({ message }) =>
        decline
          ? Promise.reject({ code: 4001, message: 'User rejected the request.' })
          : new Promise((r) => (answer = () => r(`sig:${message}`))),
    };
    const { result } = renderHook(() => useSignMessage(), { wrapper: wrapperFor(modal) });
    expect(result.current).toMatchObject({ status: 'idle', isPending: false, data: undefined });
    await act(async () => void (await modal.connect('w')));
    let pending: Promise<string> | undefined;
    act(() => void (pending = result.current.signMessage('hello')));
    expect(result.current.status).toBe('pending');
    await waitFor(() => expect(answer).toBeDefined()); // the wallet was asked
    await act(async () => {
      answer?.('');
      await pending;
    });
    expect(result.current).toMatchObject({ status: 'success', data: 'sig:hello', isPending: false });
    decline = true;
    await act(async () => void (await result.current.signMessage('again').catch(() => undefined)));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toMatchObject({ code: 4001, message: 'User rejected the request.' });
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: 'idle', error: undefined });
  });
});

describe('useProvider', () => {
  it("is the connected wallet's provider on that namespace only", async () => {
    const { modal, provider } = twoNamespaces();
    const wrapper = wrapperFor(modal);
    const evm = renderHook(() => useProvider('eip155'), { wrapper });
    const sol = renderHook(() => useProvider('solana'), { wrapper });
    expect(evm.result.current).toEqual({ provider: undefined });
    await act(async () => void (await modal.connect('w')));
    expect(evm.result.current.provider).toBe(provider);
    expect(evm.result.current.connectorId).toBe('w');
    expect(sol.result.current.provider).toBeUndefined();
    await act(() => modal.disconnect());
    expect(evm.result.current.provider).toBeUndefined();
  });
});

describe('useDisconnect', () => {
  it('disconnects one namespace, or all of them', async () => {
    const { modal, evm, sol } = twoNamespaces();
    const { result } = renderHook(() => useDisconnect(), { wrapper: wrapperFor(modal) });
    await modal.connect('w');
    await modal.connect('s');
    await act(() => result.current.disconnect({ namespace: 'solana' }));
    expect(modal.getState().accounts.solana?.status).toBe('disconnected');
    expect(modal.getState().accounts.eip155?.status).toBe('connected');
    expect(sol.methods()).toContain('disconnect');
    expect(evm.methods()).not.toContain('disconnect');
    await act(() => result.current.disconnect());
    expect(modal.getState().status).toBe('disconnected');
    expect(evm.methods()).toContain('disconnect');
  });
});

describe('useModalState', () => {
  it('reflects open, loading, the active namespace and the selected network', async () => {
    const { modal } = twoNamespaces();
    const { result } = renderHook(() => useModalState(), { wrapper: wrapperFor(modal) });
    expect(result.current).toEqual({ open: false, loading: false, activeNamespace: 'eip155', selectedNetworkId: 'eip155:1' });
    await act(() => modal.open());
    act(() => getInternals(modal).feedback.setLoading(true));
    expect(result.current).toMatchObject({ open: true, loading: true });
    await act(() => modal.switchNetwork(solanaMainnet));
    expect(result.current).toMatchObject({ activeNamespace: 'solana', selectedNetworkId: solanaMainnet.caipNetworkId });
  });
});

describe('useModalEvents', () => {
  it('is the latest event, with its data and a timestamp', async () => {
    const { modal } = createTestModal();
    const { result } = renderHook(() => useModalEvents(), { wrapper: wrapperFor(modal) });
    expect(result.current).toBeUndefined();
    await act(() => modal.open());
    expect(result.current).toMatchObject({ type: 'MODAL_OPEN', data: { view: 'Connect' } });
    expect(typeof result.current?.timestamp).toBe('number');
    act(() => void modal.close());
    expect(result.current).toMatchObject({ type: 'MODAL_CLOSE', data: { connected: false } });
    await act(async () => void (await modal.connect('w')));
    expect(result.current?.type).toBe('ACCOUNT_CHANGE');
    expect(result.current?.data).toEqual({ namespace: 'eip155', address: EVM_ADDRESS });
  });

  it('passes on SEND_SUCCESS and SEND_ERROR', async () => {
    const { modal, fake } = createTestModal({}, { balance: '2' });
    let refuse = false;
    withSend(fake.adapter, {
      answer: async () => (refuse ? Promise.reject({ code: 4001, message: 'User rejected the request.' }) : '0x01'),
    });
    const { result } = renderHook(() => useModalEvents(), { wrapper: wrapperFor(modal) });
    await act(async () => void (await modal.connect('w')));
    await act(async () => void (await modal.sendTransfer({ to: EVM_ADDRESS, amount: '1' })));
    expect(result.current?.type).toBe('SEND_SUCCESS');
    refuse = true;
    await act(async () => void (await modal.sendTransfer({ to: EVM_ADDRESS, amount: '1' }).catch(() => undefined)));
    expect(result.current?.type).toBe('SEND_ERROR');
  });

  it('stops listening when unmounted', async () => {
    const { modal } = createTestModal();
    const { result, unmount } = renderHook(() => useModalEvents(), { wrapper: wrapperFor(modal) });
    unmount();
    await modal.open();
    expect(result.current).toBeUndefined();
  });
});

describe('useWalletInfo', () => {
  it("is the connected wallet's name, icon and id", async () => {
    const { modal } = twoNamespaces();
    const { result } = renderHook(() => useWalletInfo(), { wrapper: wrapperFor(modal) });
    expect(result.current.walletInfo).toBeUndefined();
    await act(async () => void (await modal.connect('w')));
    expect(result.current.walletInfo).toEqual({ name: 'Wallet w', icon: 'data:image/png;base64,AA', identifier: 'w' });
    await act(() => modal.disconnect());
    expect(result.current.walletInfo).toBeUndefined();
  });
});
