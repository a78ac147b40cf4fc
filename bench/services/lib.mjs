// The services bench's plumbing: built packages, TypeScript fixtures from source, topologies (one instance on its own
// PGlite, two on one Postgres), autocannon, and per-process CPU, to say what bounds each figure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ensureInstall } from '../../scripts/ensure-install.mjs';
import { isStale } from '../lib/prepare.mjs';
import { REPO_ROOT } from '../lib/paths.mjs';

/** The workspaces whose built CLIs and libraries the scenarios run, in build order. */
const PACKAGES = [
  'kernel',
  'testkit',
  'devnet',
  'siwx',
  'feature-names',
  'service-kit',
  'service-names',
  'connector-embedded',
  'service-embedded-wallet',
];

/** Installs the repo when it has none, and builds each package whose dist is missing or older than its sources. */
export function prepareServices() {
  if (!existsSync(join(REPO_ROOT, 'node_modules'))) ensureInstall(REPO_ROOT);
  for (const dir of PACKAGES.filter(isStale)) {
    console.log(`[bench:services] ${dir}/dist is missing or older than its sources: npm run build -w ${dir}`);
    if (spawnSync('npm', ['run', 'build', '-w', dir, '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' }).status !== 0)
      throw new Error(`building ${dir} failed`);
  }
}

let viteServer;
/** Imports a TypeScript module of the repo (a test fixture) through Vite, as the tests do. */
export async function loadSource(path) {
  if (!viteServer) {
    const { createServer } = await import('vite');
    viteServer = await createServer({
      root: REPO_ROOT,
      configFile: false,
      logLevel: 'error',
      server: { middlewareMode: true, hmr: false, watch: null },
      optimizeDeps: { noDiscovery: true, entries: [] },
      appType: 'custom',
    });
  }
  return viteServer.ssrLoadModule(join(REPO_ROOT, path));
}
export const closeSources = () => viteServer?.close();

/** CPU seconds (user + system) of a process and, for PostgreSQL, of every backend it forked. */
function cpuSeconds(pid, withChildren) {
  const ticks = 100;
  const read = (id) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / ticks };
    } catch {
      return undefined;
    }
  };
  let total = read(pid)?.cpu ?? 0;
  if (withChildren) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = read(entry);
      if (stat?.ppid === pid) total += stat.cpu;
    }
  }
  return total;
}

/** Samples CPU of named processes over a run: `stop()` answers each one's share of one core, in %. */
export function cpuMeter(processes) {
  const started = Date.now();
  const before = processes.map(({ pid, children }) => cpuSeconds(pid, children));
  const self = process.cpuUsage();
  return () => {
    const seconds = (Date.now() - started) / 1000;
    const used = processes.map(({ name, pid, children }, index) => ({
      name,
      percent: Math.round((100 * (cpuSeconds(pid, children) - (before[index] ?? 0))) / seconds),
    }));
    const own = process.cpuUsage(self);
    used.push({ name: 'load generator (autocannon)', percent: Math.round((own.user + own.system) / 10_000 / seconds) });
    return used;
  };
}

/**
 * Runs autocannon against `urls` (several: its connections are spread over them, as a balancer would) and answers
 * requests per second, latency percentiles (ms) and how many answers were not 2xx or failed.
 */
export async function load({ urls, connections = 16, duration, amount, requests, setupClient, headers }) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({
    url: urls.length === 1 ? urls[0] : urls,
    connections,
    ...(amount ? { amount } : { duration }),
    requests,
    setupClient,
    headers,
  });
  return {
    requests: result.requests.total,
    perSecond: Math.round(result.requests.total / (result.duration || 1)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
    seconds: result.duration,
  };
}

export const machine = () => `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
