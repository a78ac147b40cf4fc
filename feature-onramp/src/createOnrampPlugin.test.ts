import { createModal } from '@latch/kernel';
import { describe, expect, it, vi } from 'vitest';
import { mainnet } from '@latch/testkit/kernel';
import { createOnrampPlugin, ONRAMP_VIEW } from './createOnrampPlugin.js';
import { DEFAULT_RESTRICTED_TIME_ZONES } from './restrictedTimeZones.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

const coinbase = { appId: 'cb-app' };

describe('createOnrampPlugin', () => {
  it('is a feature plugin for onramp with one lazily loaded view', async () => {
    const plugin = createOnrampPlugin({ providers: { coinbase }, timeZone: () => 'Europe/Paris' });
    expect(plugin.id).toBe('onramp');
    expect(plugin.feature).toBe('onramp');
    expect(Object.keys(plugin.views ?? {})).toEqual([ONRAMP_VIEW]);
    const module = await plugin.views?.[ONRAMP_VIEW]?.();
    expect(typeof module?.default).toBe('function');
  });

  it('registers with createModal when features.onramp is on, not when it is off', () => {
    const plugin = createOnrampPlugin({ providers: { coinbase } });
    const on = createModal({ networks: [mainnet], plugins: [plugin], storage: null });
    // The kernel registers a plugin while its flag is on.
    expect(plugin.feature).toBe('onramp');
    expect(on.options.features.onramp).toBe(true);
    const off = createModal({ networks: [mainnet], plugins: [plugin], storage: null, features: { onramp: false } });
    expect(off.options.features.onramp).toBe(false);
    on.destroy();
    off.destroy();
  });

  it('keeps the providers (widget URL as configured; the public one applies when building the URL), and USD by default', () => {
    const plugin = createOnrampPlugin({ providers: { coinbase, meld: { publicKey: 'pk', widgetUrl: 'http://127.0.0.1:4000/meld' } } });
    expect(plugin.onramp).toEqual({
      providers: {
        coinbase: { appId: 'cb-app', widgetUrl: undefined },
        meld: { publicKey: 'pk', widgetUrl: 'http://127.0.0.1:4000/meld' },
      },
      fiatCurrency: 'USD',
    });
  });

  it('keeps getSessionToken (Coinbase needs no appId then) and calls nothing at creation', () => {
    const getSessionToken = vi.fn(async () => 'tok');
    const plugin = createOnrampPlugin({ providers: { coinbase: { getSessionToken } } });
    expect(plugin.onramp.providers.coinbase?.getSessionToken).toBe(getSessionToken);
    expect(getSessionToken).not.toHaveBeenCalled();
  });

  it.each([
    // Without providers there is nothing to buy with.
    [undefined, 'createOnrampPlugin: configure coinbase or meld'],
    [{ providers: {} }, 'createOnrampPlugin: configure coinbase or meld'],
    [{ providers: { moonpay: {} } }, "createOnrampPlugin: unknown provider 'moonpay'"],
    [{ providers: { coinbase: { appId: '' } } }, 'createOnrampPlugin: providers.coinbase.appId is required'],
    [{ providers: { meld: {} } }, 'createOnrampPlugin: providers.meld.publicKey is required'],
    [{ providers: { coinbase: {} } }, 'createOnrampPlugin: providers.coinbase needs getSessionToken (or appId)'],
    [{ providers: { coinbase }, fiatCurrency: 'usd' }, 'createOnrampPlugin: fiatCurrency must be an ISO 4217 code'],
    [{ providers: { coinbase }, restrictedTimeZones: 'Asia/Shanghai' }, 'createOnrampPlugin: restrictedTimeZones must be an array'],
  ])('refuses bad configuration %#', (options, message) => {
    expect(() => createOnrampPlugin(options as never)).toThrow(message);
    expect(() => createOnrampPlugin(options as never)).toThrow(INVALID_OPTION);
  });
});

describe('restricted time zones (§9)', () => {
  it.each(['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'Asia/Macau'])('has no view in %s (no Buy button)', (zone) => {
    expect(DEFAULT_RESTRICTED_TIME_ZONES).toContain(zone);
    expect(createOnrampPlugin({ providers: { coinbase }, timeZone: () => zone }).views).toBeUndefined();
  });

  it.each(['Asia/Taipei', 'Asia/Singapore', 'America/New_York', undefined])('keeps its view in %s', (zone) => {
    expect(createOnrampPlugin({ providers: { coinbase }, timeZone: () => zone }).views).toBeDefined();
  });

  it('uses the integrator’s list instead of the default', () => {
    const options = { providers: { coinbase }, restrictedTimeZones: ['Europe/Paris'] };
    expect(createOnrampPlugin({ ...options, timeZone: () => 'Europe/Paris' }).views).toBeUndefined();
    expect(createOnrampPlugin({ ...options, timeZone: () => 'Asia/Shanghai' }).views).toBeDefined();
  });

  it('reads the zone when asked, not when created (the server’s zone is not the visitor’s)', () => {
    let zone = 'Europe/Paris';
    const plugin = createOnrampPlugin({ providers: { coinbase }, timeZone: () => zone });
    expect(plugin.views).toBeDefined();
    zone = 'Asia/Hong_Kong';
    expect(plugin.views).toBeUndefined();
  });
});
