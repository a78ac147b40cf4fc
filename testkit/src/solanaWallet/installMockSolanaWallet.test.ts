// @vitest-environment happy-dom
import type { Wallet } from '@wallet-standard/base';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installMockSolanaWallet, registerMockSolanaWallet } from './installMockSolanaWallet.js';
import { createMockSolanaWallet } from './mockSolanaWallet.js';
import { solanaAddressFromSeed } from './walletKey.js';
import { MOCK_SOLANA_WALLET_NAME, MULTICHAIN_WALLET_NAME } from './walletNames.js';

// The app side of the handshake: not a testkit dependency, but installed in the workspace for adapter-solana.
const loadApp = () => import('@wallet-standard/app');

const chains = [{ chain: 'solana:LatchLoca1So1anaGenesisHash11111' as const, rpcUrl: 'http://127.0.0.1:9' }];
const wallet = (name: string, seed = '07'.repeat(32)) => createMockSolanaWallet({ secretKeySeed: seed, name, chains });

afterEach(() => {
  window.localStorage.clear();
});

describe('Wallet Standard registration', () => {
  // These two run in order: the first calls getWallets() for the first time in this module graph.
  it('a wallet registered before the app loads is found when the app calls getWallets()', async () => {
    const early = wallet('Early Wallet');
    registerMockSolanaWallet(early);
    const { getWallets } = await loadApp();
    expect(getWallets().get()).toContain(early);
  });

  it('a wallet registered after the app is ready is announced to it at once', async () => {
    const { getWallets } = await loadApp();
    const registered = vi.fn();
    const off = getWallets().on('register', registered);
    const late = wallet('Late Wallet');
    registerMockSolanaWallet(late);
    off();
    expect(registered).toHaveBeenCalledWith(late);
    expect(getWallets().get()).toContain(late);
  });

  it('follows the raw events of the spec: register-wallet carries a callback, app-ready a register API', () => {
    const registeredByApp: Wallet[] = [];
    const api = { register: (...wallets: Wallet[]) => (registeredByApp.push(...wallets), () => undefined) };
    const callbacks: ((app: typeof api) => void)[] = [];
    const collect = (event: Event) => callbacks.push((event as CustomEvent).detail as (app: typeof api) => void);
    window.addEventListener('wallet-standard:register-wallet', collect);
    const raw = wallet('Raw Events Wallet');
    registerMockSolanaWallet(raw);
    window.removeEventListener('wallet-standard:register-wallet', collect);
    expect(callbacks).toHaveLength(1);
    callbacks[0]!(api);
    const appReady = Object.assign(new Event('wallet-standard:app-ready'), { detail: api });
    window.dispatchEvent(appReady);
    expect(registeredByApp.filter((entry) => entry === raw)).toHaveLength(2);
  });
});

describe('installMockSolanaWallet', () => {
  it('registers every wallet and exposes them by name for test control', async () => {
    const { getWallets } = await loadApp();
    const { wallets } = installMockSolanaWallet({
      wallets: [
        { secretKeySeed: '08'.repeat(32), name: MULTICHAIN_WALLET_NAME, chains },
        { secretKeySeed: '09'.repeat(32), chains },
      ],
    });
    expect(Object.keys(wallets)).toEqual(['Latch Test Wallet', MOCK_SOLANA_WALLET_NAME]);
    expect((window as unknown as { __latchMockSolanaWallets: unknown }).__latchMockSolanaWallets).toBe(wallets);
    for (const installed of Object.values(wallets)) expect(getWallets().get()).toContain(installed);
    expect(() =>
      installMockSolanaWallet({
        wallets: [
          { secretKeySeed: '08'.repeat(32), chains },
          { secretKeySeed: '09'.repeat(32), chains },
        ],
      }),
    ).toThrow(/two wallets/);
  });

  it('remembers the authorisation in localStorage, so a reloaded page reconnects silently', async () => {
    const before = installMockSolanaWallet({ wallets: [{ secretKeySeed: '0a'.repeat(32), chains }] }).wallets[MOCK_SOLANA_WALLET_NAME]!;
    await before.features['standard:connect'].connect();
    expect(window.localStorage.getItem(`latch-mock-solana-wallet:${MOCK_SOLANA_WALLET_NAME}:connected`)).toBe('true');

    const reloaded = installMockSolanaWallet({ wallets: [{ secretKeySeed: '0a'.repeat(32), chains }] }).wallets[MOCK_SOLANA_WALLET_NAME]!;
    const { accounts } = await reloaded.features['standard:connect'].connect({ silent: true });
    expect(accounts.map((account) => account.address)).toEqual([await solanaAddressFromSeed('0a'.repeat(32))]);

    reloaded.disconnectFromWallet();
    expect(window.localStorage.getItem(`latch-mock-solana-wallet:${MOCK_SOLANA_WALLET_NAME}:connected`)).toBeNull();
  });
});
