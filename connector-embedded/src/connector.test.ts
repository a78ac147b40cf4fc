import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectorContext } from '@latch/kernel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isValidEmail } from './controller.js';
import { createEmbeddedWalletConnector, EMBEDDED_VIEWS } from './index.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

function context(stored: Record<string, unknown> = {}): ConnectorContext {
  const values = new Map(Object.entries(stored));
  return {
    namespaces: ['eip155', 'solana'],
    networks: () => [],
    storage: { get: (k) => values.get(k), set: (k, v) => void values.set(k, v), remove: (k) => void values.delete(k) },
    emit: () => undefined,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('createEmbeddedWalletConnector', () => {
  it('refuses bad options with a clear error', () => {
    const make = (o: object) => () => createEmbeddedWalletConnector(o as never);
    expect(make({ projectId: 'p' })).toThrow("createEmbeddedWalletConnector: serviceUrl must be an http(s) URL (got 'undefined')");
    expect(make({ projectId: 'p' })).toThrow(INVALID_OPTION);
    expect(make({ serviceUrl: 'ftp://x.example', projectId: 'p' })).toThrow('serviceUrl must be an http(s) URL');
    expect(make({ serviceUrl: 'https://w.example' })).toThrow('projectId must be the project id set on the service');
    expect(make({ serviceUrl: 'https://w.example', projectId: 'p', namespaces: ['cosmos'] })).toThrow(
      "namespaces must list 'eip155' and/or 'solana'",
    );
    expect(make({ serviceUrl: 'https://w.example', projectId: 'p', icon: 'https://cdn.example/i.png' })).toThrow(
      'icon must be a data:image/… URI',
    );
  });

  it('is one ID_AUTH entry on eip155 and solana, with an e-mail section in the Connect view and lazy views', () => {
    const plugin = createEmbeddedWalletConnector({ serviceUrl: 'https://wallet.example/', projectId: 'demo' });
    expect(plugin).toMatchObject({ id: 'embedded', name: 'Email', type: 'ID_AUTH', namespaces: ['eip155', 'solana'] });
    expect(plugin.connectSection).toBe(EMBEDDED_VIEWS.email);
    expect(Object.keys(plugin.views ?? {}).sort()).toEqual([
      'ApproveTransaction',
      'ConnectingFarcaster',
      'EmbeddedEmail',
      'EmbeddedLogins',
      'EmbeddedOtp',
      'EmbeddedRecovery',
      'SignInOptions',
      'SocialSignIn',
    ]);
    // The Account view's row for the wallet's sign-in methods (shown while connected through this wallet).
    expect(plugin.accountEntry).toEqual({ label: 'Sign-in methods', view: 'EmbeddedLogins' });
    expect(plugin.embedded.settings).toMatchObject({ serviceUrl: 'https://wallet.example', serviceOrigin: 'https://wallet.example' });
  });

  it('makes no request and creates no frame when registered, nor on restore without an earlier e-mail login (§1)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const plugin = createEmbeddedWalletConnector({ serviceUrl: 'https://wallet.example', projectId: 'demo' });
    const teardown = plugin.setup?.(context());
    expect(await plugin.restore?.({ namespaces: { eip155: [] } })).toBeNull();
    await plugin.disconnect();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(document.querySelector('iframe')).toBeNull();
    teardown?.();
  });

  it('back from a redirect sign-in (latch_social in the address), opens the social view to finish it; otherwise nothing', async () => {
    const opened: [string, unknown][] = [];
    const withViews = (): ConnectorContext => ({ ...context(), openView: async (view, data) => void opened.push([view, data]) });
    const plugin = createEmbeddedWalletConnector({ serviceUrl: 'https://wallet.example', projectId: 'demo' });
    plugin.setup?.(withViews());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(opened).toEqual([]);
    history.replaceState(null, '', '/?latch_social=abc');
    try {
      plugin.setup?.(withViews());
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(opened).toEqual([[EMBEDDED_VIEWS.social, { resume: 1 }]]);
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('connect without a signed-in visitor fails clearly', async () => {
    const plugin = createEmbeddedWalletConnector({ serviceUrl: 'https://wallet.example', projectId: 'demo' });
    plugin.setup?.(context());
    await expect(plugin.connect({ namespaces: { eip155: [] } })).rejects.toThrow('Sign in with your e-mail address first');
  });

  it('the service unreachable: the §8 network error, no frame (the modal stays usable)', async () => {
    // A port that was just free: nothing listens there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const plugin = createEmbeddedWalletConnector({ serviceUrl: `http://127.0.0.1:${port}`, projectId: 'demo' });
    plugin.setup?.(context());
    const controller = await plugin.embedded.controller();
    await expect(controller.startEmail('ada@example.com')).rejects.toMatchObject({
      message: 'Network Error - Could not load embedded wallet',
      alert: 'Network Error - Could not load embedded wallet',
    });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('refuses bad smart-account options when the wallet first loads, as an option mistake', async () => {
    const plugin = createEmbeddedWalletConnector({
      serviceUrl: 'https://wallet.example',
      projectId: 'demo',
      defaultAccountType: 'smart' as never,
    });
    plugin.setup?.(context());
    await expect(plugin.embedded.controller()).rejects.toMatchObject({
      name: 'LatchError',
      category: 'VALIDATION_ERROR',
      code: 'INVALID_OPTION',
      message: "createEmbeddedWalletConnector: defaultAccountType must be 'smartAccount' or 'eoa'",
    });
  });

  it('an invalid e-mail address is refused before anything is sent (§5)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const plugin = createEmbeddedWalletConnector({ serviceUrl: 'https://wallet.example', projectId: 'demo' });
    plugin.setup?.(context());
    const controller = await plugin.embedded.controller();
    await expect(controller.startEmail('not-an-address')).rejects.toThrow('Enter a valid e-mail address');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(isValidEmail('ada@example.com')).toBe(true);
    expect(isValidEmail('ada@localhost')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });
});
