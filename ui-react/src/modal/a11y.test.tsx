import type { ThemeMode } from '@latch/kernel';
import { fireEvent, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { base, mainnet, sepolia, solanaMainnet, createSiwxSessions } from '@latch/testkit/kernel';
import {
  cleanupModals,
  createTestModal,
  holdConnect,
  MODAL_ELEMENT_NAME,
  openModal,
  token,
  transaction,
  USER_REJECTED,
  waitForOwnMount,
  withActivity,
  withNfts,
  withSend,
  withSignMessage,
  withTokenBalances,
  type ModalScreen,
} from '../test-support/renderModal.js';

afterEach(cleanupModals);

/** Opens the modal at one view, in one theme, with enough state for the view to show its content. */
type ViewSetup = (themeMode: ThemeMode) => Promise<ModalScreen>;

const VIEWS: { view: string; title: string; setup: ViewSetup }[] = [
  {
    view: 'Connect',
    title: 'Connect Wallet',
    async setup(themeMode) {
      const { modal } = createTestModal({
        themeMode,
        customWallets: [{ id: 'c', name: 'Custom Wallet', homepage: 'https://custom.example' }],
      });
      const screen = await openModal(modal);
      await screen.ui.findByRole('link', { name: /Custom Wallet/ });
      return screen;
    },
  },
  {
    view: 'AllWallets',
    title: 'All Wallets',
    async setup(themeMode) {
      const { modal } = createTestModal({ themeMode });
      const screen = await openModal(modal, { view: 'AllWallets' });
      await screen.ui.findByRole('link', { name: /MetaMask/ });
      return screen;
    },
  },
  {
    view: 'ConnectingExternal (pending)',
    title: 'Wallet w',
    async setup(themeMode) {
      const { modal, fake } = createTestModal({ themeMode });
      holdConnect(fake.adapter);
      const screen = await openModal(modal);
      fireEvent.click(await screen.ui.findByRole('button', { name: /Wallet w/ }));
      await screen.ui.findByText('Continue in Wallet w');
      return screen;
    },
  },
  {
    view: 'ConnectingExternal (declined)',
    title: 'Wallet w',
    async setup(themeMode) {
      const { modal, fake } = createTestModal({ themeMode });
      fake.fail.connect = USER_REJECTED;
      const screen = await openModal(modal);
      fireEvent.click(await screen.ui.findByRole('button', { name: /Wallet w/ }));
      await screen.ui.findByRole('button', { name: 'Try again' });
      return screen;
    },
  },
  {
    view: 'Account',
    title: 'Account',
    async setup(themeMode) {
      const { modal, fake } = createTestModal({ themeMode });
      withTokenBalances(fake.adapter, [token('USDC', '12.5')]);
      await modal.connect('w');
      const screen = await openModal(modal);
      await screen.ui.findByText('USDC Token');
      return screen;
    },
  },
  {
    view: 'Account, Activity tab',
    title: 'Account',
    async setup(themeMode) {
      const { modal, fake } = createTestModal({ themeMode });
      withActivity(fake.adapter, [[transaction('0x01'), transaction('0x02', { status: 'failed' })], [transaction('0x03')]]);
      await modal.connect('w');
      const screen = await openModal(modal);
      fireEvent.click(await screen.ui.findByRole('tab', { name: 'Activity' }));
      await screen.ui.findByRole('button', { name: 'Show more' });
      return screen;
    },
  },
  {
    view: 'Account, NFTs tab',
    title: 'Account',
    async setup(themeMode) {
      const { modal, fake } = createTestModal({ themeMode });
      withNfts(fake.adapter, [
        { contract: '0xc', tokenId: '1', chainId: 'eip155:1', name: 'One', imageUrl: 'data:image/png;base64,iVBORw0KGgo=' },
        { contract: '0xc', tokenId: '2', chainId: 'eip155:1', imageUrl: 'https://elsewhere.example/2.png' },
      ]);
      await modal.connect('w');
      const screen = await openModal(modal);
      fireEvent.click(await screen.ui.findByRole('tab', { name: 'NFTs' }));
      await screen.ui.findAllByTestId('latch-nft');
      return screen;
    },
  },
  {
    view: 'WalletSend (with an error)',
    title: 'Send',
    async setup(themeMode) {
      const { modal, fake } = createTestModal({ themeMode });
      withSend(fake.adapter);
      withTokenBalances(fake.adapter, [token('ETH', '2')]);
      await modal.connect('w');
      const screen = await openModal(modal, { view: 'WalletSend' });
      fireEvent.click(await screen.ui.findByRole('button', { name: 'Review send' }));
      await screen.ui.findByRole('alert');
      return screen;
    },
  },
  {
    view: 'WalletSendSelectToken',
    title: 'Select Token',
    async setup(themeMode) {
      const { modal, fake } = createTestModal({ themeMode });
      withTokenBalances(fake.adapter, [token('ETH', '2'), token('LDT', '5', { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })]);
      await modal.connect('w');
      const screen = await openModal(modal, { view: 'WalletSendSelectToken' });
      await screen.ui.findByRole('button', { name: /LDT Token/ });
      return screen;
    },
  },
  {
    view: 'WalletSendPreview',
    title: 'Review Send',
    async setup(themeMode) {
      const { modal, fake } = createTestModal({ themeMode });
      withSend(fake.adapter);
      await modal.connect('w');
      const data = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '1', token: token('ETH', '2') };
      const screen = await openModal(modal, { view: 'WalletSendPreview', data });
      await waitFor(() => expect(screen.ui.getByTestId('latch-send-fee').textContent).toMatch(/ETH$/));
      return screen;
    },
  },
  {
    view: 'WalletSendResult',
    title: 'Send',
    async setup(themeMode) {
      const { modal, fake } = createTestModal({ themeMode });
      withSend(fake.adapter, { outcome: { status: 'failed', reason: 'Execution reverted' } });
      await modal.connect('w');
      const data = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '1', token: token('ETH', '2') };
      const screen = await openModal(modal, { view: 'WalletSendPreview', data });
      fireEvent.click(await screen.ui.findByTestId('latch-send-confirm'));
      await screen.ui.findByTestId('latch-send-result');
      return screen;
    },
  },
  {
    view: 'WalletReceive',
    title: 'Receive',
    async setup(themeMode) {
      const { modal } = createTestModal({ themeMode });
      await modal.connect('w');
      const screen = await openModal(modal, { view: 'WalletReceive' });
      await screen.ui.findByTestId('latch-receive');
      return screen;
    },
  },
  {
    view: 'Networks',
    title: 'Choose Network',
    async setup(themeMode) {
      const { modal } = createTestModal({ themeMode, networks: [mainnet, base, sepolia, solanaMainnet] });
      const screen = await openModal(modal, { view: 'Networks' });
      await screen.ui.findByRole('button', { name: /eip155 8453/ });
      return screen;
    },
  },
  {
    view: 'SIWXSignMessage',
    title: 'Sign In',
    async setup(themeMode) {
      const siwx = createSiwxSessions({ statement: 'Sign in to Example.', required: true });
      const { modal, fake } = createTestModal({ themeMode, siwx: siwx.config });
      withSignMessage(fake.adapter);
      const before = new Set(document.querySelectorAll(MODAL_ELEMENT_NAME));
      await modal.connect('w');
      const screen = await waitForOwnMount(modal, before);
      await screen.ui.findByText('Sign in to Example.');
      return screen;
    },
  },
  {
    view: 'UnsupportedChain',
    title: 'Switch Network',
    async setup(themeMode) {
      const { modal } = createTestModal({ themeMode, networks: [mainnet, base] }, { walletNetwork: 'eip155:999' });
      const before = new Set(document.querySelectorAll(MODAL_ELEMENT_NAME));
      await modal.connect('w');
      const screen = await waitForOwnMount(modal, before);
      await screen.ui.findByTestId('latch-unsupported');
      return screen;
    },
  },
];

