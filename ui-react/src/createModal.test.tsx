import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectButton } from './components/ConnectButton.js';
import { LatchModalHost, Modal } from './components/ModalHost.js';
import { NetworkButton } from './components/NetworkButton.js';
import {
  cleanupModals,
  createTestModal,
  MODAL_ELEMENT_NAME,
  waitForView,
  openModal,
  renderWithModal,
  screenIn,
  shadowCss,
} from './test-support/renderModal.js';
import { getInternals } from '@latch/kernel/internal';

// Records the first evaluation of the modal's lazily loaded modules.
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('./mount/mountModal.js', async (original) => (loaded.push('mountModal'), original()));
vi.mock('./modal/ModalRoot.js', async (original) => (loaded.push('ModalRoot'), original()));
vi.mock('./modal/Dialog.js', async (original) => (loaded.push('Dialog'), original()));
vi.mock('./views/ConnectView.js', async (original) => (loaded.push('ConnectView'), original()));
vi.mock('./views/AccountView.js', async (original) => (loaded.push('AccountView'), original()));

afterEach(cleanupModals);

const modalElements = () => document.querySelectorAll(MODAL_ELEMENT_NAME);

describe('before the first open', () => {
  // Must run first in this file: module evaluation is recorded once per file.
  it('appends nothing and loads no modal or view code, even with the host buttons rendered', async () => {
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
    const { modal } = createTestModal();
    await new Promise((resolve) => setTimeout(resolve, 10));
    observer.disconnect();
    expect(mutations.map((m) => m.target.nodeName)).toEqual([]);
    expect(modalElements()).toHaveLength(0);

    const { getByTestId } = renderWithModal(
      modal,
      <>
        <ConnectButton />
        <NetworkButton />
      </>,
    );
    expect(getByTestId('latch-connect-button').textContent).toBe('Connect Wallet');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(modalElements()).toHaveLength(0);
    expect(loaded).toEqual([]);

    fireEvent.click(getByTestId('latch-connect-button'));
    await waitFor(() => expect(modalElements()).toHaveLength(1));
    await waitFor(() => expect(loaded).toEqual(expect.arrayContaining(['mountModal', 'ModalRoot', 'Dialog', 'ConnectView'])));
    expect(loaded).not.toContain('AccountView');
  });
});

