import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TokenBalance } from './types.js';
import {
  RPC_NOT_ALLOWED_MESSAGE,
  RPC_NOT_ALLOWED_UI_TEXT,
  SAFE_RPC_METHODS,
  UNSAFE_RPC_METHODS,
  canUseSiweOnWalletConnect,
  filterTokenBalances,
  filterTransactions,
  groupTransactionsByYearMonth,
  isAllowedRpcMethod,
  isSafeRpcMethod,
  isSignedMessage,
  isTransactionHash,
  isUnsafeRpcMethod,
  isValidAccountName,
  isValidEmail,
  isValidOtp,
  validateSendCalls,
  validateSendForm,
  validateWalletAssets,
} from './validation.js';
import type { WalletAsset } from './validation.js';

const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('a', '@', '.', '-', '0', 'x') }),
);

describe('isValidAccountName (§5)', () => {
  it.each(['abcd', 'my-name', 'A1-b2', '1234', '----'])('accepts %j', (name) =>
    expect(isValidAccountName(name)).toBe(true),
  );
  it.each(['abc', '', 'my name', 'my_name', 'name.eth', 'námé', 'abcd!'])('rejects %j', (name) =>
    expect(isValidAccountName(name)).toBe(false),
  );
  it('never throws', () => fc.assert(fc.property(anyString, (s) => void isValidAccountName(s))));
});

describe('isValidEmail (§5)', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.com', "o'hara@example.io", 'x_y@my-domain.org'])(
    'accepts %j',
    (email) => expect(isValidEmail(email)).toBe(true),
  );
  it.each([
    '',
    'plain',
    '@example.com',
    'user@',
    'user@example',
    'user@example.c',
    'user@example.c0m',
    'a@b@c.com',
    'us er@example.com',
    'user@exa mple.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@example..com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
  ])('rejects %j', (email) => expect(isValidEmail(email)).toBe(false));

  it('accepts generated e-mail addresses within 254 characters (property)', () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((email) => email.length <= 254),
        (email) => {
          expect(isValidEmail(email)).toBe(true);
        },
      ),
    );
  });

  it('answers quickly on adversarial input (no catastrophic backtracking)', () => {
    const inputs = [
      'a'.repeat(50_000),
      `${'a.'.repeat(20_000)}@`,
      `a@${'a-'.repeat(20_000)}`,
      `a@${'a.'.repeat(100)}!`,
    ];
    const started = performance.now();
    for (const input of inputs) expect(isValidEmail(input)).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('never throws', () => fc.assert(fc.property(anyString, (s) => void isValidEmail(s))));
});

describe('isValidOtp (§5: a one-time code is a string)', () => {
  it('accepts a non-empty string and nothing else', () => {
    expect(isValidOtp('123456')).toBe(true);
    expect(isValidOtp('ab12cd')).toBe(true);
    expect(isValidOtp('')).toBe(false);
    expect(isValidOtp(123456)).toBe(false);
    expect(isValidOtp(undefined)).toBe(false);
    expect(isValidOtp(['1'])).toBe(false);
  });
});

describe('isTransactionHash / isSignedMessage (§5)', () => {
  const hex = (n: number) => 'ab'.repeat(n).slice(0, n);
  it('transaction hash is 0x plus exactly 64 hex', () => {
    expect(isTransactionHash(`0x${hex(64)}`)).toBe(true);
    expect(isTransactionHash(`0x${hex(64).toUpperCase()}`)).toBe(true);
    expect(isTransactionHash(`0x${hex(63)}`)).toBe(false);
    expect(isTransactionHash(`0x${hex(65)}`)).toBe(false);
    expect(isTransactionHash(hex(66))).toBe(false);
    expect(isTransactionHash(`0x${hex(63)}g`)).toBe(false);
  });
  it('signed message is 0x plus at least 62 hex', () => {
    expect(isSignedMessage(`0x${hex(62)}`)).toBe(true);
    expect(isSignedMessage(`0x${hex(130)}`)).toBe(true);
    expect(isSignedMessage(`0x${hex(61)}`)).toBe(false);
    expect(isSignedMessage(`0x${hex(62)}z`)).toBe(false);
    expect(isSignedMessage(hex(64))).toBe(false);
  });
  it('never throw', () => fc.assert(fc.property(anyString, (s) => void (isTransactionHash(s) || isSignedMessage(s)))));
});

