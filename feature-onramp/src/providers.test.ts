import { describe, expect, it } from 'vitest';
import {
  buildOnrampUrl,
  chainNamesFor,
  configProblem,
  meldCurrencyCode,
  ONRAMP_CHAIN_NAMES,
  onrampChainName,
  providersFor,
  type OnrampProviders,
  sessionRequestFor,
} from './providers.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOL = 'So11111111111111111111111111111111111111112';
const providers: OnrampProviders = {
  coinbase: { appId: 'cb-app', widgetUrl: 'https://pay.coinbase.com/buy/select-asset' },
  meld: { publicKey: 'meld-key', widgetUrl: 'http://127.0.0.1:5555/meld/?theme=dark' },
};

const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('Coinbase Onramp URL', () => {
  it('carries appId, the address on the chosen network, asset, preset fiat amount and currency', () => {
    const url = buildOnrampUrl(providers, {
      provider: 'coinbase',
      address: EVM,
      chain: 'base',
      asset: 'USDC',
      amount: '25.5',
      fiatCurrency: 'USD',
    });
    expect(url.startsWith('https://pay.coinbase.com/buy/select-asset?')).toBe(true);
    expect(query(url)).toEqual({
      appId: 'cb-app',
      addresses: JSON.stringify({ [EVM]: ['base'] }),
      assets: '["USDC"]',
      defaultNetwork: 'base',
      defaultAsset: 'USDC',
      presetFiatAmount: '25.5',
      fiatCurrency: 'USD',
    });
  });

  it('with a session token: carries sessionToken instead of appId and addresses', () => {
    const purchase = { provider: 'coinbase', address: EVM, chain: 'base', asset: 'USDC', amount: '25', fiatCurrency: 'USD' } as const;
    const withToken = { coinbase: { getSessionToken: async () => 't', widgetUrl: 'https://pay.coinbase.com/buy/select-asset' } };
    expect(query(buildOnrampUrl(withToken, purchase, 'tok-1'))).toEqual({
      sessionToken: 'tok-1',
      defaultNetwork: 'base',
      defaultAsset: 'USDC',
      presetFiatAmount: '25',
      fiatCurrency: 'USD',
    });
    expect(sessionRequestFor(purchase)).toEqual({ addresses: [{ address: EVM, blockchains: ['base'] }], assets: ['USDC'] });
    expect(() => buildOnrampUrl(withToken, purchase)).toThrow('Onramp: Coinbase needs a session token from getSessionToken');
    expect(() => buildOnrampUrl({ coinbase: {} }, purchase)).toThrow('Onramp: coinbase needs getSessionToken (or appId)');
    expect(() => buildOnrampUrl({ coinbase: {} }, purchase)).toThrow(INVALID_OPTION);
  });

  it('uses the public widget URL when none is configured', () => {
    const url = buildOnrampUrl(
      { coinbase: { appId: 'a' } },
      { provider: 'coinbase', address: EVM, chain: 'ethereum', asset: 'ETH', amount: '5', fiatCurrency: 'USD' },
    );
    expect(url.startsWith('https://pay.coinbase.com/buy/select-asset?appId=a&')).toBe(true);
    const meld = buildOnrampUrl(
      { meld: { publicKey: 'k' } },
      { provider: 'meld', address: EVM, chain: 'ethereum', asset: 'ETH', amount: '5', fiatCurrency: 'USD' },
    );
    expect(meld.startsWith('https://meldcrypto.com/?publicKey=k&')).toBe(true);
  });

  it('refuses solana (§9: coinbase serves eip155 only)', () => {
    expect(() =>
      buildOnrampUrl(providers, { provider: 'coinbase', address: SOL, chain: 'solana', asset: 'SOL', amount: '10', fiatCurrency: 'USD' }),
    ).toThrow('Onramp: Coinbase does not serve solana');
  });
});

