import { describe, expect, it } from 'vitest';
import { buildDeepLink, detectPlatform, isPairingUri, nativePrefix, reusesLivePairing, universalPrefix } from './deepLinks.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

const TOPIC = 'a'.repeat(64);
const KEY = 'b'.repeat(64);
const URI = `wc:${TOPIC}@2?relay-protocol=irn&symKey=${KEY}&expiryTimestamp=1700000000`;
const ENCODED = `wc%3A${TOPIC}%402%3Frelay-protocol%3Dirn%26symKey%3D${KEY}%26expiryTimestamp%3D1700000000`;

const rainbow = { links: { native: 'rainbow://', universal: 'https://rnbwapp.com' } };

describe('buildDeepLink', () => {
  it('iOS prefers the universal link, with the URI percent-encoded', () => {
    expect(buildDeepLink(rainbow, URI, 'ios')).toEqual({ href: `https://rnbwapp.com/wc?uri=${ENCODED}`, kind: 'universal' });
  });

  it('Android prefers the native scheme', () => {
    expect(buildDeepLink(rainbow, URI, 'android')).toEqual({ href: `rainbow://wc?uri=${ENCODED}`, kind: 'native' });
  });

  it('falls back to the other kind when a wallet has only one', () => {
    expect(buildDeepLink({ links: { native: 'trust' } }, URI, 'ios')).toEqual({ href: `trust://wc?uri=${ENCODED}`, kind: 'native' });
    expect(buildDeepLink({ links: { universal: 'https://link.trustwallet.com/' } }, URI, 'android')).toEqual({
      href: `https://link.trustwallet.com/wc?uri=${ENCODED}`,
      kind: 'universal',
    });
  });

  it('keeps a universal link path and a native path, each with one slash before wc', () => {
    expect(buildDeepLink({ links: { universal: 'https://metamask.app.link/' } }, URI, 'ios')?.href).toBe(
      `https://metamask.app.link/wc?uri=${ENCODED}`,
    );
    expect(buildDeepLink({ links: { native: 'zerion://app//' } }, URI, 'android')?.href).toBe(`zerion://app/wc?uri=${ENCODED}`);
  });

  it('on desktop only a desktop app scheme is a link; mobile links are not used there', () => {
    expect(buildDeepLink(rainbow, URI, 'desktop')).toBeUndefined();
    expect(buildDeepLink({ links: { desktop: 'ledgerlive://' } }, URI, 'desktop')).toEqual({
      href: `ledgerlive://wc?uri=${ENCODED}`,
      kind: 'native',
    });
  });

  it('a wallet without links has none on any platform', () => {
    for (const platform of ['ios', 'android', 'desktop'] as const) expect(buildDeepLink({}, URI, platform)).toBeUndefined();
  });

  it('refuses unsafe links from a registry: script and page-loading schemes, plain http, credentials', () => {
    for (const native of ['javascript:alert(1)', 'data:text/html,x', 'http://evil.example', 'file:///etc', 'wc:']) {
      expect(buildDeepLink({ links: { native } }, URI, 'android')).toBeUndefined();
    }
    for (const universal of ['http://wallet.example', 'javascript://x', 'https://user:pw@wallet.example', 'https://w.example/?a=1']) {
      expect(buildDeepLink({ links: { universal } }, URI, 'ios')).toBeUndefined();
    }
  });

  it('throws a clear error for anything but a pairing URI', () => {
    expect(() => buildDeepLink(rainbow, 'https://example.com', 'ios')).toThrow('buildDeepLink: not a WalletConnect pairing URI');
    expect(() => buildDeepLink(rainbow, 'https://example.com', 'ios')).toThrow(INVALID_OPTION);
    expect(() => buildDeepLink(rainbow, `wc:${TOPIC}@1?bridge=x&key=${KEY}`, 'ios')).toThrow(/pairing URI/);
  });
});

describe('link prefixes and platform', () => {
  it('normalises schemes and https prefixes', () => {
    expect(nativePrefix('Rainbow')).toBe('rainbow://');
    expect(nativePrefix('rainbow:')).toBe('rainbow://');
    expect(nativePrefix(' 1inch:// ')).toBeUndefined(); // a scheme starts with a letter
    expect(universalPrefix('https://rnbwapp.com/app')).toBe('https://rnbwapp.com/app/');
    expect(universalPrefix('not a url')).toBeUndefined();
  });

  it('recognises pairing URIs', () => {
    expect(isPairingUri(URI)).toBe(true);
    expect(isPairingUri(URI.replace('symKey', 'key'))).toBe(false);
    expect(isPairingUri(`wc:${TOPIC}@2?symKey=${KEY}`)).toBe(false);
  });

  it('detects iOS (also iPadOS posing as a Mac), Android and desktop', () => {
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1')).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe('desktop');
    expect(detectPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile')).toBe('android');
    expect(detectPlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe('desktop');
  });
});

describe('reusesLivePairing (§4: Telegram and iOS Safari reuse a live pairing)', () => {
  const iosSafari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const iosChrome =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
  const ipadSafari =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
  const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
  const macSafari = ipadSafari;

  it('iOS Safari and iPadOS Safari (a Mac user agent with touch points) reuse', () => {
    expect(reusesLivePairing(iosSafari)).toBe(true);
    expect(reusesLivePairing(ipadSafari, 5)).toBe(true);
  });

  it('Telegram reuses, by its user agent token or its in-app globals, on any platform', () => {
    expect(reusesLivePairing(`${android} Telegram-Android/11.0.0`)).toBe(true);
    expect(reusesLivePairing(android, 0, true)).toBe(true);
  });

  it('other browsers get a new pairing per visit: Chrome on iOS, Android, desktop Safari', () => {
    expect(reusesLivePairing(iosChrome)).toBe(false);
    expect(reusesLivePairing(android)).toBe(false);
    expect(reusesLivePairing(macSafari, 0)).toBe(false);
  });
});
