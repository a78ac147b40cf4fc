import { readErrorMessage, retryableImport } from '@latch/kernel';
import { useEffect, useState } from 'react';
import type { SwapSettings } from './createSwapPlugin.js';
import { readAllowance, readClient } from './swapTransactions.js';
import { tokenKey } from './tokenList.js';
import type { QuoteProvider, SwapNetworkConfig, SwapQuote, SwapToken } from './types.js';

/** Quotes wait this long after the last keystroke, so typing an amount asks once. */
export const QUOTE_DEBOUNCE_MS = 350;

export interface QuoteInput {
  from: SwapToken;
  to: SwapToken;
  amountIn: bigint;
  slippageBps: number;
}

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  | { status: 'ready'; key: string; quote: SwapQuote; needsApproval: boolean }
  | { status: 'error'; key: string; message: string };

export const quoteKey = (input: QuoteInput) => `${tokenKey(input.from)}|${tokenKey(input.to)}|${input.amountIn}|${input.slippageBps}`;

let defaultProvider: QuoteProvider | undefined;
// After a failed fetch the next quote fetches the provider's code anew (the kernel's retryableImport says why).
const uniswapCode = /* @__PURE__ */ retryableImport(() => import('./uniswapQuoteProvider.js'));

/** The configured provider, or the on-chain Uniswap one (its own chunk, loaded on the first quote). */
export function loadQuoteProvider(settings: SwapSettings): Promise<QuoteProvider> {
  const configured = settings.quoteProvider;
  if (typeof configured === 'function') return configured();
  if (configured) return Promise.resolve(configured);
  // One provider for the page, made once its code has loaded: a failed load leaves nothing behind.
  return uniswapCode().then((module) => (defaultProvider ??= module.createUniswapQuoteProvider()));
}

/**
 * The quote for `input` (undefined: nothing to quote), debounced, with whether the token must be
 * allowed first. `refresh` asks again for the same input (after an approval, or on request).
 */
export function useSwapQuote(
  input: QuoteInput | undefined,
  context: { settings: SwapSettings; config: SwapNetworkConfig & { rpcUrl: string }; chainId: number; account: `0x${string}` },
): [QuoteState, () => void] {
  const [state, setState] = useState<QuoteState>({ status: 'idle' });
  const [tick, setTick] = useState(0);
  const key = input ? quoteKey(input) : undefined;
  const { settings, config, chainId, account } = context;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `input`; `tick` re-runs it on refresh.
  useEffect(() => {
    if (!input || !key) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading', key });
    const timer = setTimeout(async () => {
      try {
        const provider = await loadQuoteProvider(settings);
        const quote = await provider.quote({ chainId, account, ...input, signal: controller.signal }, config);
        let needsApproval = false;
        if (input.from.address && quote.spender) {
          needsApproval = (await readAllowance(readClient(config.rpcUrl), input.from.address, account, quote.spender)) < quote.amountIn;
        }
        if (!controller.signal.aborted) setState({ status: 'ready', key, quote, needsApproval });
      } catch (err) {
        if (!controller.signal.aborted) setState({ status: 'error', key, message: readErrorMessage(err) });
      }
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, tick, settings, config.rpcUrl, chainId, account]);

  return [state.status !== 'idle' && state.key !== key ? { status: 'idle' } : state, () => setTick((n) => n + 1)];
}