describe('opening', () => {
  it('appends exactly one <latch-modal> to body, with an open shadow root holding the dialog and the stylesheet', async () => {
    const { modal } = createTestModal();
    const { host, shadow, ui } = await openModal(modal);
    expect(host.parentElement).toBe(document.body);
    expect(host.shadowRoot).toBe(shadow);
    expect(shadow.mode).toBe('open');
    expect(shadowCss(shadow)).toContain('.dialog');
    expect(shadowCss(shadow)).toContain('prefers-reduced-motion');
    expect(await ui.findByRole('dialog')).toBeTruthy();
    // The dialog is in the shadow tree, not the page's.
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    await act(async () => void modal.close());
    await act(async () => modal.open({ view: 'Networks' }));
    await act(async () => modal.open());
    expect(modalElements()).toHaveLength(1);
    expect(await ui.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
  });

  it('preloading mounts the modal closed and warms it off screen: no dialog, no request, nothing left behind', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { modal } = createTestModal();
    await modal.prefetch();
    const host = modalElements()[0] as HTMLElement;
    expect(host.shadowRoot?.querySelector('[role="dialog"]')).toBeNull();
    const sample = host.shadowRoot?.querySelector('[inert]');
    if (sample) expect(sample.getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(host.shadowRoot?.querySelector('[inert]')).toBeNull());
    expect(modal.getState().open).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("with its code preloaded, an open renders the dialog and its wallet list synchronously, in the click's own task", async () => {
    const { modal } = createTestModal();
    await modal.prefetch();
    let timerFired = false;
    setTimeout(() => (timerFired = true), 0);
    const opening = modal.open();
    // Microtasks only: whatever renders here renders before the browser's next frame.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(timerFired).toBe(false);
    const shadow = modalElements()[0]?.shadowRoot;
    const dialog = shadow?.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-busy')).toBeNull();
    expect(shadow?.querySelector('[data-testid="latch-wallet-list"]')?.textContent).toContain('Wallet w');
    await act(() => opening);
  });

  it("for a connected visitor, preloading warms nothing of the Connect view, and the Account view opens in the click's own task", async () => {
    const { modal } = createTestModal();
    await act(() => modal.connect('w'));
    // The warm-up removes its off-screen sample on a frame: with frames held, a sample would still be there.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    try {
      await act(() => modal.prefetch());
    } finally {
      vi.unstubAllGlobals();
    }
    const host = modalElements()[0] as HTMLElement;
    // No off-screen sample: the next open is the Account view, not the Connect view, so nothing of it is warmed.
    expect(host.shadowRoot?.querySelector('[inert]')).toBeNull();
    expect(host.shadowRoot?.querySelector('[role="dialog"]')).toBeNull();
    let timerFired = false;
    setTimeout(() => (timerFired = true), 0);
    const opening = modal.open({ view: 'Account' });
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(timerFired).toBe(false);
    const shadow = host.shadowRoot;
    expect(shadow?.querySelector('[role="dialog"]')?.getAttribute('aria-busy')).toBeNull();
    expect(shadow?.querySelector('[data-testid="latch-account-name"]')?.textContent).toBeTruthy();
    await act(() => opening);
  });

  it('without its code, a loading shell shows at once in the theme, and the modal takes over the same element', async () => {
    const { modal } = createTestModal({ themeMode: 'light' });
    const opening = modal.open();
    const host = modalElements()[0] as HTMLElement;
    const shell = host.shadowRoot?.querySelector('[role="dialog"]');
    expect(shell?.getAttribute('aria-busy')).toBe('true');
    expect(shell?.getAttribute('aria-label')).toBe('Connect Wallet');
    // In the theme, from a stylesheet, with no style attribute a strict CSP (no 'unsafe-inline' styles) would refuse.
    const root = host.shadowRoot as ShadowRoot;
    const css = [
      ...root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)),
      ...[...root.querySelectorAll('style')].map((style) => style.textContent ?? ''),
    ].join('\n');
    expect(css.replace(/\s/g, '')).toMatch(/\.d\{[^}]*background:(#fff|rgb\(255,255,255\))/);
    expect(root.querySelectorAll('[style]')).toHaveLength(0);
    await act(() => opening);
    expect(modalElements()).toHaveLength(1);
    expect(modalElements()[0]).toBe(host);
    expect(host.shadowRoot?.querySelector('[aria-busy="true"]')).toBeNull();
    const ui = within(host.shadowRoot as unknown as HTMLElement);
    expect(await ui.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
    expect(await ui.findByTestId('latch-wallet-list')).toBeTruthy();
  });

  it('never adds a <style> or <link> to the page, through a whole session', async () => {
    const added: string[] = [];
    const observer = new MutationObserver((records) =>
      records.forEach((r) => r.addedNodes.forEach((n) => ['STYLE', 'LINK'].includes(n.nodeName) && added.push(n.nodeName))),
    );
    observer.observe(document.documentElement, { childList: true, subtree: true });
    const { modal } = createTestModal({ themeMode: 'light', themeVariables: { '--latch-accent': '#ff0000' } });
    const { getByTestId } = renderWithModal(
      modal,
      <>
        <ConnectButton />
        <LatchModalHost />
      </>,
    );
    const { ui } = await openModal(modal);
    fireEvent.click(await ui.findByRole('button', { name: /All Wallets/ }));
    await waitForView(modal);
    await ui.findByRole('searchbox');
    fireEvent.click(ui.getByRole('button', { name: 'Back' }));
    fireEvent.click(await ui.findByRole('button', { name: /Wallet w/ }));
    await waitFor(() => expect(getByTestId('latch-account-button')).toBeTruthy());
    modal.setThemeMode('dark');
    await act(async () => modal.open());
    await waitForView(modal);
    await ui.findByTestId('latch-account');
    await act(async () => modal.open({ view: 'Networks' }));
    await waitForView(modal);
    await ui.findByTestId('latch-networks');
    observer.disconnect();
    expect(added).toEqual([]);
    expect(document.head.querySelectorAll('style, link')).toHaveLength(0);
    expect(document.querySelectorAll('style, link[rel="stylesheet"]')).toHaveLength(0);
  });

  it('puts the fallback <style> inside the shadow root when constructable sheets are missing', async () => {
    const Sheet = globalThis.CSSStyleSheet;
    vi.stubGlobal('CSSStyleSheet', undefined);
    try {
      const { modal } = createTestModal();
      const { shadow } = await openModal(modal);
      expect(shadow.querySelectorAll('style')).toHaveLength(1);
      expect(shadowCss(shadow)).toContain('.dialog');
      expect(document.head.querySelectorAll('style')).toHaveLength(0);
    } finally {
      vi.stubGlobal('CSSStyleSheet', Sheet);
      vi.unstubAllGlobals();
    }
  });
});

describe('append: false', () => {
  it('appends nothing to body; <LatchModalHost/> renders the modal where it is placed', async () => {
    const { modal } = createTestModal({ append: false });
    const { container } = renderWithModal(
      modal,
      <aside data-testid="slot">
        <LatchModalHost />
      </aside>,
    );
    await act(async () => modal.open());
    expect(modalElements()).toHaveLength(0);
    const slot = within(container).getByTestId('slot');
    const host = slot.querySelector('[data-latch-host]') as HTMLElement;
    await waitForView(modal);
    const { ui, shadow } = await screenIn(host);
    expect(await ui.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
    expect(shadowCss(shadow)).toContain('.dialog');
    await act(async () => void modal.close());
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
  });
});

describe('embedded mode', () => {
  it('renders inline without opening, has no close button and is not an aria-modal', async () => {
    const { modal } = createTestModal({ enableEmbedded: true });
    const { container } = renderWithModal(modal, <Modal embedded />);
    await waitForView(modal);
    const { ui, root } = await screenIn(container.querySelector('[data-latch-host]') as HTMLElement);
    const dialog = await ui.findByRole('dialog', { name: 'Connect Wallet' });
    expect(dialog.hasAttribute('aria-modal')).toBe(false);
    expect(ui.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(root.querySelector('.overlay')?.classList.contains('inline')).toBe(true);
    await act(async () => modal.open());
    expect(modalElements()).toHaveLength(0);
    expect(modal.ui).toEqual({ append: false, embedded: true });
  });

  it('close goes to Connect when disconnected and to Account when connected (§4)', async () => {
    const { modal } = createTestModal({ enableEmbedded: true });
    const { container } = renderWithModal(modal, <Modal embedded />);
    await waitForView(modal);
    const { ui } = await screenIn(container.querySelector('[data-latch-host]') as HTMLElement);
    await ui.findByRole('dialog', { name: 'Connect Wallet' });
    act(() => getInternals(modal).router.push('AllWallets'));
    await waitForView(modal);
    await ui.findByRole('dialog', { name: 'All Wallets' });
    act(() => void modal.close());
    await ui.findByRole('dialog', { name: 'Connect Wallet' });
    fireEvent.keyDown(ui.getByRole('dialog'), { key: 'Escape' });
    expect(ui.getByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();

    await act(async () => void (await modal.connect('w')));
    act(() => getInternals(modal).router.push('Networks'));
    await waitForView(modal);
    await ui.findByRole('dialog', { name: 'Choose Network' });
    act(() => void modal.close());
    await waitForView(modal);
    expect(await ui.findByRole('dialog', { name: 'Account' })).toBeTruthy();
  });

  it('after connecting a wallet from the list, it shows the Account view', async () => {
    const { modal } = createTestModal({ enableEmbedded: true });
    const { container } = renderWithModal(modal, <Modal embedded />);
    await waitForView(modal);
    const { ui } = await screenIn(container.querySelector('[data-latch-host]') as HTMLElement);
    fireEvent.click(await ui.findByRole('button', { name: /Wallet w/ }));
    await waitFor(() => expect(modal.getState().view).toBe('Account'));
    await waitForView(modal);
    expect(await ui.findByRole('dialog', { name: 'Account' })).toBeTruthy();
    expect(modal.getState().status).toBe('connected');
  });
});

describe('instances', () => {
  it('two instances have their own element and their own state', async () => {
    const a = createTestModal();
    const b = createTestModal();
    const screenA = await openModal(a.modal);
    const screenB = await openModal(b.modal);
    expect(modalElements()).toHaveLength(2);
    expect(screenA.host).not.toBe(screenB.host);

    fireEvent.click(await screenA.ui.findByRole('button', { name: /Wallet w/ }));
    await waitFor(() => expect(a.modal.getState().status).toBe('connected'));
    await waitFor(() => expect(screenA.ui.queryByRole('dialog')).toBeNull());
    expect(b.modal.getState().status).toBe('disconnected');
    expect(await screenB.ui.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
    expect(b.fake.methods()).not.toContain('connect');

    b.modal.setThemeMode('light');
    await waitFor(() => expect(screenB.root.dataset.theme).toBe('light'));
    expect(screenA.root.dataset.theme).toBe('dark');
  });

  it('destroy removes its element and leaves the other instance mounted', async () => {
    const a = createTestModal();
    const b = createTestModal();
    const screenA = await openModal(a.modal);
    const screenB = await openModal(b.modal);
    a.modal.destroy();
    await waitFor(() => expect(screenA.host.isConnected).toBe(false));
    expect(screenB.host.isConnected).toBe(true);
    expect(modalElements()).toHaveLength(1);
  });
});
