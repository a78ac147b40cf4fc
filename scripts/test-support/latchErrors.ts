import { LatchError } from '@latch/kernel';
import { expect } from 'vitest';

/** Matches the kernel's LatchError for a bad option (category VALIDATION_ERROR, code INVALID_OPTION) with exactly this message. */
export const invalidOption = (message: string) =>
  expect.objectContaining({ constructor: LatchError, name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION', message });