describe('validateSendCalls (§5 wallet_sendCalls)', () => {
  it('accepts calls with a 0x to and optional 0x data', () => {
    expect(validateSendCalls([{ to: '0xabc' }, { to: '0xdef', data: '0x1234', value: '0x1' }])).toBeUndefined();
  });
  it('requires to starting 0x', () => {
    expect(validateSendCalls([{ data: '0x' }])).toMatch(/Call 0: 'to'/);
    expect(validateSendCalls([{ to: '0xabc' }, { to: 'abc' }])).toMatch(/Call 1: 'to'/);
    expect(validateSendCalls([{ to: 123 }])).toMatch(/'to'/);
  });
  it('requires data, when present, to start 0x', () => {
    expect(validateSendCalls([{ to: '0xabc', data: '1234' }])).toMatch(/Call 0: 'data'/);
    expect(validateSendCalls([{ to: '0xabc', data: null }])).toMatch(/'data'/);
  });
  it('rejects non-lists, empty lists and non-object calls', () => {
    expect(validateSendCalls(undefined)).toMatch(/non-empty list/);
    expect(validateSendCalls([])).toMatch(/non-empty list/);
    expect(validateSendCalls({ to: '0xabc' })).toMatch(/non-empty list/);
    expect(validateSendCalls([null])).toBe('Call 0 must be an object');
  });
  it('never throws', () => fc.assert(fc.property(fc.anything(), (value) => void validateSendCalls(value))));
});

describe('validateSendForm (§5 messages)', () => {
  const valid = { namespace: 'eip155', token: { symbol: 'ETH' }, amount: '1', receiverAddress: '0xabc' };
  it('accepts a complete form on a send-supported chain', () => {
    expect(validateSendForm(valid)).toBeUndefined();
    expect(validateSendForm({ ...valid, namespace: 'solana' })).toBeUndefined();
  });
  it('requires an amount and a receiver address', () => {
    for (const missing of [
      { amount: undefined },
      { amount: '' },
      { amount: '  ' },
      { receiverAddress: '' },
      { receiverAddress: null },
    ]) {
      expect(validateSendForm({ ...valid, ...missing })).toBe('An amount and receiver address are required');
    }
  });
  it('requires a token', () => {
    expect(validateSendForm({ ...valid, token: undefined })).toBe('A token is required');
  });
  it('supports only eip155 and solana (§9)', () => {
    for (const namespace of ['bip122', 'polkadot', 'cosmos', undefined]) {
      expect(validateSendForm({ ...valid, namespace })).toBe('Unsupported chain');
    }
  });
  it('reports amount and receiver first, then token, then chain', () => {
    const empty = { namespace: 'bip122', token: undefined, amount: '', receiverAddress: '' };
    expect(validateSendForm(empty)).toBe('An amount and receiver address are required');
    expect(validateSendForm({ ...empty, amount: '1', receiverAddress: 'x' })).toBe('A token is required');
  });
});

const goodAsset: WalletAsset = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  balance: '0x0de0b6b3a7640000',
  type: 'ERC20',
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'https://example.com/usdc.png' },
};
const nativeAsset: WalletAsset = {
  address: 'native',
  balance: '0x1',
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000.5, iconUrl: '', value: 12.5 },
};

