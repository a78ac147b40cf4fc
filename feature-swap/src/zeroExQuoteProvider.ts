import { LatchError, invalidOption } from '@latch/kernel';
import type { QuoteProvider, SwapQuote } from './types.js';

/** How 0x names the native currency in `sellToken` / `buyToken`. */
export const ZERO_EX_NATIVE_TOKEN = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
export const ZERO_EX_DEFAULT_URL = 'https://api.0x.org';

export interface ZeroExOptions {
  /** The `0x-api-key` header (dashboard.0x.org). */
  apiKey: string;
  /** API origin (default `https://api.0x.org`); the only host this provider contacts. */
  baseUrl?: string;
  /** Injectable for tests and non-browser hosts (default: the global `fetch`). */
  fetch?: typeof fetch;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UINT = /^\d+$/;

/** The fields of a 0x Swap API v2 firm quote (`/swap/allowance-holder/quote`) this provider reads. */
interface ZeroExQuote {
  liquidityAvailable?: unknown;
  buyAmount?: unknown;
  minBuyAmount?: unknown;
  sellToken?: unknown;
  allowanceTarget?: unknown;
  transaction?: { to?: unknown; data?: unknown; value?: unknown };
  fees?: { zeroExFee?: { amount?: unknown; token?: unknown } | null } | null;
  issues?: { allowance?: { spender?: unknown } | null } | null;
  route?: { fills?: { source?: unknown }[] } | null;
}

const invalidReply = () => new LatchError('The 0x API returned a quote this modal cannot read', { category: 'API_ERROR' });

/** Reads an untrusted reply into a quote, or throws: nothing in it reaches the wallet unchecked. */
function toQuote(body: ZeroExQuote, amountIn: bigint, from: string, to: string, hasSellToken: boolean): SwapQuote {
  if (body.liquidityAvailable === false) {
    throw new LatchError(`No pool on this network can swap ${from} for ${to} in this amount`, { category: 'API_ERROR' });
  }
  const { buyAmount, minBuyAmount, transaction: tx } = body;
  if (typeof buyAmount !== 'string' || !UINT.test(buyAmount) || typeof minBuyAmount !== 'string' || !UINT.test(minBuyAmount))
    throw invalidReply();
  if (!tx || typeof tx.to !== 'string' || !ADDRESS.test(tx.to) || typeof tx.data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(tx.data))
    throw invalidReply();
  const value = typeof tx.value === 'string' && UINT.test(tx.value) ? BigInt(tx.value) : 0n;
  const spender = body.issues?.allowance?.spender ?? body.allowanceTarget;
  if (hasSellToken && (typeof spender !== 'string' || !ADDRESS.test(spender))) throw invalidReply();
  const zeroExFee = body.fees?.zeroExFee;
  const sources = (body.route?.fills ?? []).map((fill) => fill.source).filter((source): source is string => typeof source === 'string');
  const feeInSellToken =
    zeroExFee &&
    typeof zeroExFee.amount === 'string' &&
    UINT.test(zeroExFee.amount) &&
    typeof body.sellToken === 'string' &&
    zeroExFee.token === body.sellToken;
  return {
    amountIn,
    amountOut: BigInt(buyAmount),
    minimumOut: BigInt(minBuyAmount),
    ...(feeInSellToken ? { fee: BigInt(zeroExFee.amount as string) } : {}),
    route: sources.length ? `0x: ${[...new Set(sources)].join(', ').replace(/_/g, ' ').slice(0, 60)}` : '0x',
    ...(hasSellToken ? { spender: spender as `0x${string}` } : {}),
    call: { to: tx.to as `0x${string}`, data: tx.data as `0x${string}`, value },
  };
}

/**
 * Quotes from the 0x Swap API v2 (`GET /swap/allowance-holder/quote`, headers `0x-api-key` and
 * `0x-version: v2`): an aggregator over many pools. Pass it as `quoteProvider`, lazily:
 * `quoteProvider: () => import('@latch/feature-swap/zeroex').then((m) => m.createZeroExQuoteProvider({ apiKey }))`.
 */
export function createZeroExQuoteProvider(options: ZeroExOptions): QuoteProvider {
  if (!options?.apiKey || typeof options.apiKey !== 'string') throw invalidOption('createZeroExQuoteProvider: apiKey is required');
  const baseUrl = (options.baseUrl ?? ZERO_EX_DEFAULT_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(baseUrl)) throw invalidOption('createZeroExQuoteProvider: baseUrl must be an http(s) origin');
  return {
    id: '0x',
    async quote(request) {
      const sellToken = request.from.address ?? ZERO_EX_NATIVE_TOKEN;
      const buyToken = request.to.address ?? ZERO_EX_NATIVE_TOKEN;
      if (sellToken.toLowerCase() === buyToken.toLowerCase())
        throw new LatchError('Choose two different tokens', { category: 'VALIDATION_ERROR' });
      const query = new URLSearchParams({
        chainId: String(request.chainId),
        sellToken,
        buyToken,
        sellAmount: request.amountIn.toString(),
        taker: request.account,
        slippageBps: String(request.slippageBps),
      });
      const call = options.fetch ?? globalThis.fetch;
      const response = await call(`${baseUrl}/swap/allowance-holder/quote?${query}`, {
        headers: { '0x-api-key': options.apiKey, '0x-version': 'v2', accept: 'application/json' },
        ...(request.signal ? { signal: request.signal } : {}),
      });
      const body = (await response.json().catch(() => undefined)) as (ZeroExQuote & { message?: unknown }) | undefined;
      if (!response.ok) {
        // §7 generic HTTP client wording, with 0x's own reason when it sent one.
        const reason = typeof body?.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
        throw new LatchError(`HTTP status code: ${response.status}${reason}`, { category: 'API_ERROR' });
      }
      if (!body || typeof body !== 'object') throw invalidReply();
      return toQuote(body, request.amountIn, request.from.symbol, request.to.symbol, Boolean(request.from.address));
    },
  };
}
