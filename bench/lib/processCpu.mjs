// Where a command's CPU goes, process by process (Linux, from /proc): `bench/suite-cpu.mjs` samples every process while
// the command runs and sums their CPU time by kind (Vitest worker, Chromium renderer, npm install, ...) and by lane of
// `npm test`. Why not `/usr/bin/time`: it counts only the children the command waits for, and Chromium's renderers are
// forked by its zygote, so their CPU (about a quarter of a full `npm test`) never reaches it.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * One line of `/proc/<pid>/stat`: the parent's pid, the CPU time used (user + system, in clock ticks) and the start time
 * (ticks after boot, which with the pid names one process: pids are reused). The process name, in parentheses, may
 * itself hold spaces and parentheses, so the fields are read after its last `)`.
 */
export function parseProcStat(text) {
  const close = text.lastIndexOf(')');
  if (close < 0) throw new Error(`not a /proc/<pid>/stat line: ${JSON.stringify(text.slice(0, 80))}`);
  // Fields from the third on (state, ppid, ...): field n of proc(5) is at index n - 3.
  const fields = text
    .slice(close + 2)
    .trim()
    .split(' ');
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  const startTime = Number(fields[19]);
  if (![ppid, ticks, startTime].every(Number.isFinite))
    throw new Error(`unreadable /proc/<pid>/stat fields: ${JSON.stringify(text.slice(0, 120))}`);
  return { ppid, ticks, startTime };
}

/** The whole machine's CPU time from the first line of `/proc/stat`, in ticks: busy (all but idle and iowait) and idle. */
export function parseMachineStat(text) {
  const line = text.split('\n', 1)[0];
  if (!line.startsWith('cpu ')) throw new Error(`not /proc/stat: ${JSON.stringify(line.slice(0, 80))}`);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
}

/**
 * Kinds of process by command line (NUL-separated arguments read as spaces), named the way the notes on `npm test`
 * speak of them, the first that matches. The order matters: a Vitest worker's command line names Vitest's files too.
 */
const KINDS = [
  [/playwright\/lib\/worker\/workerProcessEntry/, 'Playwright worker'],
  [/\bplaywright test\b/, 'Playwright runner'],
  [/vitest\/suppress-warnings|vitest\/dist\/workers/, 'Vitest worker'],
  [/\bvitest run\b|\/vitest\.mjs run\b/, 'Vitest runner'],
  [/\bnpm(-cli\.js)? (ci|install)\b/, 'npm install'],
  [/\bnpm(-cli\.js)? pack\b/, 'npm pack'],
  // Next.js renames its processes once started: `next-build (v16.4.6)`, `next-server (v16.4.6)`.
  [/\bnext[- ]build\b/, 'next build'],
  [/\bnext (start|dev)\b|next-server/, 'next server'],
  [/typescript-[\w-]+\/lib\/tsc\b|\btsc\b/, 'tsc'],
  [/\bvite build\b|\bbuild\.mjs\b/, 'vite build'],
  [/\bbiome\b/, 'Biome'],
  [/\banvil\b/, 'anvil'],
  [/chopsticks/, 'chopsticks'],
  [/\bpostgres\b|\binitdb\b|\bpg_ctl\b/, 'PostgreSQL'],
  [/\balto\b/, 'alto (bundler)'],
];

/** The kind of a process from its command line: a Chromium process by its `--type`, else the first of KINDS. */
export function processKind(cmdline) {
  if (cmdline === '') return 'kernel thread';
  if (/(^|\/)chrom(e|ium)[\w-]*$/.test(cmdline.split(' ', 1)[0])) return `Chromium ${/--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser'}`;
  for (const [pattern, kind] of KINDS) if (pattern.test(cmdline)) return kind;
  if (/^(\S*\/)?node\b/.test(cmdline)) return 'other Node process';
  if (/^(\S*\/)?npm\b|\/bin\/npm\b|\bnpx\b/.test(cmdline)) return 'npm (other)';
  return 'other';
}

/** The lanes of `npm test` (scripts/test.mjs), told by a command line among a process's ancestors (its own first). */
const LANES = [
  [/--project=packaging\b/, 'packaging tests'],
  [/--project=!packaging\b/, 'unit and component tests'],
  [/examples\/nextjs\/playwright\.config/, 'e2e, Next.js example'],
  [/playwright\.config/, 'e2e'],
  [/\bbiome check\b|tsconfig\.json --noEmit|\brun build\b/, 'set-up (lint, types, build)'],
];

