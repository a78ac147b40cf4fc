// The lockfile of an app installed from Latch's tarballs, made from the repository's own package-lock.json, so the app
// installs with `npm ci --offline` from what the repository's `npm ci` put in the npm cache.
//
// Why not `npm install --offline`: npm 11 resolves a dependency from the package's full registry document, while
// `npm ci` of a lockfile caches only the abbreviated one; on a machine whose cache holds only what `npm ci` fetched (a
// fresh clone on a new machine), `npm install --offline` failed at the first registry package (`ENOTCACHED`, shown
// as `react@undefined`). A lockfile leaves nothing to resolve: each package is the version, with the integrity, the
// repository installs and tests, and every @latch package is its tarball.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolveInstalled } from './installedTree.mjs';

/** The package.json inside a packed tarball. */
function tarballManifest(tarball) {
  return JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
}

/** The fields of a repository lock entry that describe the package itself (not how the repository depends on it). */
function packageEntry(entry) {
  const { dev, devOptional, optional, peer, extraneous, ...rest } = entry;
  return rest;
}

const DEPENDENCY_FIELDS = ['dependencies', 'optionalDependencies', 'peerDependencies'];

/**
 * The package-lock.json (version 3) for the app whose package.json is `manifest`, with `tarballs` (package name →
 * tarball path) for the @latch packages it installs. `appLocation` is the app's folder as a path of the repository's
 * lockfile when it is one of the workspaces ('examples/nextjs'), so its dependencies resolve as they do in the
 * repository; '' for an app outside the workspaces. Every other package is the one the repository's lockfile
 * resolves at the same place; a package nested under a workspace goes under that package's folder in the app. Throws,
 * naming it, on a dependency the repository's lockfile lacks, on a workspace package no tarball stands for, and on
 * two different packages the app would need at one place.
 */
export function appLockfile({ packages, manifest, tarballs, appLocation = '' }) {
  /** Where each workspace package lives in the repository ('ui-react' for @latch/react). */
  const workspaceOf = (name) => {
    const link = packages[`node_modules/${name}`];
    return link?.link ? link.resolved : undefined;
  };
  /** The app's path for a package at repository lock path `source`. */
  const target = (source) => {
    if (source.startsWith('node_modules/')) return source;
    const nested = source.indexOf('/node_modules/');
    const workspace = source.slice(0, nested);
    const rest = source.slice(nested + '/node_modules/'.length);
    if (workspace === appLocation) return `node_modules/${rest}`;
    const owner = [...tarballs.keys()].find((name) => workspaceOf(name) === workspace);
    if (!owner) throw new Error(`${source} is nested in the workspace ${workspace}, which no tarball stands for`);
    return `node_modules/${owner}/node_modules/${rest}`;
  };

  const out = new Map();
  /** Repository lock path (or tarball name) of each app path, to find two packages wanting one place. */
  const sources = new Map();
  const required = new Set();
  const manifests = new Map();

  /**
   * Dependency `name` of `who`, the package at `from` (repository lock path; a tarball's workspace folder): placed in
   * the app, then its own dependencies. It is required when `who` is and the edge is not optional; a dependency the
   * repository's lockfile lacks is skipped on an optional edge and named otherwise.
   */
  const visit = (from, name, whoRequired, optionalEdge, who) => {
    const isRequired = whoRequired && !optionalEdge;
    let source;
    let path;
    let entry;
    if (tarballs.has(name)) {
      path = `node_modules/${name}`;
      source = `tarball:${name}`;
      const tarball = tarballs.get(name);
      if (!manifests.has(name)) manifests.set(name, tarballManifest(tarball));
      const pkg = manifests.get(name);
      entry = {
        version: pkg.version,
        resolved: `file:${tarball}`,
        integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      };
      for (const field of [...DEPENDENCY_FIELDS, 'peerDependenciesMeta', 'bin', 'engines', 'license'])
        if (pkg[field]) entry[field] = pkg[field];
    } else {
      source = resolveInstalled(packages, from, name);
      if (!source) {
        if (optionalEdge) return;
        throw new Error(`${who} depends on ${name}, which the repository's package-lock.json does not hold`);
      }
      const found = packages[source];
      if (found.link) {
        throw new Error(`${who} depends on ${name}, a workspace package (${found.resolved}) of the repository no tarball stands for`);
      }
      path = target(source);
      entry = packageEntry(found);
    }
    const before = sources.get(path);
    if (before !== undefined && before !== source) {
      throw new Error(`the app needs two packages at ${path}: ${before} and ${source} of the repository's lockfile`);
    }
    const upgrade = isRequired && !required.has(path);
    if (before !== undefined && !upgrade) return;
    sources.set(path, source);
    out.set(path, entry);
    if (isRequired) required.add(path);
    const resolveFrom = source.startsWith('tarball:') ? workspaceOf(name) : source;
    if (!resolveFrom) throw new Error(`${name} has a tarball but is no workspace of the repository`);
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    for (const field of DEPENDENCY_FIELDS) {
      for (const dependency of Object.keys(entry[field] ?? {})) {
        // npm installs no optional peer: one is there only when something else brings it.
        if (field === 'peerDependencies' && optionalPeers[dependency]?.optional) continue;
        visit(resolveFrom, dependency, isRequired, field === 'optionalDependencies', name);
      }
    }
  };

  const root = { name: manifest.name, version: manifest.version };
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    if (!manifest[field]) continue;
    root[field] = manifest[field];
    for (const name of Object.keys(manifest[field])) visit(appLocation, name, true, field === 'optionalDependencies', 'the app');
  }
  const lockPackages = { '': root };
  for (const path of [...out.keys()].sort()) {
    lockPackages[path] = required.has(path) ? out.get(path) : { ...out.get(path), optional: true };
  }
  return { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages: lockPackages };
}
