// The installed dependency tree of a package inside an app, read from the app's package-lock.json the way Node
// resolves a bare import: from the package's own node_modules up to the app's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Libraries that run on a server only; a browser package must not bring any of them into an app. */
export const SERVER_LIBRARIES = ['better-auth', 'pg', '@electric-sql/pglite', 'kysely', 'nodemailer'];

/** @returns {Record<string, import("./installedTree.d.mts").LockPackage>} */
export function readLockPackages(appDir) {
  return JSON.parse(readFileSync(join(appDir, 'package-lock.json'), 'utf8')).packages;
}

/** Where `name`, required from the package installed at `fromKey` (a lockfile key), is installed: Node's lookup. */
export function resolveInstalled(packages, fromKey, name) {
  let base = fromKey;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/**
 * Every package installed for `name` (its dependencies, required peers and optional dependencies, transitively),
 * each with the chain of names that brought it in.
 * @returns {Map<string, string[]>} lockfile key → chain from `name` to that package
 */
export function dependencyClosure(packages, name) {
  const rootKey = resolveInstalled(packages, '', name);
  if (!rootKey) throw new Error(`${name} is not installed in this app`);
  const chains = new Map([[rootKey, [name]]]);
  const queue = [rootKey];
  while (queue.length > 0) {
    const key = /** @type {string} */ (queue.shift());
    const entry = packages[key] ?? {};
    const wanted = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      // An optional peer is the app's choice (e.g. kysely for @latch/siwx/server), not part of the package's tree.
      ...Object.keys(entry.peerDependencies ?? {}).filter((peer) => !entry.peerDependenciesMeta?.[peer]?.optional),
    ];
    for (const dep of wanted) {
      const depKey = resolveInstalled(packages, key, dep);
      // An optional dependency for another platform.
      if (!depKey || chains.has(depKey)) continue;
      chains.set(depKey, [...(chains.get(key) ?? []), dep]);
      queue.push(depKey);
    }
  }
  return chains;
}

/** The server libraries in `name`'s installed tree, as chains ("@latch/x > better-auth"). */
export function serverLibrariesIn(packages, name) {
  const found = [];
  for (const [key, chain] of dependencyClosure(packages, name)) {
    const installedName = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (SERVER_LIBRARIES.includes(installedName)) found.push(chain.join(' > '));
  }
  return found.sort();
}
