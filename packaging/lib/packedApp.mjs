// An app outside the repository that installs Latch from packed tarballs, as an integrator would before Latch is on the
// registry: no workspace links, every other package from the npm cache (nothing is downloaded).
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot, tarballsWithInternalDependencies } from '../../scripts/pack.mjs';
import { appLockfile } from './appLock.mjs';
import { readLockPackages } from './installedTree.mjs';

const execFileAsync = promisify(execFile);

/**
 * The environment for npm and builds in the app: without the `npm_*` variables of an enclosing `npm test` (its
 * `npm_config_local_prefix` would point npm back at the repository) and without NODE_ENV (vitest sets it to `test`).
 */
export function appEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.toLowerCase().startsWith('npm_')) delete env[key];
  delete env.NODE_ENV;
  return env;
}

/** A fresh folder outside the repository; `remove()` deletes it. */
export function freshDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A folder another step named for an app to be installed, built and left in (`npm test` names a fresh temporary one
 * for the Next.js example, whose e2e then serves that build): outside the repository, like `freshDir`'s (inside it,
 * Node would resolve what a tarball lacks from the repository's node_modules), and absent or empty (nothing in it is
 * ever deleted). Created when absent; `remove()` leaves it to the step that named it.
 */
export function handOffDir(path) {
  const dir = resolve(path);
  const fromRoot = relative(repoRoot, dir);
  if (fromRoot !== '..' && !fromRoot.startsWith(`..${sep}`) && !isAbsolute(fromRoot)) {
    throw new Error(
      `${dir} is inside the repository: name a folder outside it (an app installed there would resolve packages from the repository's node_modules)`,
    );
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} is not empty: name a new or empty folder (nothing in it is deleted)`);
  }
  mkdirSync(dir, { recursive: true });
  return { dir, remove: () => undefined };
}

/** The version of `name` the repository's lockfile installs at its root (what `npm ci` of the repo put in the cache). */
export function lockfileVersion(name) {
  const version = readLockPackages(repoRoot)[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in the repository's package-lock.json`);
  return version;
}

/**
 * Bound on one install or build in an app, against a hang (never a measure of speed). The install of every browser
 * package took 90 s on a 2-core machine at load 13 and 200 s at load 22, so it gets twice a set-up's 5 minutes
 * (SET_UP_TIMEOUT_MS in testkit/src/timeouts.ts) less 30 s: the process is killed and named before its hook
 * (APP_HOOK_TIMEOUT_MS) gives up.
 */
export const APP_HOOK_TIMEOUT_MS = 600_000;
export const APP_STEP_TIMEOUT_MS = APP_HOOK_TIMEOUT_MS - 30_000;

const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

/** `npm install` in `dir`, preferring the cache; returns npm's output for a failing test's message. */
export function npmInstall(dir, args = []) {
  return execFileSync('npm', ['install', ...NPM_QUIET, '--prefer-offline', ...args], {
    cwd: dir,
    env: appEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: APP_STEP_TIMEOUT_MS,
  });
}

/**
 * Runs `command` in an app's folder without blocking (the apps install and build side by side); rejects with the
 * command's output when it fails or outlives APP_STEP_TIMEOUT_MS.
 */
export async function runInApp(dir, command, args, env = {}) {
  try {
    const { stdout } = await execFileAsync(command, args, {
      cwd: dir,
      env: { ...appEnv(), ...env },
      encoding: 'utf8',
      timeout: APP_STEP_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
    throw new Error(`\`${command} ${args.join(' ')}\` failed in ${dir}: ${String(error?.message ?? error)}\n${stdout}\n${stderr}`);
  }
}

/**
 * Copy the app at `source` (a folder with a package.json, e.g. packaging/apps/vite-react or an example) to `dir`,
 * point its @latch dependencies, and `extraPackages`, at the tarballs (with the @latch packages they depend on), and
 * install. Folders a build or an install left in the source are not copied.
 *
 * The install is `npm ci --offline` of a lockfile made from the repository's (`appLockfile`, lib/appLock.mjs): every
 * other package is the version the repository installs, from the npm cache its `npm ci` filled, so it asks no
 * registry anything, and a package missing from the cache fails the install (ENOTCACHED, naming it) instead of being
 * downloaded. (With `--prefer-offline`, npm still asked the registry for `@latch/kernel`, which the tarballs name as a
 * dependency, before settling on the tarball; `npm install --offline` needs registry documents `npm ci` does not
 * cache, and failed on a new machine.)
 */
export async function installPackedApp({ source, dir, tarballs, extraPackages = [] }) {
  const skip = new Set(['node_modules', 'dist', '.next', 'package-lock.json']);
  cpSync(source, dir, { recursive: true, filter: (path) => !skip.has(path.slice(path.lastIndexOf('/') + 1)) });
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const latch = [...new Set([...Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith('@latch/')), ...extraPackages])];
  // @latch devDependencies are the repository's test tools (the testkit, for an example's e2e), not part of the app an
  // integrator builds: dropped, as the build does not use them.
  for (const field of ['dependencies', 'devDependencies']) {
    for (const name of Object.keys(manifest[field] ?? {})) if (name.startsWith('@latch/')) delete manifest[field][name];
  }
  const packed = tarballsWithInternalDependencies(latch, tarballs);
  const names = [...tarballs].filter(([, path]) => packed.includes(path)).map(([name]) => name);
  manifest.dependencies = { ...manifest.dependencies };
  for (const name of names) manifest.dependencies[name] = `file:${tarballs.get(name)}`;
  // The repository's `overrides` (a dependency's version the repository holds back): without them npm would find the
  // lockfile's version of it wrong and ask the registry for another.
  const { overrides } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  if (overrides) manifest.overrides = overrides;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const fromRoot = relative(repoRoot, source);
  const packages = readLockPackages(repoRoot);
  const lock = appLockfile({
    packages,
    manifest,
    tarballs: new Map(names.map((name) => [name, tarballs.get(name)])),
    appLocation: packages[fromRoot] ? fromRoot : '',
  });
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  return { installed: names, output: await runInApp(dir, 'npm', ['ci', ...NPM_QUIET, '--offline']) };
}
