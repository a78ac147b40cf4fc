import { describe, expect, it } from 'vitest';
import { getInternals } from './internals.js';

describe('getInternals', () => {
  it('refuses what is not a modal instance, as an option mistake', () => {
    expect(() => getInternals({})).toThrow(
      expect.objectContaining({
        name: 'LatchError',
        category: 'VALIDATION_ERROR',
        code: 'INVALID_OPTION',
        message: 'Not a Latch modal instance (createModal returns one)',
      }),
    );
  });
});