describe('validateWalletAssets (§5 asset discovery)', () => {
  it('accepts a list of well-formed assets', () => {
    expect(validateWalletAssets([goodAsset, nativeAsset])).toEqual([goodAsset, nativeAsset]);
    expect(validateWalletAssets([])).toEqual([]);
  });

  it('accepts an EIP-7811 record keyed by chain id and flattens it', () => {
    expect(validateWalletAssets({ '0x1': [goodAsset], '0x2105': [nativeAsset] })).toEqual([goodAsset, nativeAsset]);
  });

  it('rejects the whole reply when one asset is malformed', () => {
    const breakages: ((asset: Record<string, unknown> & { metadata: Record<string, unknown> }) => void)[] = [
      (a) => void (a.address = 1),
      (a) => void (a.balance = 1000),
      (a) => void (a.balance = 'lots'),
      (a) => void (a.type = 'erc721'),
      (a) => void (a.metadata.name = undefined),
      (a) => void (a.metadata.symbol = 5),
      (a) => void (a.metadata.iconUrl = null),
      (a) => void (a.metadata.decimals = '18'),
      (a) => void (a.metadata.decimals = 1.5),
      (a) => void (a.metadata.price = '1.00'),
      (a) => void (a.metadata.price = Number.NaN),
      (a) => void (a.metadata = 'none' as never),
    ];
    for (const breakIt of breakages) {
      const broken = structuredClone(goodAsset) as unknown as Parameters<(typeof breakages)[number]>[0];
      breakIt(broken);
      expect(validateWalletAssets([nativeAsset, broken])).toBeUndefined();
      expect(validateWalletAssets({ '0x1': [nativeAsset], '0xa': [broken] })).toBeUndefined();
    }
  });

  it('rejects replies that are neither a list nor a record of lists', () => {
    for (const reply of [undefined, null, 'assets', 42, { '0x1': goodAsset }, [[goodAsset]]]) {
      expect(validateWalletAssets(reply)).toBeUndefined();
    }
  });

  it('returns fresh objects without unknown fields', () => {
    const withExtra = { ...goodAsset, __proto__injection: true, metadata: { ...goodAsset.metadata, value: 'x' } };
    const [asset] = validateWalletAssets([withExtra]) ?? [];
    expect(asset).toEqual(goodAsset);
    expect(asset).not.toBe(withExtra);
  });

  it('keeps every well-formed asset (property) and never throws on anything', () => {
    const asset = fc.record({
      address: fc.string(),
      balance: fc.bigInt({ min: 0n }).map((n) => `0x${n.toString(16)}` as const),
      type: fc.constantFrom('ERC20' as const, 'NATIVE' as const),
      metadata: fc.record({
        name: fc.string(),
        symbol: fc.string(),
        decimals: fc.nat(255),
        price: fc.double({ noNaN: true, noDefaultInfinity: true }),
        iconUrl: fc.webUrl(),
      }),
    });
    fc.assert(
      fc.property(fc.array(asset), (assets) => {
        expect(validateWalletAssets(assets)).toEqual(assets);
      }),
    );
    fc.assert(fc.property(fc.anything(), (reply) => void validateWalletAssets(reply)));
  });
});

describe('filterTokenBalances (§5)', () => {
  const balance = (decimals: string): TokenBalance => ({
    name: 'Token',
    symbol: 'TKN',
    chainId: 'eip155:1',
    price: 1,
    quantity: { decimals, numeric: '1' },
    iconUrl: '',
  });
  it("drops balances whose decimals are '0'", () => {
    expect(filterTokenBalances([balance('18'), balance('0'), balance('6')]).map((b) => b.quantity.decimals)).toEqual([
      '18',
      '6',
    ]);
  });
});

describe('filterTransactions (§5)', () => {
  const tx = (id: string, chain: string, spamFlags: (boolean | undefined)[]) => ({
    id,
    metadata: { chain },
    transfers: spamFlags.map((is_spam) => ({ nft_info: { flags: { is_spam } } })),
  });
  it('drops transactions whose transfers are all spam', () => {
    const kept = filterTransactions(
      [
        tx('allSpam', 'eip155:1', [true, true]),
        tx('someSpam', 'eip155:1', [true, false]),
        tx('clean', 'eip155:1', [undefined]),
      ],
      'eip155:1',
    );
    expect(kept.map((t) => t.id)).toEqual(['someSpam', 'clean']);
  });
  it('keeps a transaction without transfers and one whose transfers have no nft_info', () => {
    const plain = { id: 'plain', metadata: { chain: 'eip155:1' }, transfers: [{}] };
    expect(filterTransactions([tx('empty', 'eip155:1', []), plain], 'eip155:1').map((t) => t.id)).toEqual([
      'empty',
      'plain',
    ]);
  });
  it('drops transactions not on the active network', () => {
    const kept = filterTransactions([tx('main', 'eip155:1', []), tx('base', 'eip155:8453', [])], 'eip155:8453');
    expect(kept.map((t) => t.id)).toEqual(['base']);
  });
});

