// `npm run pack`: build every publishable workspace package and `npm pack` it into one folder (.packs/ by default),
// so an app outside the repository installs Latch as it will be published: `npm install <the printed paths>`.
// Usage: node scripts/pack.mjs [--out <dir>] [--no-build]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The workspace packages npm would publish (not `private`), in the order of the root package.json's workspaces (which
 * is also the build order: a package comes after the ones it depends on).
 * @returns {{ dir: string, name: string, version: string, manifest: Record<string, any> }[]}
 */
export function publishablePackages(root = repoRoot) {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ dir, name: manifest.name, version: manifest.version, manifest }));
}

/**
 * Packages that run in Node only (test tools, services): every other publishable package is a browser package, whose
 * installed tree must hold no server library.
 */
export function isNodePackage(pkg) {
  return pkg.dir === 'testkit' || pkg.dir.startsWith('service-');
}

/** The publishable packages an app puts in a browser bundle. */
export function browserPackages(root = repoRoot) {
  return publishablePackages(root).filter((pkg) => !isNodePackage(pkg));
}

/**
 * Pack every publishable package into `outDir` (emptied of old tarballs first).
 * @returns {Map<string, string>} package name → absolute tarball path
 */
export function packAll({ root = repoRoot, outDir = join(root, '.packs'), build = true, quiet = false } = {}) {
  const packages = publishablePackages(root);
  const workspaceArgs = packages.flatMap((pkg) => ['--workspace', pkg.dir]);
  const stdio = quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit';
  if (build) execFileSync('npm', ['run', 'build', '--if-present', '--silent', ...workspaceArgs], { cwd: root, stdio });
  const destination = resolve(root, outDir);
  mkdirSync(destination, { recursive: true });
  for (const file of readdirSync(destination)) if (file.endsWith('.tgz')) rmSync(join(destination, file));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination, ...workspaceArgs], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const packed = JSON.parse(out);
  return new Map(packed.map((entry) => [entry.name, join(destination, entry.filename)]));
}

/** Tarballs of `names` and of every @latch package they depend on (none of them is on the registry yet). */
export function tarballsWithInternalDependencies(names, tarballs, root = repoRoot) {
  const manifests = new Map(publishablePackages(root).map((pkg) => [pkg.name, pkg.manifest]));
  const wanted = new Set();
  const visit = (name) => {
    if (wanted.has(name)) return;
    const manifest = manifests.get(name);
    if (!manifest) throw new Error(`${name} is not a publishable package of this repository`);
    wanted.add(name);
    const deps = { ...manifest.dependencies, ...manifest.peerDependencies };
    for (const dep of Object.keys(deps)) if (manifests.has(dep)) visit(dep);
  };
  for (const name of names) visit(name);
  return [...wanted].map((name) => {
    const path = tarballs.get(name);
    if (!path) throw new Error(`no tarball for ${name}: run the pack first`);
    return path;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const outDir = outIndex >= 0 ? args[outIndex + 1] : join(repoRoot, '.packs');
  if (outIndex >= 0 && !outDir) {
    console.error('--out needs a folder');
    process.exit(2);
  }
  ensureInstall(repoRoot);
  const tarballs = packAll({ outDir: resolve(process.cwd(), outDir), build: !args.includes('--no-build'), quiet: true });
  for (const path of tarballs.values()) console.log(path);
  console.log(
    `\nPacked ${tarballs.size} packages. In your app, \`npm install\` the tarballs of the packages you use and of ` +
      '@latch/kernel (every package depends on it), e.g. latch-react-*.tgz latch-kernel-*.tgz latch-adapter-eip155-*.tgz.',
  );
}
