import type { Connector, RegistryWallet } from '@latch/kernel';
import { describe, expect, it } from 'vitest';
import { connector } from '@latch/testkit/kernel';
import {
  connectMethodOrder,
  displayName,
  matchesWalletIds,
  mergeConnectors,
  safeHomepage,
  SECTION_ORDER,
  walletKey,
  walletSections,
} from './walletSections.js';

const named = (id: string, name: string, chain: Connector['chain'] = 'eip155', extra: Partial<Connector> = {}): Connector => ({
  ...connector(id, chain),
  name,
  ...extra,
});
const registry = (id: string, name: string, extra: Partial<RegistryWallet> = {}): RegistryWallet => ({
  id,
  name,
  homepage: `https://${id}.example`,
  ...extra,
});

describe('SECTION_ORDER', () => {
  it('is the §9 connector type order', () => {
    expect(SECTION_ORDER).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended']);
  });
});

describe('walletSections', () => {
  it('orders wallets walletConnect, recent, injected, featured, custom, external, recommended', () => {
    const entries = walletSections({
      connectors: [
        named('x', 'External X', 'eip155', { type: 'EXTERNAL' }),
        named('i', 'Injected I', 'eip155', { type: 'INJECTED' }),
        named('r', 'Recent R'),
        named('a', 'Announced A'),
        named('walletconnect', 'WalletConnect', 'eip155', { type: 'WALLET_CONNECT' }),
      ],
      recent: [{ id: 'r', name: 'Recent R' }],
      featured: [registry('f', 'Featured F')],
      custom: [registry('c', 'Custom C')],
      recommended: [registry('m', 'Recommended M')],
    });
    expect(entries.map((e) => [e.name, e.section])).toEqual([
      ['WalletConnect', 'walletConnect'],
      ['Recent R', 'recent'],
      ['Injected I', 'injected'],
      ['Announced A', 'injected'],
      ['Featured F', 'featured'],
      ['Custom C', 'custom'],
      ['External X', 'external'],
      ['Recommended M', 'recommended'],
    ]);
    // Registry wallets are not installed: no connector, a homepage to get them.
    expect(entries.find((e) => e.name === 'Featured F')).toMatchObject({ connectors: [], homepage: 'https://f.example' });
  });

  it('lists recent wallets newest first, once', () => {
    const entries = walletSections({
      connectors: [named('a', 'A'), named('b', 'B'), named('c', 'C')],
      recent: [
        { id: 'c', name: 'C' },
        { id: 'a', name: 'A' },
      ],
    });
    expect(entries.map((e) => `${e.name}:${e.section}`)).toEqual(['C:recent', 'A:recent', 'B:injected']);
  });

  it('hides wallets excluded by id, rdns or name, in every section', () => {
    const entries = walletSections({
      connectors: [named('a', 'A', 'eip155', { rdns: 'io.a' }), named('b', 'Bee'), named('c', 'C'), named('d', 'D')],
      recent: [],
      excluded: ['io.a', 'bee', 'd', 'Featured F'],
      featured: [registry('f', 'Featured F'), registry('g', 'G')],
    });
    expect(entries.map((e) => e.name)).toEqual(['C', 'G']);
  });

  it('never lists the auth (embedded wallet) connector as a wallet', () => {
    const entries = walletSections({ connectors: [named('auth', 'Email', 'eip155', { type: 'AUTH' }), named('a', 'A')], recent: [] });
    expect(entries.map((e) => e.name)).toEqual(['A']);
  });

  it('does not list a registry wallet that is already installed', () => {
    const entries = walletSections({
      connectors: [named('mm', 'MetaMask')],
      recent: [],
      featured: [registry('metamask', 'MetaMask'), registry('trust', 'Trust Wallet')],
      custom: [registry('t2', 'Trust')],
    });
    expect(entries.map((e) => `${e.name}:${e.section}`)).toEqual(['MetaMask:injected', 'Trust Wallet:featured']);
  });
});

