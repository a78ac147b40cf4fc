import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PACKED_APP_ENV } from '../examples/nextjs/scripts/appDir.mjs';
import { startNextExample } from '../examples/nextjs/scripts/startServer.mjs';
import { browserPackages, repoRoot } from '../scripts/pack.mjs';
import { readLockPackages, SERVER_LIBRARIES, serverLibrariesIn } from './lib/installedTree.mjs';
import {
  APP_HOOK_TIMEOUT_MS,
  APP_STEP_TIMEOUT_MS,
  appEnv,
  freshDir,
  handOffDir,
  installPackedApp,
  lockfileVersion,
  runInApp,
} from './lib/packedApp.mjs';

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
  /** Starts the built app once and checks what it serves (always stopped). */
  serve?: { test: string; check(dir: string): Promise<void> };
  /**
   * An environment variable that, when set, names the folder to install and build the app in instead of a temporary
   * one, left there for another step (`handOffDir`): `npm test`'s Next.js e2e serves that build.
   */
  handOffEnv?: string;
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
  {
    name: 'Next.js example (examples/nextjs)',
    source: join(repoRoot, 'examples/nextjs'),
    output: '.next/static',
    handOffEnv: PACKED_APP_ENV,
    expectInOutput: ['Latch hooks and components need <LatchProvider', 'eip6963:requestProvider'],
    serve: {
      test: '`next start` serves the Connect and network buttons in the server-rendered HTML of /',
      async check(dir) {
        // The server renders with these in its config; nothing is asked of them (no browser connects).
        const server = await startNextExample({
          appDir: dir,
          eip155: { rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 },
          solana: { rpcUrl: 'http://127.0.0.1:8899' },
        });
        try {
          const html = await (await fetch(server.url)).text();
          expect(html).toMatch(/<button[^>]*data-testid="latch-connect-button"[^>]*>Connect Wallet<\/button>/);
          expect(html).toContain('data-testid="latch-network-button"');
        } finally {
          await server.stop();
        }
      },
    },
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

/**
 * Every app is copied, installed and built side by side in this one hook (the installs wait on the disk, the builds
 * on the CPU: together they take less than one after the other); each app's tests then read its own outcome.
 */
interface Prepared {
  dir: string;
  installed: string[];
  /** The install's or the build's failure, shown by the app's first test. */
  failure?: unknown;
}
const prepared = new Map<string, Prepared>();
const folders: ReturnType<typeof freshDir>[] = [];

beforeAll(async () => {
  const tarballs = new Map(Object.entries(inject('tarballs')));
  await Promise.all(
    apps.map(async (app) => {
      const entry: Prepared = { dir: '', installed: [] };
      prepared.set(app.name, entry);
      try {
        const handOff = app.handOffEnv && process.env[app.handOffEnv];
        const folder = handOff ? handOffDir(handOff) : freshDir('latch-packed-app-');
        folders.push(folder);
        entry.dir = folder.dir;
        entry.installed = (
          await installPackedApp({ source: app.source, dir: entry.dir, tarballs, extraPackages: app.extraPackages })
        ).installed;
        await runInApp(entry.dir, 'npm', ['run', 'build'], { NEXT_TELEMETRY_DISABLED: '1' });
      } catch (error) {
        entry.failure = error;
      }
    }),
  );
  // An install and a build in sequence per app, each bounded by APP_STEP_TIMEOUT_MS.
}, 2 * APP_HOOK_TIMEOUT_MS);
afterAll(() => {
  for (const folder of folders) folder.remove();
});

describe.each(apps.map((app) => [app.name, app] as const))('%s installed from the tarballs', (_, app) => {
  let dir = '';
  let installed: string[] = [];

  beforeAll(() => {
    const entry = prepared.get(app.name);
    if (!entry) throw new Error(`${app.name} was not prepared`);
    if (entry.failure) throw entry.failure;
    ({ dir, installed } = entry);
  });

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

  it('builds, and the output holds Latch', () => {
    const js = builtJavaScript(join(dir, app.output));
    for (const text of app.expectInOutput) expect(js, text).toContain(text);
  });

  if (app.serve) {
    const { test, check } = app.serve;
    it(test, () => check(dir), APP_HOOK_TIMEOUT_MS);
  }

  it.each((app.checkServerLibraries ?? []).map((name) => [name]))(
    `%s: its installed tree holds no server library (${SERVER_LIBRARIES.join(', ')})`,
    (name) => {
      expect(serverLibrariesIn(readLockPackages(dir), name)).toEqual([]);
    },
  );
});