/**
 * The lane of a process whose command line, then its ancestors' (nearest first), are `cmdlines`: the one its outermost
 * ancestor that names a lane names, as `npm test` starts each lane itself and a lane may start a command another lane
 * is named by (the packaging tests run `npm run build` in the apps they install).
 */
export function laneOf(cmdlines) {
  for (const cmdline of [...cmdlines].reverse()) for (const [pattern, lane] of LANES) if (pattern.test(cmdline)) return lane;
  return 'outside the lanes';
}

/**
 * Samples every process on the machine: call `scan()` again and again while the command runs, then `result()`. A
 * process is known by its pid and start time; its CPU time is the last value read (so a process that ends loses at
 * most one interval, and one that starts and ends between two scans is not seen: compare with the machine's total).
 * Its command line is read again at every scan during its first half minute, then at every tenth: a forked child shows
 * its parent's until it runs its own, and a program may rename itself once started (npm shows `npm` until it has read
 * its configuration, then `npm ci ...`, which took over 2 s on the loaded machine).
 */
export function processSampler({ proc = '/proc' } = {}) {
  /** key `${pid}:${startTime}` -> { pid, ppid, startTime, firstTicks, ticks, cmdline, reads } */
  const seen = new Map();
  let scans = 0;
  const read = (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined; // the process ended between the directory listing and the read
    }
  };
  function scan() {
    scans += 1;
    for (const name of readdirSync(proc)) {
      if (!/^\d+$/.test(name)) continue;
      const stat = read(`${proc}/${name}/stat`);
      if (stat === undefined) continue;
      const { ppid, ticks, startTime } = parseProcStat(stat);
      const key = `${name}:${startTime}`;
      let entry = seen.get(key);
      if (!entry) {
        // A process already running at the first scan counts from there; one seen later, from its start.
        entry = { pid: Number(name), ppid, startTime, firstTicks: scans === 1 ? ticks : 0, ticks, cmdline: '', reads: 0 };
        seen.set(key, entry);
      }
      entry.ticks = ticks;
      if (entry.reads < 60 || scans % 10 === 0) {
        // Empty once the process has ended (a zombie): the last one read stays.
        const cmdline = read(`${proc}/${name}/cmdline`)?.replaceAll('\0', ' ').trim();
        if (cmdline) entry.cmdline = cmdline;
        entry.reads += 1;
      }
    }
  }
  /** Each process seen, with the CPU ticks it used while sampled, its kind and its lane (through its ancestors). */
  function result() {
    const byPid = new Map();
    for (const entry of seen.values()) {
      const list = byPid.get(entry.pid) ?? [];
      list.push(entry);
      byPid.set(entry.pid, list);
    }
    // The parent of a process: the process with that pid that started last before it did (pids are reused).
    const parentOf = (entry) =>
      (byPid.get(entry.ppid) ?? [])
        .filter((candidate) => candidate.startTime <= entry.startTime)
        .sort((a, b) => b.startTime - a.startTime)[0];
    return [...seen.values()].map((entry) => {
      const chain = [entry.cmdline];
      for (let parent = parentOf(entry), hops = 0; parent && hops < 30; parent = parentOf(parent), hops += 1) chain.push(parent.cmdline);
      return {
        pid: entry.pid,
        cmdline: entry.cmdline,
        ticks: entry.ticks - entry.firstTicks,
        kind: entry.pid === process.pid ? 'this sampler' : processKind(entry.cmdline),
        lane: laneOf(chain),
      };
    });
  }
  return { scan, result };
}

/**
 * Sums `processes` (from `result()`) by `field` ('kind' or 'lane'), or by several joined with ' / ': rows of
 * { name, processes, ticks }, the largest first.
 */
export function sumBy(processes, field) {
  const fields = Array.isArray(field) ? field : [field];
  const rows = new Map();
  for (const process of processes) {
    const name = fields.map((key) => process[key]).join(' / ');
    const row = rows.get(name) ?? { name, processes: 0, ticks: 0 };
    row.processes += 1;
    row.ticks += process.ticks;
    rows.set(name, row);
  }
  return [...rows.values()].filter((row) => row.ticks > 0).sort((a, b) => b.ticks - a.ticks);
}
