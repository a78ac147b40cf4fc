// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connector, createFakeAdapter, createTestStorage, mainnet } from '@latch/testkit/kernel';

const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator', 'requestIdleCallback'];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('@latch/react on the server', () => {
  it('importing it touches no window, document, storage or network', async () => {
    vi.resetModules();
    const touched: string[] = [];
    const saved = BROWSER_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
    for (const name of BROWSER_GLOBALS) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name);
          throw new Error(`@latch/react touched ${name} on import`);
        },
      });
    }
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    let imported: Record<string, unknown> = {};
    try {
      imported = await import('./index.js');
    } finally {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete (globalThis as Record<string, unknown>)[name];
      }
    }
    expect(touched).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(typeof imported.createModal).toBe('function');
    expect(typeof imported.ConnectButton).toBe('function');
  });

  it('renders ConnectButton as the disconnected "Connect Wallet" button', async () => {
    const { renderToString } = await import('react-dom/server');
    const { createModal, LatchProvider, ConnectButton, NetworkButton } = await import('./index.js');
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const modal = createModal({ networks: [mainnet], adapters: [fake.adapter] });
    const html = renderToString(
      <LatchProvider modal={modal}>
        <ConnectButton />
        <NetworkButton />
      </LatchProvider>,
    );
    expect(html).toContain('data-testid="latch-connect-button"');
    expect(html).toMatch(/>Connect Wallet<\/button>/);
    expect(html).not.toContain('aria-busy');
    expect(html).not.toContain('latch-modal');
    expect(html).toContain(mainnet.name);
    modal.destroy();
  });

  it('still renders the disconnected button when storage says a session is connected', async () => {
    const { renderToString } = await import('react-dom/server');
    const { createModal, LatchProvider, ConnectButton } = await import('./index.js');
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const storage = createTestStorage({ '@latch/connection_status': '"connected"', '@latch/eip155:connected_connector_id': '"w"' });
    const modal = createModal({ networks: [mainnet], adapters: [fake.adapter], storage });
    await modal.reconnect();
    expect(modal.getState().status).toBe('connected');
    const html = renderToString(
      <LatchProvider modal={modal}>
        <ConnectButton />
      </LatchProvider>,
    );
    expect(html).toMatch(/>Connect Wallet<\/button>/);
    expect(html).not.toContain('0xf39F');
    modal.destroy();
  });
});