describe('groupTransactionsByYearMonth (§3)', () => {
  const tx = (id: string, minedAt: string) => ({ id, metadata: { minedAt } });
  it('groups by year then month, newest first at every level', () => {
    const groups = groupTransactionsByYearMonth([
      tx('2023-dec', '2023-12-05T10:00:00Z'),
      tx('2024-jan-early', '2024-01-02T00:00:00Z'),
      tx('2024-mar', '2024-03-15T00:00:00Z'),
      tx('2024-jan-late', '2024-01-31T23:59:59Z'),
      tx('2022-jun', '2022-06-01T00:00:00Z'),
    ]);
    expect(
      groups.map((g) => ({
        year: g.year,
        months: g.months.map((m) => ({ month: m.month, ids: m.transactions.map((t) => t.id) })),
      })),
    ).toEqual([
      {
        year: 2024,
        months: [
          { month: 2, ids: ['2024-mar'] },
          { month: 0, ids: ['2024-jan-late', '2024-jan-early'] },
        ],
      },
      { year: 2023, months: [{ month: 11, ids: ['2023-dec'] }] },
      { year: 2022, months: [{ month: 5, ids: ['2022-jun'] }] },
    ]);
  });
  it('uses UTC for the month boundary, whatever the local zone, and leaves out undated transactions', () => {
    const localZone = process.env['TZ'];
    process.env['TZ'] = 'Asia/Tokyo'; // Node re-reads TZ, so local getters would see January 2024 here
    try {
      const groups = groupTransactionsByYearMonth([tx('edge', '2023-12-31T23:30:00Z'), tx('bad', 'yesterday')]);
      expect(groups).toEqual([
        { year: 2023, months: [{ month: 11, transactions: [tx('edge', '2023-12-31T23:30:00Z')] }] },
      ]);
    } finally {
      if (localZone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = localZone;
    }
  });
  it('keeps every dated transaction exactly once, in descending order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })),
        (dates) => {
          const flat = groupTransactionsByYearMonth(dates.map((d, i) => tx(String(i), d.toISOString()))).flatMap((y) =>
            y.months.flatMap((m) => m.transactions.map((t) => Date.parse(t.metadata.minedAt))),
          );
          expect(flat).toEqual(dates.map((d) => d.getTime()).sort((a, b) => b - a));
        },
      ),
    );
  });
});

describe('RPC method lists (§6)', () => {
  it('exports the spec messages', () => {
    expect(RPC_NOT_ALLOWED_MESSAGE).toBe('Requested RPC call is not allowed');
    expect(RPC_NOT_ALLOWED_UI_TEXT).toBe('Action not allowed');
  });
  it('classifies the unsafe methods as needing approval', () => {
    for (const method of [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction',
      'wallet_sendCalls',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'eth_sendUserOperation',
    ]) {
      expect(isUnsafeRpcMethod(method)).toBe(true);
      expect(isSafeRpcMethod(method)).toBe(false);
      expect(isAllowedRpcMethod(method)).toBe(true);
    }
    expect(UNSAFE_RPC_METHODS).toHaveLength(11);
  });
  it('classifies read methods, eth_sendRawTransaction and wallet_getAssets as safe', () => {
    for (const method of [
      'eth_call',
      'eth_getBalance',
      'eth_getTransactionReceipt',
      'eth_sendRawTransaction',
      'wallet_getCapabilities',
      'wallet_getAssets',
    ]) {
      expect(isSafeRpcMethod(method)).toBe(true);
      expect(isUnsafeRpcMethod(method)).toBe(false);
    }
    expect(SAFE_RPC_METHODS.length).toBeGreaterThanOrEqual(35);
  });
  it('keeps the lists disjoint and duplicate-free', () => {
    const all = [...SAFE_RPC_METHODS, ...UNSAFE_RPC_METHODS];
    expect(new Set(all).size).toBe(all.length);
  });
  it('does not allow unknown methods', () => {
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'wallet_addEthereumChain',
      'ETH_CALL',
      '',
      'constructor',
      'toString',
    ]) {
      expect(isAllowedRpcMethod(method)).toBe(false);
    }
    const listed: readonly string[] = [...SAFE_RPC_METHODS, ...UNSAFE_RPC_METHODS];
    fc.assert(
      fc.property(anyString, (method) => {
        expect(isAllowedRpcMethod(method)).toBe(listed.includes(method));
      }),
    );
  });
});

describe('canUseSiweOnWalletConnect (§5)', () => {
  it('is true only when every chain is eip155', () => {
    expect(canUseSiweOnWalletConnect(['eip155:1', 'eip155:8453'])).toBe(true);
    expect(canUseSiweOnWalletConnect(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])).toBe(false);
    expect(canUseSiweOnWalletConnect(['eip155'])).toBe(false);
    expect(canUseSiweOnWalletConnect(['eip155:1:0xabc'])).toBe(false);
  });
  it('is false with no chains at all', () => {
    expect(canUseSiweOnWalletConnect([])).toBe(false);
  });
});
