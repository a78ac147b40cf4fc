// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { announce, createPage, SVG_ICON, walletDetail } from '../test-support/announcements.js';
import { announceWallet } from '@latch/testkit';
import { createWalletDiscovery, parseAnnouncement, REQUEST_PROVIDER_EVENT } from './eip6963.js';

describe('parseAnnouncement', () => {
  it('accepts a well-formed EIP-6963 detail and copies its fields', () => {
    const detail = walletDetail('io.metamask', { uuid: '350670db-19fa-4704-a166-e52e178b59d2', name: 'MetaMask' });
    expect(parseAnnouncement(detail)).toEqual({
      info: { uuid: '350670db-19fa-4704-a166-e52e178b59d2', name: 'MetaMask', icon: SVG_ICON, rdns: 'io.metamask' },
      provider: detail.provider,
    });
  });

  it.each([
    ['a null detail', null],
    ['a detail without info', { provider: { request: async () => null } }],
    ['a remote icon URL (would leak the visitor IP)', walletDetail('com.remote', { icon: 'https://wallet.example/icon.png' })],
    ['a data URI that is not an image', walletDetail('com.text', { icon: 'data:text/html;base64,PHNjcmlwdD4=' })],
    ['a javascript: icon', walletDetail('com.js', { icon: 'javascript:alert(1)' })],
    ['a missing uuid', walletDetail('com.nouuid', { uuid: undefined })],
    ['an empty name', walletDetail('com.noname', { name: '  ' })],
    ['an rdns that is not reverse DNS', walletDetail('x', { rdns: 'not a domain' })],
    ['an rdns without a dot', walletDetail('x', { rdns: 'metamask' })],
    ['a provider without request', walletDetail('com.norequest', { provider: { on: () => undefined } })],
    ['a missing provider', walletDetail('com.noprovider', { provider: undefined })],
  ])('rejects %s', (_label, detail) => {
    expect(parseAnnouncement(detail)).toBeUndefined();
  });

  it('survives hostile details (throwing getters)', () => {
    const hostile = Object.defineProperty({}, 'info', {
      get() {
        throw new Error('boom');
      },
    });
    expect(parseAnnouncement(hostile)).toBeUndefined();
  });
});

describe('createWalletDiscovery', () => {
  it('does nothing until the first subscriber, then listens and requests providers once', () => {
    const page = createPage();
    const requests = vi.fn();
    page.addEventListener(REQUEST_PROVIDER_EVENT, requests);
    const getTarget = vi.fn(() => page);
    const discovery = createWalletDiscovery(getTarget);
    expect(getTarget).not.toHaveBeenCalled();
    expect(requests).not.toHaveBeenCalled();

    const first = discovery.subscribe(() => {});
    const second = discovery.subscribe(() => {});
    expect(requests).toHaveBeenCalledTimes(1);
    first();
    second();
  });

  it('keeps one wallet per rdns in first-announcement order; a re-announcement replaces the provider in place', () => {
    const page = createPage();
    const discovery = createWalletDiscovery(() => page);
    const onChange = vi.fn();
    discovery.subscribe(onChange);
    const first = walletDetail('io.metamask');
    announce(page, first);
    announce(page, walletDetail('com.coinbase.wallet'));
    announce(page, walletDetail('me.rainbow'));
    const replacement = walletDetail('io.metamask');
    announce(page, replacement);

    expect(discovery.wallets().map((w) => w.info.rdns)).toEqual(['io.metamask', 'com.coinbase.wallet', 'me.rainbow']);
    expect(discovery.wallets()[0]?.provider).toBe(replacement.provider);
    expect(discovery.wallets()[0]?.provider).not.toBe(first.provider);
    expect(onChange).toHaveBeenCalledTimes(4);
  });

  it('does not report an identical re-announcement as a change', () => {
    const page = createPage();
    const discovery = createWalletDiscovery(() => page);
    const onChange = vi.fn();
    discovery.subscribe(onChange);
    const detail = walletDetail('io.metamask');
    announce(page, detail);
    announce(page, detail);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('stops listening when the last subscriber leaves', () => {
    const page = createPage();
    const discovery = createWalletDiscovery(() => page);
    const unsubscribe = discovery.subscribe(() => {});
    unsubscribe();
    announce(page, walletDetail('io.metamask'));
    expect(discovery.wallets()).toEqual([]);
  });

  it('waitFor resolves when the wallet announces itself later, within the timeout', async () => {
    const page = createPage();
    const discovery = createWalletDiscovery(() => page);
    setTimeout(() => announceWallet(page, walletDetail('io.metamask')), 20);
    const wallet = await discovery.waitFor('io.metamask', 1_000);
    expect(wallet?.info.rdns).toBe('io.metamask');
    announce(page, walletDetail('com.after'));
    expect(discovery.wallets().map((w) => w.info.rdns)).toEqual(['io.metamask']); // stopped listening
  });

  it('waitFor finds a wallet that only answers the request, synchronously', async () => {
    const page = createPage();
    announceWallet(page, walletDetail('io.metamask'), { announceOnLoad: false });
    const discovery = createWalletDiscovery(() => page);
    await expect(discovery.waitFor('io.metamask', 10_000)).resolves.toMatchObject({ info: { rdns: 'io.metamask' } });
  });

  it('waitFor gives up with undefined after the timeout', async () => {
    const page = createPage();
    const discovery = createWalletDiscovery(() => page);
    const started = Date.now();
    await expect(discovery.waitFor('io.metamask', 50)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('is inert without a target (server-side rendering)', () => {
    const discovery = createWalletDiscovery(() => undefined);
    const onChange = vi.fn();
    const unsubscribe = discovery.subscribe(onChange);
    unsubscribe();
    expect(discovery.wallets()).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });
});
