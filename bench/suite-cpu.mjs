// `npm run bench:suite-cpu [-- <command>]`: runs a command (`npm test` when none is given) and tells where its CPU
// went: every process on the machine sampled from /proc twice a second, summed by kind of process and by lane of
// `npm test`, beside the machine's own total (busy and idle core-seconds from /proc/stat). Linux only. Prints the
// tables and writes them to BENCH_SUITE_CPU_OUT (default .latch-test-results/suite-cpu.json); exits with the
// command's code. Run it on an otherwise idle machine: every process counts, the sampler's own included.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseMachineStat, processSampler, sumBy } from './lib/processCpu.mjs';

const root = join(import.meta.dirname, '..');
const INTERVAL_MS = 500;
const out = process.env.BENCH_SUITE_CPU_OUT ?? join(root, '.latch-test-results/suite-cpu.json');
const [command, ...args] = process.argv.length > 2 ? process.argv.slice(2) : ['npm', 'test'];

if (process.platform !== 'linux') {
  console.error('[suite-cpu] reads /proc: Linux only');
  process.exit(2);
}
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const seconds = (ticks) => ticks / clockTicks;

const sampler = processSampler();
sampler.scan();
const machineBefore = parseMachineStat(readFileSync('/proc/stat', 'utf8'));
const started = Date.now();
const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
const timer = setInterval(sampler.scan, INTERVAL_MS);
const code = await new Promise((resolve) => child.on('close', (exit, signal) => resolve(exit ?? (signal ? 1 : 0))));
clearInterval(timer);
sampler.scan();
const machineAfter = parseMachineStat(readFileSync('/proc/stat', 'utf8'));

const processes = sampler.result();
const byKind = sumBy(processes, 'kind');
const byLane = sumBy(processes, 'lane');
const byLaneAndKind = sumBy(processes, ['lane', 'kind']);
const withSeconds = (rows) => rows.map((row) => ({ ...row, seconds: seconds(row.ticks) }));
const sampled = processes.reduce((sum, entry) => sum + entry.ticks, 0);
const machine = { busy: machineAfter.busy - machineBefore.busy, idle: machineAfter.idle - machineBefore.idle };
const report = {
  command: [command, ...args].join(' '),
  exitCode: code,
  wallSeconds: (Date.now() - started) / 1000,
  machine: { busySeconds: seconds(machine.busy), idleSeconds: seconds(machine.idle) },
  sampledSeconds: seconds(sampled),
  byLane: withSeconds(byLane),
  byKind: withSeconds(byKind),
  byLaneAndKind: withSeconds(byLaneAndKind),
  // The thirty that used the most, each with its command line (shortened), to see what a kind holds.
  largest: [...processes]
    .sort((a, b) => b.ticks - a.ticks)
    .slice(0, 30)
    .map((entry) => ({ seconds: seconds(entry.ticks), kind: entry.kind, lane: entry.lane, cmdline: entry.cmdline.slice(0, 240) })),
};

const table = (title, rows) => {
  console.log(`\n${title}\n${'CPU-s'.padStart(9)} ${'share'.padStart(6)} ${'procs'.padStart(6)}  name`);
  for (const row of rows) {
    const share = `${((100 * row.ticks) / sampled).toFixed(1)}%`;
    console.log(`${seconds(row.ticks).toFixed(1).padStart(9)} ${share.padStart(6)} ${String(row.processes).padStart(6)}  ${row.name}`);
  }
};
console.log(`\n[suite-cpu] ${report.command}: exit ${code}, ${report.wallSeconds.toFixed(0)} s wall`);
console.log(
  `[suite-cpu] the machine: ${report.machine.busySeconds.toFixed(0)} CPU-s busy, ${report.machine.idleSeconds.toFixed(0)} core-s idle; ` +
    `the processes sampled: ${report.sampledSeconds.toFixed(0)} CPU-s (the rest: the kernel's own work, and processes too short to be seen)`,
);
table('By lane of npm test', byLane);
table('By kind of process', byKind);
table('By lane and kind (the twenty largest)', byLaneAndKind.slice(0, 20));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\n[suite-cpu] written to ${out}`);
process.exit(code);
