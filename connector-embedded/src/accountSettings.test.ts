import type { SessionNamespace } from '@latch/kernel';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { network, signIn, startProjectServer, USER, watch } from './test-support/frameStandIn.js';

/*
 * The §3 settings the embedded wallet keeps on the service's origin, not in the host page: the visitor's preferred
 * account type ("set preferred account {type}") and the smart-account-enabled networks, with their §8 fallbacks. The
 * frame is a stand-in window that answers as the frame would (its side is service-embedded-wallet's controller tests).
 */

let server: Awaited<ReturnType<typeof startProjectServer>>;
beforeAll(async () => {
  server = await startProjectServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  for (const frame of document.querySelectorAll('iframe')) frame.remove();
});

const SMART = { smartAccount: { bundlerUrls: { 31337: 'http://127.0.0.1:9/bundler' } } };

/** Signed in as `user`; the session asks the frame for its smart-account networks, answered with `networks`. */
async function session(user: object, networks: { ok: number[] } | { error: string }) {
  const setup = await signIn(server.serviceUrl, SMART, user);
  const pending = watch(setup.controller.session({ namespaces: { eip155: [network] } }));
  if ('ok' in networks) await setup.frame.answer('account:networks', 'success', { smartAccountEnabledNetworks: networks.ok });
  else await setup.frame.answer('account:networks', 'error', { message: networks.error });
  const part = (pending().value as { namespaces: { eip155: SessionNamespace } } | undefined)?.namespaces.eip155;
  if (!part) throw new Error(`no session: ${String(pending().error)}`);
  return { ...setup, part };
}

describe("the embedded wallet's account settings live in the frame", () => {
  it('the session asks the frame for the smart-account networks (the chains given a bundler) and starts on the type the frame kept', async () => {
    const { frame, part } = await session({ ...USER, preferredAccountType: 'eoa' }, { ok: [31337] });
    expect(frame.last('account:networks')?.payload).toEqual({ offered: [31337] });
    // The frame's kept choice wins over the connector's default (smartAccount).
    expect(part.accountTypes).toEqual({ active: 'eoa', available: ['eoa', 'smartAccount'] });
    expect(part.smartAccountNetworks).toEqual([31337]);
  });

  it('a failed smart-account networks fetch is an empty list: no network offers the smart account, the key is used', async () => {
    const { part } = await session({ ...USER, preferredAccountType: 'smartAccount' }, { error: 'Something went wrong' });
    expect(part.smartAccountNetworks).toEqual([]);
    expect(part.accountTypes?.active).toBe('eoa');
    expect(await (part.provider as { request(a: { method: string }): Promise<unknown> }).request({ method: 'eth_accounts' })).toEqual([
      USER.addresses.eip155,
    ]);
  });

  it('the preferred-type change goes to the frame ("set preferred account"); the host page stores nothing of it', async () => {
    const { controller, frame, stored } = await session({ ...USER, preferredAccountType: 'eoa' }, { ok: [] });
    const changing = watch(controller.setPreferredAccountType('eip155', 'smartAccount'));
    await frame.answer('account:preferred', 'success', { preferredAccountType: 'smartAccount' });
    expect(frame.last('account:preferred')?.payload).toEqual({ type: 'smartAccount' });
    expect(changing()).toMatchObject({ done: true, value: { accountTypes: { available: ['eoa', 'smartAccount'] } } });
    expect(controller.state.user?.preferredAccountType).toBe('smartAccount');
    expect([...stored.keys()]).toEqual(['login']);
  });

  it('a failed preferred-account set falls back to eoa: the change fails with the reason and the key stays in use', async () => {
    const { controller, frame, part } = await session({ ...USER, preferredAccountType: 'eoa' }, { ok: [] });
    const changing = watch(controller.setPreferredAccountType('eip155', 'smartAccount'));
    await frame.answer('account:preferred', 'error', { message: 'Something went wrong' });
    expect(changing()).toMatchObject({ done: true, error: { message: 'Something went wrong' } });
    const provider = part.provider as { accountType(): string; request(a: { method: string }): Promise<unknown> };
    expect(provider.accountType()).toBe('eoa');
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([USER.addresses.eip155]);
    expect(controller.state.user?.preferredAccountType).toBe('eoa');
  });
});
