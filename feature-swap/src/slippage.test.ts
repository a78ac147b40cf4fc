import { describe, expect, it } from 'vitest';
import { minimumReceived, parseSlippage } from './slippage.js';

describe('slippage', () => {
  it('takes the tolerance off the quoted output, rounding down', () => {
    expect(minimumReceived(1_000_000n, 100)).toBe(990_000n);
    expect(minimumReceived(999n, 50)).toBe(994n); // 994.005 → 994
    expect(minimumReceived(5n, 0)).toBe(5n);
    expect(() => minimumReceived(5n, 10_001)).toThrow(
      expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' }),
    );
  });

  it('reads a typed percentage as basis points, and says what is wrong otherwise', () => {
    expect(parseSlippage('1', 50)).toEqual({ ok: true, bps: 100 });
    expect(parseSlippage(' 0.5 ', 50)).toEqual({ ok: true, bps: 50 });
    expect(parseSlippage('.25', 50)).toEqual({ ok: true, bps: 25 });
    const reason = 'Enter a slippage tolerance above 0 and at most 50 %, with at most 2 decimals.';
    for (const bad of ['', '0', '51', '1.234', '-1', 'abc', '1e2']) expect(parseSlippage(bad, 50)).toEqual({ ok: false, reason });
  });
});
