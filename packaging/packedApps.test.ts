import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPackages, repoRoot } from '../scripts/pack.mjs';
import { readLockPackages, SERVER_LIBRARIES, serverLibrariesIn } from './lib/installedTree.mjs';
import { APP_HOOK_TIMEOUT_MS, APP_STEP_TIMEOUT_MS, appEnv, freshDir, installPackedApp, lockfileVersion } from './lib/packedApp.mjs';

interface PackedApp {
  /** Shown in the test names. */
  name: string;
  /** The app's folder (copied outside the repository; its @latch dependencies are replaced by the tarballs). */
  source: string;
  /** More @latch packages to install beside the app's own. */
  extraPackages?: string[];
  /** The build's output folder inside the app. */
  output: string;
  /** Texts of Latch's own code the built JavaScript must contain. */
  expectInOutput: string[];
  /** Check each of these packages' installed trees for server libraries (they must be installed in this app). */
  checkServerLibraries?: string[];
}

const browser = browserPackages().map((pkg) => pkg.name);

/**
 * The apps that install Latch from tarballs, as an integrator would before Latch is on the registry. Each one is one
 * install and one build; add an example here (its `npm run build` must build it) to cover it too.
 */
const apps: PackedApp[] = [
  {
    name: 'plain Vite + React app',
    source: join(repoRoot, 'packaging/apps/vite-react'),
    // Every browser package goes into this one install, so their trees are checked without an install each.
    extraPackages: browser,
    output: 'dist',
    expectInOutput: ['Latch hooks and components need <LatchProvider', 'eip6963:requestProvider'],
    checkServerLibraries: browser,
  },
];

/** Every .js file under `dir`, concatenated. */
function builtJavaScript(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');
}

it('the Vite app pins the versions of the repository lockfile (what `npm ci` of the repo left in the npm cache)', () => {
  const { dependencies } = JSON.parse(readFileSync(join(repoRoot, 'packaging/apps/vite-react/package.json'), 'utf8'));
  const pinned = Object.entries(dependencies as Record<string, string>).filter(([name]) => !name.startsWith('@latch/'));
  expect(pinned.length).toBeGreaterThan(0);
  for (const [name, version] of pinned) expect(version, name).toBe(lockfileVersion(name));
});

describe.each(apps.map((app) => [app.name, app] as const))('%s installed from the tarballs', (_, app) => {
  let folder: ReturnType<typeof freshDir> | undefined;
  let dir = '';
  let installed: string[] = [];

  beforeAll(() => {
    folder = freshDir('latch-packed-app-');
    dir = folder.dir;
    const tarballs = new Map(Object.entries(inject('tarballs')));
    installed = installPackedApp({ source: app.source, dir, tarballs, extraPackages: app.extraPackages }).installed;
  }, APP_HOOK_TIMEOUT_MS);
  afterAll(() => folder?.remove());

  it('installs the @latch packages from the tarballs, not as links to the repository', () => {
    const packages = readLockPackages(dir);
    expect(installed.length).toBeGreaterThan(0);
    for (const name of installed) {
      const entry = packages[`node_modules/${name}`] as { resolved?: string; link?: boolean } | undefined;
      expect(entry?.link, name).toBeUndefined();
      expect(entry?.resolved, name).toMatch(/\.tgz$/);
    }
  });

  it(
    'has exactly one React (two copies leave a blank page: "Cannot read properties of null (reading \'useContext\')")',
    () => {
      const packages = readLockPackages(dir);
      const reacts = Object.keys(packages).filter((key) => key === 'node_modules/react' || key.endsWith('/node_modules/react'));
      expect(reacts).toEqual(['node_modules/react']);
      // npm's own view agrees: it exits non-zero on an invalid or missing peer.
      const tree = execFileSync('npm', ['ls', 'react', '--all', '--parseable'], {
        cwd: dir,
        env: appEnv(),
        encoding: 'utf8',
        timeout: APP_STEP_TIMEOUT_MS,
      });
      expect(new Set(tree.trim().split('\n'))).toEqual(new Set([join(dir, 'node_modules/react')]));
    },
    APP_HOOK_TIMEOUT_MS,
  );

  it(
    'builds, and the output holds Latch',
    () => {
      execFileSync('npm', ['run', 'build'], {
        cwd: dir,
        env: appEnv(),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: APP_STEP_TIMEOUT_MS,
      });
      const js = builtJavaScript(join(dir, app.output));
      for (const text of app.expectInOutput) expect(js, text).toContain(text);
    },
    APP_HOOK_TIMEOUT_MS,
  );

  it.each((app.checkServerLibraries ?? []).map((name) => [name]))(
    `%s: its installed tree holds no server library (${SERVER_LIBRARIES.join(', ')})`,
    (name) => {
      expect(serverLibrariesIn(readLockPackages(dir), name)).toEqual([]);
    },
  );
});
