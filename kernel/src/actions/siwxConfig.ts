import type { KernelContext } from '../context.js';
import { LatchError } from '../errors/LatchError.js';
import { SIWX_NOT_ENABLED_MESSAGE } from '../errors/signInMessages.js';
import type { SiwxConfig } from '../options.js';

/** The instance's `siwx` option; a sign-in step called without one is a programming error. */
export function siwxOf(ctx: KernelContext): SiwxConfig {
  const siwx = ctx.options.siwx;
  if (!siwx) throw new LatchError(SIWX_NOT_ENABLED_MESSAGE, { category: 'VALIDATION_ERROR' });
  return siwx;
}
