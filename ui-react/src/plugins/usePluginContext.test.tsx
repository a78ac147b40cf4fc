import type { ConnectorPlugin, FeaturePlugin } from '@latch/kernel';
import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeConnectorPlugin } from '@latch/testkit/kernel';
import { useAccount } from '../hooks/hooks.js';
import type { ViewProps } from '../modal/views.js';
import { cleanupModals, createTestModal, openModal } from '../test-support/renderModal.js';
import { usePluginContext } from './usePluginContext.js';

afterEach(cleanupModals);

interface TipPlugin extends FeaturePlugin {
  readonly tip: { readonly label: string };
}

/**
 * A third party's view: it reads only `usePluginContext()` and the public hooks, and still gets its props (`modal`, the
 * React instance: the kernel instance the context holds, spread with the React additions).
 */
function TipView({ modal, data }: ViewProps) {
  const { plugin, getAccount, getNetwork, getNamespaces, router, feedback, modal: instance } = usePluginContext<TipPlugin>();
  const { address } = useAccount();
  return (
    <div data-testid="tip">
      <p data-testid="label">{plugin.tip.label}</p>
      <p data-testid="account">{getAccount()?.address ?? 'none'}</p>
      <p data-testid="hook-account">{address ?? 'none'}</p>
      <p data-testid="network">{getNetwork()?.name}</p>
      <p data-testid="namespaces">{getNamespaces().join(',') || 'none'}</p>
      <p data-testid="props">{`${modal.getState === instance.getState} ${(data as { title?: string } | undefined)?.title}`}</p>
      <button type="button" onClick={() => router.push('Networks')}>
        Networks
      </button>
      <button type="button" onClick={() => void feedback.showSnack('Tipped', 'success')}>
        Tip
      </button>
    </div>
  );
}

function tipModal() {
  const plugin = {
    id: 'tip',
    feature: 'send',
    tip: { label: 'Leave a tip' },
    views: { Tip: async () => ({ default: TipView }) },
  } satisfies TipPlugin;
  return createTestModal({ plugins: [plugin] }).modal;
}

describe('usePluginContext', () => {
  it("gives a plugin's view its plugin, typed, and the instance's state, and re-renders it when the account changes", async () => {
    const modal = tipModal();
    const { ui } = await openModal(modal, { view: 'Tip' as never, data: { title: 'Tip' } });
    expect((await ui.findByTestId('label')).textContent).toBe('Leave a tip');
    expect(ui.getByTestId('props').textContent).toBe('true Tip');
    expect(ui.getByTestId('account').textContent).toBe('none');
    expect(ui.getByTestId('namespaces').textContent).toBe('none');
    expect(ui.getByTestId('network').textContent).toBe(modal.getState().activeNetwork?.name);

    await act(async () => {
      await modal.connect('w', { keepOpen: true });
    });
    const address = modal.getState().account?.address as string;
    expect(address).toMatch(/^0x/);
    expect(ui.getByTestId('account').textContent).toBe(address);
    expect(ui.getByTestId('hook-account').textContent).toBe(address);
    expect(ui.getByTestId('namespaces').textContent).toBe('eip155');
  });

  it('navigates and gives feedback on its own instance', async () => {
    const modal = tipModal();
    const { ui } = await openModal(modal, { view: 'Tip' as never, data: { title: 'Tip' } });
    fireEvent.click(await ui.findByRole('button', { name: 'Tip' }));
    await act(async () => undefined);
    expect(modal.getState().snack).toMatchObject({ open: true, message: 'Tipped', variant: 'success' });
    fireEvent.click(ui.getByRole('button', { name: 'Networks' }));
    expect(modal.getState().history.map((entry) => entry.view)).toEqual(['Tip', 'Networks']);
  });

  it("gives a connector plugin's Connect-view section its connector plugin", async () => {
    const shared = createFakeConnectorPlugin({ id: 'mail', type: 'AUTH' });
    function Section() {
      const { plugin } = usePluginContext<ConnectorPlugin>();
      return <p data-testid="section">{plugin.name}</p>;
    }
    const mail = { ...shared.plugin, connectSection: 'Section', views: { Section: async () => ({ default: Section }) } };
    const { ui } = await openModal(createTestModal({ connectors: [mail] }).modal);
    expect((await ui.findByTestId('section')).textContent).toBe('Shared Wallet');
  });

  it('outside a plugin view, says where it works', () => {
    function Stray() {
      usePluginContext();
      return null;
    }
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Stray />)).toThrow("usePluginContext() works inside a plugin's view");
    } finally {
      console.error = quiet;
    }
  });
});
