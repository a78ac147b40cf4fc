import { type FeaturePlugin, LatchError } from '@latch/kernel';
import { configure, fireEvent, getConfig, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { connector, createFakeAdapter, createTestStorage, mainnet } from '@latch/testkit/kernel';
import { usePluginContext } from '../plugins/usePluginContext.js';
import { cleanupModals, MODAL_ELEMENT_NAME, renderModal, screenIn, waitForView } from './index.js';

// The public testing entry as a third party uses it (imported from its index, the wallet from the testkit's fakes).

afterEach(() => cleanupModals());

/** A third party's view: it names the connected account, and offers a button to its second view. */
function HelloView() {
  const { getAccount, router } = usePluginContext();
  return (
    <div data-testid="hello">
      <p data-testid="hello-account">{getAccount()?.address ?? 'none'}</p>
      <button type="button" onClick={() => router.push('Bye' as never)}>
        Bye
      </button>
    </div>
  );
}

const plugin = {
  id: 'hello',
  feature: 'send',
  // Each view is its own module, loaded on first use, as a published plugin's are.
  views: { Hello: async () => ({ default: HelloView }), Bye: async () => ({ default: () => <p data-testid="bye">Bye</p> }) },
} satisfies FeaturePlugin;

/** A view whose code loads only once the test calls `release()`; `asked` resolves when the modal asks for it. */
function heldView(View: () => ReactElement) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  const loader = async () => {
    markAsked();
    await gate;
    return { default: View };
  };
  return { loader, asked, release };
}

const wallet = () => ({
  networks: [mainnet],
  adapters: [createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] }).adapter],
  storage: createTestStorage(),
});

describe('@latch/react/testing', () => {
  it('renderModal connects the wallet it names and resolves with the plugin view it opens at already shown', async () => {
    const { modal, ui, host, root } = await renderModal({ ...wallet(), plugins: [plugin], connect: 'w', open: { view: 'Hello' as never } });
    // getBy, not findBy: the view is there when renderModal resolves.
    expect(ui.getByTestId('hello-account').textContent).toBe(modal.getState().account?.address);
    expect(ui.getByTestId('hello-account').textContent).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(host.localName).toBe(MODAL_ELEMENT_NAME);
    expect(host.shadowRoot?.contains(root)).toBe(true);
  });

  it('renderModal resolves with the view it opens at shown, however long that view’s code takes to load', async () => {
    const hello = heldView(HelloView);
    const slow = { ...plugin, views: { Hello: hello.loader } } satisfies FeaturePlugin;
    let resolved = false;
    const rendering = renderModal({ ...wallet(), plugins: [slow], connect: 'w', open: { view: 'Hello' as never } }).then((screen) => {
      resolved = true;
      return screen;
    });
    await hello.asked;
    await waitFor(() => expect(document.querySelector(MODAL_ELEMENT_NAME)?.shadowRoot?.querySelector('.latch-root')).toBeTruthy());
    expect(resolved).toBe(false);
    hello.release();
    const { ui } = await rendering;
    expect(ui.getByTestId('hello-account').textContent).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('without connect or open, the modal shows its first view, the wallet list', async () => {
    const { modal, ui } = await renderModal({ ...wallet(), plugins: [plugin] });
    expect(modal.getState().account).toBeFalsy();
    expect(await ui.findByRole('button', { name: /Wallet w/ })).toBeTruthy();
  });

  it('after a click, waitForView resolves once the new view’s code has loaded, the view then shown', async () => {
    const bye = heldView(() => <p data-testid="bye">Bye</p>);
    const gated = { ...plugin, views: { ...plugin.views, Bye: bye.loader } } satisfies FeaturePlugin;
    const { modal, ui } = await renderModal({ ...wallet(), plugins: [gated], connect: 'w', open: { view: 'Hello' as never } });
    fireEvent.click(ui.getByRole('button', { name: 'Bye' }));
    let loaded = false;
    const waiting = waitForView(modal).then(() => {
      loaded = true;
    });
    await bye.asked;
    expect(loaded).toBe(false);
    bye.release();
    await waiting;
    expect(ui.getByTestId('bye').textContent).toBe('Bye');
  });

  it('cleanupModals removes every modal renderModal made, and destroys it', async () => {
    const first = await renderModal({ ...wallet(), connect: 'w' });
    await renderModal(wallet());
    expect(document.querySelectorAll(MODAL_ELEMENT_NAME)).toHaveLength(2);
    await cleanupModals();
    expect(document.querySelectorAll(MODAL_ELEMENT_NAME)).toHaveLength(0);
    expect(first.host.isConnected).toBe(false);
  });
});

describe('a modal that never shows', () => {
  it("ends the wait with a LatchError naming the missing part (code 'MODAL_NOT_RENDERED')", async () => {
    const empty = document.body.appendChild(document.createElement('div'));
    // The wait is Testing Library's: it gives up after the timeout the tests configured. Nothing will ever render here,
    // so a short one says the same as the shared 20 s, without holding a worker for them.
    const { asyncUtilTimeout } = getConfig();
    configure({ asyncUtilTimeout: 300 });
    const failure = await screenIn(empty)
      .then(
        () => undefined,
        (error: unknown) => error,
      )
      .finally(() => configure({ asyncUtilTimeout }));
    expect(failure).toBeInstanceOf(LatchError);
    expect(failure).toMatchObject({ code: 'MODAL_NOT_RENDERED', category: 'INTERNAL_SDK_ERROR' });
    expect((failure as Error).message).toContain('the modal root has not rendered yet');
  });
});
