/*
 * Lazily loaded code that can be loaded again after its fetch failed (a dropped connection, a stale deploy).
 *
 * A browser keeps a module whose fetch failed in its module map: Chromium answers a second import() of the same URL
 * with the same failure and sends no request, so calling the same `() => import('./x.js')` again can never succeed on
 * that page. The error names the URL ("Failed to fetch dynamically imported module: <url>" in Chromium, "error
 * loading dynamically imported module: <url>" in Firefox), so the next try imports that URL with a query of its own,
 * which the browser fetches anew and the server answers with the same file. An error naming no URL (Safari's; a
 * bundler's own chunk loader, which fetches again by itself) is retried with the original import.
 *
 * A module that failed while a module it imports statically could not be fetched cannot be reloaded this way: the
 * browser keeps that module's failure too, and only a reload of the page fetches it again.
 *
 * The URL is the host's bundler's chunk, which may hold more than the module asked for: Rolldown (Vite) and Rollup then
 * export each module's namespace under a short name and import the chunk with a pick, `import('./chunk.js').then((m) =>
 * m.t)`. Imported anew, the chunk is that whole module, so a name it lacks is looked up in the namespaces it exports.
 */

let tries = 0;
// Failures a wrapper already answers for: one wrapping another (a plugin's view that picks a named export, inside the
// modal's view loading) leaves the retry to the inner one, which knows what to pick from the module.
const handled = new WeakSet<object>();

/** The URL a failed dynamic import names, when the failure was its fetch (not an error thrown while it ran). */
function failedModuleUrl(error: unknown): string | undefined {
  return /dynamically imported module: (\w+:\S+)/.exec(String((error as Error | undefined)?.message))?.[1];
}

/** A namespace a chunk exports for one of its modules: Rolldown tags it 'Module', Rollup makes it without a prototype. */
const isNamespace = (value: unknown): boolean =>
  value instanceof Object
    ? (value as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Module'
    : typeof value === 'object' && value !== null;

/**
 * Wraps a lazy import (`() => import('./x.js')`): calls share one import, and a call after a failed fetch loads the
 * code anew instead of answering the browser's kept failure. `load` must resolve to the module itself: a retry
 * resolves to the module imported again (wrap the import, then pick an export from what the wrapper gives).
 */
export function retryableImport<T>(load: () => Promise<T>): () => Promise<T> {
  let failedUrl: string | undefined;
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= (
      failedUrl
        ? import(
            /* @vite-ignore */ /* webpackIgnore: true */ `${failedUrl}${failedUrl.includes('?') ? '&' : '?'}latch-retry=${++tries}`
          ).then(
            // Read as the original import gave it: a name the chunk lacks comes from a namespace it exports.
            (chunk: T) => Object.assign({}, ...Object.values(chunk as object).filter(isNamespace), chunk) as T,
          )
        : load()
    ).catch((error: unknown) => {
      pending = undefined;
      if (error instanceof Object && !handled.has(error)) {
        handled.add(error);
        // The first failure's URL: a failed retry names it with the retry's query.
        failedUrl ??= failedModuleUrl(error);
      }
      throw error;
    }));
}