function reactProps(el: Element): Record<string, unknown> {
  const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
  return key ? ((el as unknown as Record<string, Record<string, unknown>>)[key] ?? {}) : {};
}

function isNativeControl(el: Element): boolean {
  return el instanceof HTMLButtonElement || el instanceof HTMLInputElement || (el instanceof HTMLAnchorElement && el.hasAttribute('href'));
}

/** Everything a visitor can act on must be a real button, link or input that Tab (or arrows, for tabs) reaches. */
function interactionProblems(root: HTMLElement): string[] {
  const problems: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    const props = reactProps(el);
    const label = `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">${(el.textContent ?? '').slice(0, 30)}`;
    const role = el.getAttribute('role');
    if ((props.onClick || props.onChange || props.onPointerDown) && !isNativeControl(el))
      problems.push(`${label}: handles clicks but is not a button, link or input`);
    // The backdrop is the one pointer-only target: Esc and the Close button do the same by keyboard.
    if (props.onMouseDown && !el.classList.contains('overlay')) problems.push(`${label}: mousedown handler`);
    if (role && ['button', 'link', 'tab', 'checkbox', 'switch', 'menuitem', 'option'].includes(role) && !isNativeControl(el))
      problems.push(`${label}: role=${role} on a non-native element`);
    if (el instanceof HTMLAnchorElement && !el.hasAttribute('href')) problems.push(`${label}: link without href`);
    if (!isNativeControl(el)) continue;
    const tabIndex = (el as HTMLElement).tabIndex;
    if (tabIndex > 0) problems.push(`${label}: positive tabindex`);
    if (tabIndex < 0 && role !== 'tab') problems.push(`${label}: removed from the Tab order`);
    if (role === 'tab' && !el.closest('[role="tablist"]')?.querySelector('[role="tab"][tabindex="0"]'))
      problems.push(`${label}: no tab in its list is reachable`);
  }
  return problems;
}

async function seriousViolations(root: HTMLElement): Promise<string[]> {
  // happy-dom has no layout, so contrast is checked by the browser e2e suite instead.
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe.each(['dark', 'light'] as const)('every view in %s mode', (themeMode) => {
  it.each(VIEWS)('$view: named dialog, real controls, no serious axe violation', async ({ title, setup }) => {
    const { ui, root } = await setup(themeMode);
    expect(root.dataset.theme).toBe(themeMode);
    const dialog = ui.getByRole('dialog', { name: title });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(interactionProblems(root)).toEqual([]);
    expect(await seriousViolations(root)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('catch a clickable <div>, a dead link and a nameless button', async () => {
    const { modal } = createTestModal();
    const { root } = await openModal(modal);
    const body = await waitFor(() => root.querySelector('.body ul') as HTMLElement);
    const fake = document.createElement('div');
    fake.setAttribute('role', 'button');
    body.append(fake, document.createElement('a'), document.createElement('button'));
    expect(interactionProblems(root).join('\n')).toMatch(/role=button on a non-native element[\s\S]*link without href/);
    const violations = await seriousViolations(root);
    expect(violations.some((v) => v.startsWith('button-name'))).toBe(true);
  });
});
