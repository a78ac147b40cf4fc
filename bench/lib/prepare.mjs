// Before measuring: the repo's dependencies when missing, fresh builds of the Latch packages the
// scenarios use, and bench's own dependencies (the peers) when missing or stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstall } from '../../scripts/ensure-install.mjs';
import { BENCH_DIR, REPO_ROOT } from './paths.mjs';

/** Workspace packages every Latch scenario needs, in build order (testkit holds the mock wallet). */
const LATCH_PACKAGES = ['kernel', 'testkit', 'adapter-eip155', 'ui-react'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.test.tsx'))
    .reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry.name))), 0);
}

/** True when `dir`/dist/index.js is missing or older than its sources, package.json or vite config. */
export function isStale(dir) {
  const built = join(REPO_ROOT, dir, 'dist/index.js');
  if (!existsSync(built)) return true;
  const inputs = ['src', 'package.json', 'vite.config.ts'].map((p) => join(REPO_ROOT, dir, p)).filter(existsSync);
  return Math.max(...inputs.map(newestMtime)) > statSync(built).mtimeMs;
}

const buildWorkspace = (dir) =>
  spawnSync('npm', ['run', 'build', '-w', dir, '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' }).status === 0;

/**
 * Installs the repo when it has no node_modules (a fresh clone; `npm test` and `npm start` keep an
 * existing install fresh, and a reinstall here would pull node_modules from under a running build),
 * builds each Latch package the scenarios need whose dist is missing or stale, and each workspace
 * adapter or connector that was never built, so `latch-all` has them (one that fails is left out).
 */
export function prepareRepo() {
  if (!existsSync(join(REPO_ROOT, 'node_modules'))) ensureInstall(REPO_ROOT);
  for (const dir of LATCH_PACKAGES.filter(isStale)) {
    console.log(`[bench] ${dir}/dist is missing or older than its sources: npm run build -w ${dir}`);
    if (!buildWorkspace(dir)) throw new Error(`building ${dir} failed`);
  }
  const { workspaces = [] } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const unbuilt = workspaces.filter((dir) => /^(adapter|connector)-/.test(dir) && !existsSync(join(REPO_ROOT, dir, 'dist/index.js')));
  for (const dir of unbuilt) {
    console.log(`[bench] ${dir} has no dist: npm run build -w ${dir}`);
    if (!buildWorkspace(dir)) console.warn(`[bench] building ${dir} failed: latch-all goes without it`);
  }
}

/** Installs bench/ from its lockfile when node_modules is missing or stale; returns the seconds it took, or null. */
export function prepareBench() {
  const started = Date.now();
  const installed = ensureInstall(BENCH_DIR);
  return installed ? (Date.now() - started) / 1000 : null;
}