describe('Meld URL', () => {
  it('eip155: publicKey, walletAddress, the network-suffixed currency code, source amount and currency; keeps the configured URL', () => {
    const url = buildOnrampUrl(providers, {
      provider: 'meld',
      address: EVM,
      chain: 'arbitrum',
      asset: 'USDC',
      amount: '100',
      fiatCurrency: 'EUR',
    });
    expect(url.startsWith('http://127.0.0.1:5555/meld/?')).toBe(true);
    expect(query(url)).toEqual({
      theme: 'dark',
      publicKey: 'meld-key',
      walletAddress: EVM,
      destinationCurrencyCode: 'USDC_ARBITRUM',
      sourceAmount: '100',
      sourceCurrencyCode: 'EUR',
    });
  });

  it('solana: the base58 address and SOL', () => {
    const url = buildOnrampUrl(providers, {
      provider: 'meld',
      address: SOL,
      chain: 'solana',
      asset: 'SOL',
      amount: '10',
      fiatCurrency: 'USD',
    });
    expect(query(url)).toMatchObject({ walletAddress: SOL, destinationCurrencyCode: 'SOL', sourceAmount: '10' });
  });

  it('currency codes: native assets bare, USDC bare on ethereum and suffixed elsewhere', () => {
    expect(meldCurrencyCode('ETH', 'base')).toBe('ETH');
    expect(meldCurrencyCode('USDC', 'ethereum')).toBe('USDC');
    expect(meldCurrencyCode('USDC', 'base')).toBe('USDC_BASE');
    expect(meldCurrencyCode('USDC', 'solana')).toBe('USDC_SOLANA');
  });
});

describe('bad input', () => {
  it.each(['', '0', '-5', '1e3', '12.345', 'abc', '0.00'])('refuses the amount %j', (amount) => {
    expect(() =>
      buildOnrampUrl(providers, { provider: 'meld', address: EVM, chain: 'ethereum', asset: 'ETH', amount, fiatCurrency: 'USD' }),
    ).toThrow(`Onramp: invalid fiat amount '${amount}'`);
  });

  it('refuses an empty address and an unconfigured provider', () => {
    expect(() =>
      buildOnrampUrl(providers, { provider: 'meld', address: '', chain: 'ethereum', asset: 'ETH', amount: '5', fiatCurrency: 'USD' }),
    ).toThrow('Onramp: the account has no address');
    expect(() =>
      buildOnrampUrl(
        { meld: providers.meld },
        { provider: 'coinbase', address: EVM, chain: 'base', asset: 'ETH', amount: '5', fiatCurrency: 'USD' },
      ),
    ).toThrow('Onramp: coinbase is not configured');
  });
});

describe('chain names and providers (§9)', () => {
  it('maps the active network to its on-ramp chain name, falling back to ethereum', () => {
    expect(onrampChainName('eip155:8453')).toBe('base');
    expect(onrampChainName('eip155:43114')).toBe('avalanche-c-chain');
    expect(onrampChainName('eip155:80094')).toBe('berachain');
    expect(onrampChainName('eip155:11155111')).toBe('ethereum');
    expect(onrampChainName(undefined)).toBe('ethereum');
    expect(onrampChainName('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana');
  });

  it('lists the §9 chain names for eip155, solana for solana, none elsewhere', () => {
    expect(chainNamesFor('eip155')).toEqual([
      'ethereum',
      'arbitrum',
      'polygon',
      'berachain',
      'avalanche-c-chain',
      'optimism',
      'celo',
      'base',
    ]);
    expect(ONRAMP_CHAIN_NAMES).toHaveLength(8);
    expect(chainNamesFor('solana')).toEqual(['solana']);
    expect(chainNamesFor('cosmos')).toEqual([]);
  });

  it('offers coinbase on eip155 only and meld on eip155 and solana, among the configured ones', () => {
    expect(providersFor(['coinbase', 'meld'], 'eip155')).toEqual(['coinbase', 'meld']);
    expect(providersFor(['coinbase', 'meld'], 'solana')).toEqual(['meld']);
    expect(providersFor(['coinbase'], 'solana')).toEqual([]);
    expect(providersFor(['coinbase', 'meld'], 'bip122')).toEqual([]);
    expect(providersFor(['meld'], undefined)).toEqual([]);
  });
});

describe('configProblem: what the Buy view checks when it opens', () => {
  it.each([
    [{ coinbase: { getSessionToken: 'https://x' } }, 'providers.coinbase.getSessionToken must be a function (Coinbase only)'],
    [{ meld: { publicKey: 'pk', getSessionToken: async () => 't' } }, 'providers.meld.getSessionToken must be a function (Coinbase only)'],
    [{ meld: { publicKey: 'pk', widgetUrl: 'javascript:alert(1)' } }, 'providers.meld.widgetUrl must be an http(s) URL'],
    [{ coinbase: { appId: 'a', widgetUrl: 'not a url' } }, 'providers.coinbase.widgetUrl must be an http(s) URL'],
  ])('names a wrong kind of option %#', (given, problem) => {
    expect(configProblem(given as never)).toBe(problem);
  });

  it('finds nothing wrong in a good configuration', () => {
    expect(configProblem(providers)).toBeUndefined();
    expect(configProblem({ coinbase: { getSessionToken: async () => 't' } })).toBeUndefined();
  });
});
