// `npm run bench:services`: load figures of Latch's three server parts on this machine, each as one instance on its
// own PGlite and as two instances on one PostgreSQL server, with what each process spent of a core meanwhile (what
// bounds the figure). Writes bench/SERVICES.md. Not part of `npm test`.
// Knobs: BENCH_SERVICE_SECONDS (10, per run), BENCH_SERVICES or arguments (scenario keys: embedded,names,siwx).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR } from '../lib/paths.mjs';
import { embedded } from './embedded.mjs';
import { closeSources, cpuMeter, load, machine, prepareServices } from './lib.mjs';
import { names } from './names.mjs';
import { siwx } from './siwx.mjs';

const SECONDS = Number(process.env.BENCH_SERVICE_SECONDS ?? 10);
const ALL = { embedded, names, siwx };
// Scenario keys as arguments (`npm run bench:services -- siwx`) or in BENCH_SERVICES; default all.
const chosen = ((process.argv.slice(2).join(',') || process.env.BENCH_SERVICES) ?? Object.keys(ALL).join(','))
  .split(',')
  .map((key) => key.trim())
  .filter((key) => key in ALL);

prepareServices();
const testkit = await import('@latch/testkit');
const devnet = await import('@latch/devnet');
const services = await import('@latch/devnet/services');

const TOPOLOGIES = [
  { label: '1 instance, PGlite', instances: 1, postgres: false },
  { label: '2 instances, one Postgres', instances: 2, postgres: true },
];

const rows = [];
const postgres = await services.startPostgres();
try {
  for (const key of chosen) {
    const scenario = ALL[key];
    for (const topology of TOPOLOGIES) {
      const database = topology.postgres ? await postgres.createDatabase() : undefined;
      const ports = [];
      for (let i = 0; i < topology.instances; i++) ports.push(await services.freePort());
      console.log(`[bench:services] ${scenario.name} — ${topology.label}: starting`);
      const running = await scenario.start({ testkit, devnet, services, database, ports });
      try {
        // A warm-up (JIT, pools, caches), then the measured run. A scenario whose requests are used up (one nonce
        // each) says how many the warm-up takes.
        await load({ urls: running.urls, duration: 2, ...running.options, ...running.warmUp });
        const processes = [...running.processes];
        if (topology.postgres) processes.push({ name: 'PostgreSQL (all backends)', pid: postgres.pid, children: true });
        const meter = cpuMeter(processes);
        const figures = await load({ urls: running.urls, duration: SECONDS, ...running.options });
        const cpu = meter();
        rows.push({ scenario, topology, figures, cpu });
        console.log(
          `[bench:services]   ${Math.round(figures.perSecond / scenario.requestsPerUnit)} ${scenario.unit}/s, p99 ${figures.p99} ms, ` +
            `${figures.failed} failed; CPU ${cpu.map(({ name, percent }) => `${name} ${percent}%`).join(', ')}`,
        );
      } finally {
        await running.stop();
      }
    }
  }
} finally {
  await postgres.stop();
  await closeSources();
}

// The rows of the scenarios not run this time stay as they were measured.
const FILE = join(BENCH_DIR, 'SERVICES.md');
const kept = existsSync(FILE)
  ? readFileSync(FILE, 'utf8')
      .split('\n')
      .filter((line) => Object.entries(ALL).some(([key, { name }]) => !chosen.includes(key) && line.startsWith(`| ${name} |`)))
  : [];
const table = [
  '| service | set-up | per second | requests/s | p50 ms | p99 ms | failed | CPU (% of one core) |',
  '|---|---|---:|---:|---:|---:|---:|---|',
  ...kept,
  ...rows.map(
    ({ scenario, topology, figures, cpu }) =>
      `| ${scenario.name} | ${topology.label} | ${Math.round(figures.perSecond / scenario.requestsPerUnit)} ${scenario.unit} | ${figures.perSecond} | ${figures.p50} | ${figures.p99} | ${figures.failed} | ${cpu.map(({ name, percent }) => `${name} ${percent}`).join(', ')} |`,
  ),
];
const text = `# Services under load

\`npm run bench:services\` on ${machine()}, ${new Date().toISOString().slice(0, 10)}: autocannon for ${SECONDS} s per row after a 2 s
warm-up, keep-alive connections spread evenly over the instances (as a load balancer would, without one in the
path), every process on this one machine. "CPU" is what each process spent of one core during the run: a process
near 100 % is what bounds the figure (Node runs each instance's JavaScript on one thread). A scenario whose requests
spend something once (SIWX: one nonce each) runs a fixed number of them instead of a duration.

${table.join('\n')}
`;
writeFileSync(FILE, text);
console.log(`\n${table.join('\n')}\n\n[bench:services] wrote bench/SERVICES.md`);
