// @vitest-environment happy-dom
import { privateKeyToAddress } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { anvilAccounts } from '../anvil/defaultAccounts.js';
import { announceWallet, installMockWallet, type MockWalletConfig, type MockWalletInstallation } from './announce.js';
import { MOCK_WALLET_INFO, SECOND_MOCK_WALLET_INFO } from './walletInfo.js';

interface Announcement {
  info: typeof MOCK_WALLET_INFO;
  provider: { request(args: { method: string }): Promise<unknown> };
}

const [first, second] = anvilAccounts();
const options = (privateKey: `0x${string}`) => ({
  privateKey,
  chains: [
    { chainId: 31337, rpcUrl: 'http://127.0.0.1:9' },
    { chainId: 31338, rpcUrl: 'http://127.0.0.1:9' },
  ],
  chainId: 31337,
});
const config: MockWalletConfig = {
  wallets: [
    { info: MOCK_WALLET_INFO, options: options(first!.privateKey) },
    { info: SECOND_MOCK_WALLET_INFO, options: options(second!.privateKey) },
  ],
};

const installations: MockWalletInstallation[] = [];
function install(withConfig: MockWalletConfig = config) {
  const installation = installMockWallet(withConfig);
  installations.push(installation);
  return installation;
}

function recordAnnouncements(): unknown[] {
  const details: unknown[] = [];
  window.addEventListener('eip6963:announceProvider', (event) => details.push((event as CustomEvent).detail));
  return details;
}

afterEach(() => {
  for (const installation of installations.splice(0)) installation.uninstall();
  window.localStorage.clear();
  delete (window as { ethereum?: unknown }).ethereum;
});

describe('installMockWallet', () => {
  it('announces every wallet at once with a frozen { info, provider } detail', () => {
    const details = recordAnnouncements() as Announcement[];
    const { providers } = install();
    expect(details.map((detail) => detail.info)).toEqual([MOCK_WALLET_INFO, SECOND_MOCK_WALLET_INFO]);
    expect(details[0]?.provider).toBe(providers['io.latch.testwallet']);
    expect(Object.isFrozen(details[0])).toBe(true);
    expect(Object.isFrozen(details[0]?.info)).toBe(true);
    expect((window as { __latchMockWallets?: unknown }).__latchMockWallets).toBe(providers);
  });

  it('announces again on every eip6963:requestProvider, for a dapp that loads later', () => {
    install();
    const details = recordAnnouncements() as Announcement[];
    expect(details).toHaveLength(0);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(details.map((detail) => detail.info.rdns)).toEqual([
      'io.latch.testwallet',
      'io.latch.second',
      'io.latch.testwallet',
      'io.latch.second',
    ]);
  });

  it('dispatches malformed announcements after the valid ones, and stops answering once uninstalled', () => {
    const malformed = [null, { info: { name: 'No provider' } }, 'just a string'];
    const installation = install({ ...config, malformedAnnouncements: malformed });
    const details = recordAnnouncements();
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(details.slice(2)).toEqual(malformed);
    installation.uninstall();
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(details).toHaveLength(5);
  });

  it('sets window.ethereum to the first wallet only when legacyInjected', () => {
    install();
    expect((window as { ethereum?: unknown }).ethereum).toBeUndefined();
    const { providers } = install({ ...config, legacyInjected: true });
    expect((window as { ethereum?: unknown }).ethereum).toBe(providers['io.latch.testwallet']);
  });

  it('keeps the connection and chain in localStorage, so a reloaded page reconnects silently', async () => {
    const before = install().providers['io.latch.testwallet']!;
    await before.request({ method: 'eth_requestAccounts' });
    before.switchChainFromWallet(31338);
    expect(window.localStorage.getItem('latch-mock-wallet:io.latch.testwallet:connected')).toBe('true');

    const reloaded = install();
    const address = privateKeyToAddress(first!.privateKey);
    expect(await reloaded.providers['io.latch.testwallet']!.request({ method: 'eth_accounts' })).toEqual([address]);
    expect(await reloaded.providers['io.latch.testwallet']!.request({ method: 'eth_chainId' })).toBe('0x7a6a');
    expect(await reloaded.providers['io.latch.second']!.request({ method: 'eth_accounts' })).toEqual([]);

    reloaded.providers['io.latch.testwallet']!.emitDisconnect();
    expect(window.localStorage.getItem('latch-mock-wallet:io.latch.testwallet:connected')).toBeNull();
    expect(await install().providers['io.latch.testwallet']!.request({ method: 'eth_accounts' })).toEqual([]);
  });
});

describe('ready-made wallet infos', () => {
  it.each([MOCK_WALLET_INFO, SECOND_MOCK_WALLET_INFO])('$name has a base64 SVG icon, a reverse-DNS rdns and a UUID', (info) => {
    const prefix = 'data:image/svg+xml;base64,';
    expect(info.icon.startsWith(prefix)).toBe(true);
    expect(atob(info.icon.slice(prefix.length))).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect(info.rdns).toMatch(/^io\.latch\.[a-z]+$/);
    expect(info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('names the two wallets as announced to users', () => {
    expect([MOCK_WALLET_INFO.name, SECOND_MOCK_WALLET_INFO.name]).toEqual(['Latch Test Wallet', 'Second Test Wallet']);
    expect(MOCK_WALLET_INFO.uuid).not.toBe(SECOND_MOCK_WALLET_INFO.uuid);
  });
});

describe('announceWallet', () => {
  /** The details announced on `target` while `act` runs. */
  function announcedOn(target: EventTarget, act: () => void): unknown[] {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    target.addEventListener('eip6963:announceProvider', listener);
    try {
      act();
    } finally {
      target.removeEventListener('eip6963:announceProvider', listener);
    }
    return seen;
  }

  it('announces the provider it is given at once and on every request, on any EventTarget, until uninstalled', () => {
    const page = new EventTarget();
    const provider = { request: async () => null };
    const detail = { info: MOCK_WALLET_INFO, provider };
    let uninstall = () => {};
    expect(announcedOn(page, () => (uninstall = announceWallet(page, detail)))).toEqual([detail]);
    const again = announcedOn(page, () => page.dispatchEvent(new Event('eip6963:requestProvider')));
    expect(again).toHaveLength(1);
    expect((again[0] as { provider: unknown }).provider).toBe(provider); // the same wallet, not a copy
    uninstall();
    expect(announcedOn(page, () => page.dispatchEvent(new Event('eip6963:requestProvider')))).toEqual([]);
  });

  it('with announceOnLoad false, waits for the first request (a wallet whose load-time announcement was missed)', () => {
    const page = new EventTarget();
    const detail = { info: MOCK_WALLET_INFO, provider: {} };
    expect(announcedOn(page, () => announceWallet(page, detail, { announceOnLoad: false }))).toEqual([]);
    expect(announcedOn(page, () => page.dispatchEvent(new Event('eip6963:requestProvider')))).toEqual([detail]);
  });
});
