import type { KernelContext } from '../context.js';
import { retryableImport } from '../retryableImport.js';

/**
 * The chunk of what happens once a visitor acts (actions/visitorActions.ts). Loaded once; when its fetch failed (a
 * dropped connection), the next action fetches it anew rather than failing for good (retryableImport says why).
 */
export const visitorActions = /* @__PURE__ */ retryableImport(() => import('../actions/visitorActions.js'));
/** EIP-5792 bundles and ERC-7715 permissions: a chunk of their own, fetched anew after a failed fetch likewise. */
const callBundles = /* @__PURE__ */ retryableImport(() => import('../actions/callBundles.js'));

type RestArgs<F> = F extends (ctx: KernelContext, ...rest: infer A) => unknown ? A : never;
type Result<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;
/** An action `(ctx, ...args)` of a lazy chunk as an instance method `(...args)`. */
export type LazyMethod<F> = (...args: RestArgs<F>) => Promise<Result<F>>;

/** The actions of a chunk loaded on first use, each bound to the context as a method. */
function lazyChunk<M>(ctx: KernelContext, load: () => Promise<M>) {
  return <K extends keyof M>(name: K): LazyMethod<M[K]> =>
    async (...args) =>
      ((await load())[name] as (ctx: KernelContext, ...rest: unknown[]) => Result<M[K]>)(ctx, ...args);
}

/** The kernel's actions `(ctx, ...args)` bound to one instance's context as methods `(...args)`. */
export function bindActions(ctx: KernelContext) {
  return {
    /** An action of the first-load code. */
    bind:
      <A extends unknown[], R>(action: (ctx: KernelContext, ...args: A) => R) =>
      (...args: A): R =>
        action(ctx, ...args),
    /** Connecting, switching, signing, disconnecting: the visitor-actions chunk. */
    visitor: lazyChunk(ctx, visitorActions),
    /** Send, activity, NFTs, names: the account-actions chunk, loaded through the visitor-actions chunk. */
    account: lazyChunk(ctx, async () => (await visitorActions()).accountActions()),
    /** EIP-5792 bundles, and ERC-7715 session permissions (the smartSessions feature): a chunk of their own. */
    bundle: lazyChunk(ctx, callBundles),
    /** The §4 sign-in flow, whose chunk loads through the visitor-actions chunk. */
    signIn: lazyChunk(ctx, async () => (await visitorActions()).signInActions()),
  };
}

export type BoundActions = ReturnType<typeof bindActions>;