describe('registry entries', () => {
  it('are links only to an http(s) homepage; others are left out', () => {
    const entries = walletSections({
      connectors: [],
      recent: [],
      custom: [
        { id: 'none', name: 'No Homepage' },
        { id: 'js', name: 'Script', homepage: 'javascript:alert(1)' },
        { id: 'data', name: 'Data', homepage: 'data:text/html,hi' },
        registry('ok', 'Fine'),
      ],
    });
    expect(entries.map((e) => [e.name, e.homepage])).toEqual([['Fine', 'https://ok.example']]);
    expect(safeHomepage(' https://x.example ')).toBe('https://x.example');
    expect(safeHomepage('http://x.example')).toBe('http://x.example');
    expect(safeHomepage('//x.example')).toBeUndefined();
    expect(safeHomepage(undefined)).toBeUndefined();
  });
});

describe('mergeConnectors', () => {
  it('merges one wallet announced on several namespaces (same rdns) into one entry', () => {
    const merged = mergeConnectors([
      named('phantom-evm', 'Phantom', 'eip155', { rdns: 'app.phantom' }),
      named('phantom-sol', 'Phantom Wallet', 'solana', { rdns: 'app.phantom' }),
      named('other', 'Other', 'solana'),
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ name: 'Phantom', namespaces: ['eip155', 'solana'] });
    expect(merged[0]?.connectors.map((c) => c.id)).toEqual(['phantom-evm', 'phantom-sol']);
  });

  it("merges 'Trust Wallet' and 'Trust' (the §9 alias) and shows it as Trust", () => {
    for (const order of [
      ['Trust Wallet', 'Trust'],
      ['Trust', 'Trust Wallet'],
    ] as const) {
      const merged = mergeConnectors([
        named('t1', order[0], 'eip155', { rdns: 'com.t1' }),
        named('t2', order[1], 'solana', { rdns: 'com.t2' }),
      ]);
      expect(merged).toHaveLength(1);
      expect(merged[0]).toMatchObject({ name: 'Trust', namespaces: ['eip155', 'solana'] });
    }
  });

  it('keeps one connector per namespace, and the first icon found', () => {
    const merged = mergeConnectors([
      named('a1', 'A', 'eip155'),
      named('a2', 'A', 'eip155', { icon: 'data:image/png;base64,AA' }),
      named('a3', 'A', 'solana', { icon: 'data:image/png;base64,BB' }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.connectors.map((c) => c.id)).toEqual(['a1', 'a3']);
    expect(merged[0]?.icon).toBe('data:image/png;base64,AA');
  });
});

describe('names', () => {
  it('walletKey folds case, spacing and the Trust alias', () => {
    expect(walletKey(' MetaMask ')).toBe('metamask');
    expect(walletKey('Trust Wallet')).toBe(walletKey('trust'));
    expect(displayName('Trust Wallet')).toBe('Trust');
    expect(displayName('Rabby Wallet')).toBe('Rabby Wallet');
  });

  it('matchesWalletIds matches id, rdns and name (with the alias), nothing else', () => {
    const wallet = { id: 'trust', name: 'Trust Wallet', rdns: 'com.trustwallet.app' };
    expect(matchesWalletIds(wallet, ['trust'])).toBe(true);
    expect(matchesWalletIds(wallet, ['com.trustwallet.app'])).toBe(true);
    expect(matchesWalletIds(wallet, ['Trust'])).toBe(true);
    expect(matchesWalletIds(wallet, ['com.trust', 'Trust Wallet 2', 'wallet'])).toBe(false);
    expect(matchesWalletIds({ id: 'x', name: 'X' }, [])).toBe(false);
  });
});

describe('connectMethodOrder (§2)', () => {
  it('is e-mail, social, wallet by default', () => {
    expect(connectMethodOrder([])).toEqual(['email', 'social', 'wallet']);
    const registryOnly = walletSections({ connectors: [], recent: [], custom: [registry('c', 'C')] });
    expect(connectMethodOrder(registryOnly)).toEqual(['email', 'social', 'wallet']);
  });

  it('puts the wallet first when an injected or announced wallet is shown', () => {
    for (const type of ['ANNOUNCED', 'INJECTED'] as const) {
      const entries = walletSections({ connectors: [named('a', 'A', 'eip155', { type })], recent: [] });
      expect(connectMethodOrder(entries)).toEqual(['wallet', 'email', 'social']);
    }
    const external = walletSections({ connectors: [named('x', 'X', 'eip155', { type: 'EXTERNAL' })], recent: [] });
    expect(connectMethodOrder(external)).toEqual(['email', 'social', 'wallet']);
  });
});
