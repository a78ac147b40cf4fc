import { describe, expect, it } from 'vitest';
import { createModal } from '../createModal.js';
import { base, connector, createFakeAdapter, mainnet, createFakeConnectorPlugin } from '@latch/testkit/kernel';
import { viewContext } from './createPluginContext.js';
import type { FeaturePlugin } from './FeaturePlugin.js';
import type { PluginContext } from './PluginContext.js';

/** A feature plugin that keeps the context its setup receives, and counts its teardowns. */
function recordingPlugin() {
  let setUp: (context: PluginContext) => void = () => undefined;
  const seen: { context: Promise<PluginContext>; setups: number; teardowns: number; openAtSetup?: boolean } = {
    context: new Promise((resolve) => (setUp = resolve)),
    setups: 0,
    teardowns: 0,
  };
  const plugin = {
    id: 'recorder',
    feature: 'send',
    views: { RecorderView: async () => ({ default: () => null }) },
    setup(context: PluginContext) {
      seen.setups++;
      setUp(context);
      // The instance exists when setup runs: the context reaches it.
      seen.openAtSetup = context.modal.getState().open;
      return () => void seen.teardowns++;
    },
  } satisfies FeaturePlugin;
  return { plugin, seen };
}

async function setupModal() {
  const { plugin, seen } = recordingPlugin();
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
  const walletconnect = createFakeConnectorPlugin({ id: 'shared' });
  const shared = { ...walletconnect.plugin, views: { SharedView: async () => ({ default: () => null }) } };
  const modal = createModal({
    networks: [mainnet, base],
    adapters: [fake.adapter],
    connectors: [shared],
    plugins: [plugin],
    storage: null,
  });
  const context = await seen.context;
  return { modal, plugin, shared, seen, context };
}

describe('the plugin context', () => {
  it('is given to setup once the instance exists, with the plugin as registered and the instance', async () => {
    const { modal, plugin, seen, context } = await setupModal();
    expect(context.plugin).toBe(plugin);
    expect(context.modal).toBe(modal);
    expect(seen.openAtSetup).toBe(false);
    expect(seen.setups).toBe(1);
    modal.destroy();
    expect(seen.teardowns).toBe(1);
  });

  it('reads the active account, network and connected namespaces, and calls subscribers on each change until unsubscribed', async () => {
    const { modal, context } = await setupModal();
    expect(context.getAccount()).toBeUndefined();
    expect(context.getNetwork()?.caipNetworkId).toBe(mainnet.caipNetworkId);
    expect(context.getNamespaces()).toEqual([]);
    let calls = 0;
    const unsubscribe = context.subscribe(() => void calls++);

    await modal.connect('w');
    expect(calls).toBeGreaterThan(0);
    expect(context.getAccount()).toMatchObject({ status: 'connected', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
    expect(context.getNamespaces()).toEqual(['eip155']);

    const beforeSwitch = calls;
    await modal.switchNetwork(base);
    expect(calls).toBeGreaterThan(beforeSwitch);
    expect(context.getNetwork()?.caipNetworkId).toBe(base.caipNetworkId);

    unsubscribe();
    const afterUnsubscribe = calls;
    await modal.disconnect();
    expect(context.getAccount()?.status).not.toBe('connected');
    expect(context.getNamespaces()).toEqual([]);
    expect(calls).toBe(afterUnsubscribe);
    modal.destroy();
  });

  it('navigates the instance it belongs to and gives the visitor its feedback', async () => {
    const { modal, context } = await setupModal();
    const other = await setupModal();
    await context.openView('RecorderView', { title: 'Recorder' });
    expect(modal.getState()).toMatchObject({ open: true, view: 'RecorderView' });
    // Pushed when the modal is open: Back returns to where the visitor was.
    await context.openView('Networks');
    expect(modal.getState().history.map((entry) => entry.view)).toEqual(['RecorderView', 'Networks']);
    context.router.goBack();
    expect(modal.getState().view).toBe('RecorderView');
    context.router.push('Networks');
    context.router.replace('WalletReceive');
    expect(modal.getState().history.map((entry) => entry.view)).toEqual(['RecorderView', 'WalletReceive']);
    context.router.reset('Connect');
    expect(modal.getState().history.map((entry) => entry.view)).toEqual(['Connect']);

    await context.feedback.showSnack('Swapped', 'success');
    expect(modal.getState().snack).toMatchObject({ open: true, message: 'Swapped', variant: 'success' });
    const alert = { id: 'recorder-alert', title: 'Careful', description: 'Something to know' };
    expect(context.feedback.showAlert(alert)).toBe(true);
    expect(modal.getState().alerts.current).toMatchObject({ id: 'recorder-alert' });
    expect(context.feedback.showAlert(alert)).toBe(false);

    // The other instance saw none of it.
    expect(other.modal.getState()).toMatchObject({ open: false, snack: { open: false } });
    expect(other.modal.getState().alerts.current).toBeUndefined();
    modal.destroy();
    other.modal.destroy();
  });

  it('is not set up for an instance destroyed before its code loaded', async () => {
    const { plugin, seen } = recordingPlugin();
    const modal = createModal({ networks: [mainnet], plugins: [plugin], storage: null });
    modal.destroy();
    // createModal's own continuation on this import was registered first, so it has run once ours does.
    await import('./createPluginContext.js');
    await Promise.resolve();
    expect(seen.setups).toBe(0);
    expect(seen.teardowns).toBe(0);
    expect(viewContext(modal, 'RecorderView')?.plugin).toBe(plugin);
  });

  it('is the one each view of a plugin reads: the feature plugin’s for its views, the connector plugin’s for its own', async () => {
    const { modal, shared, context } = await setupModal();
    expect(viewContext(modal, 'RecorderView')).toBe(context);
    const connectorContext = viewContext(modal, 'SharedView');
    expect(connectorContext?.plugin).toBe(shared);
    expect(connectorContext?.modal).toBe(modal);
    expect(viewContext(modal, 'SharedView')).toBe(connectorContext);
    expect(viewContext(modal, 'Account')).toBeUndefined();
    modal.destroy();
  });
});
