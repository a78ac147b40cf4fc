import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { laneOf, parseMachineStat, parseProcStat, processKind, processSampler, sumBy } from './processCpu.mjs';

describe('parseProcStat', () => {
  it('reads ppid, CPU ticks and start time after the last parenthesis, whatever the process name holds', () => {
    // proc(5): pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime
    // cstime priority nice num_threads itrealvalue starttime ...
    const line = '4242 (a) b (c)) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 31 7 3 20 0 4 0 987654 123456 789';
    expect(parseProcStat(line)).toEqual({ ppid: 17, ticks: 281, startTime: 987654 });
  });

  it("agrees with this process's own /proc entry", () => {
    const own = parseProcStat(readFileSync('/proc/self/stat', 'utf8'));
    expect(own.ppid).toBe(process.ppid);
    expect(own.ticks).toBeGreaterThanOrEqual(0);
    expect(own.startTime).toBeGreaterThan(0);
  });

  it('refuses what is not a stat line', () => {
    expect(() => parseProcStat('no parenthesis here')).toThrow(/not a \/proc\/<pid>\/stat line/);
    expect(() => parseProcStat('1 (x) S')).toThrow(/unreadable/);
  });
});

it('parseMachineStat: busy is everything but idle and iowait', () => {
  expect(parseMachineStat('cpu  100 5 20 1000 30 1 2 4 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n')).toEqual({ busy: 132, idle: 1030 });
  expect(() => parseMachineStat('intr 1 2 3')).toThrow(/not \/proc\/stat/);
});

describe('processKind', () => {
  it.each([
    ['/usr/lib/chromium/chromium-headless-shell --type=renderer --headless=old --no-sandbox', 'Chromium renderer'],
    ['/usr/lib/chromium/chromium-headless-shell --disable-field-trial-config --remote-debugging-pipe', 'Chromium browser'],
    ['/usr/lib/chromium/chromium --type=gpu-process --no-sandbox', 'Chromium gpu-process'],
    ['/usr/bin/node /work/main/node_modules/playwright/lib/worker/workerProcessEntry.js', 'Playwright worker'],
    ['node /work/main/node_modules/.bin/playwright test -c examples/react-vite/playwright.config.ts', 'Playwright runner'],
    [
      '/usr/bin/node --experimental-import-meta-resolve --require /work/main/node_modules/vitest/suppress-warnings.cjs --conditions node',
      'Vitest worker',
    ],
    ['node /work/main/node_modules/.bin/vitest run --reporter=default --project=!packaging', 'Vitest runner'],
    ['node /usr/bin/npm ci --no-audit --no-fund --loglevel=error --offline', 'npm install'],
    ['npm pack --pack-destination /tmp/latch-packs-1 --json', 'npm pack'],
    ['npm run build', 'npm (other)'],
    ['node /tmp/latch-nextjs-packed-x/node_modules/.bin/next build', 'next build'],
    ['next-build (v16.4.6)', 'next build'],
    ['next-server (v16.4.6)', 'next server'],
    ['/work/main/node_modules/@typescript/typescript-linux-x64/lib/tsc -p tsconfig.json --noEmit', 'tsc'],
    ['/work/main/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil --host 127.0.0.1 --port 0', 'anvil'],
    ['/usr/bin/node /work/main/node_modules/@acala-network/chopsticks/chopsticks.cjs --genesis x.json', 'chopsticks'],
    ['/usr/lib/postgresql/15/bin/postgres -D /tmp/latch-pg-1 -p 5433', 'PostgreSQL'],
    ['/usr/bin/node /work/main/siwx/example/server.mjs', 'other Node process'],
    ['', 'kernel thread'],
    ['/bin/bash -c make', 'other'],
  ])('%s → %s', (cmdline, kind) => {
    expect(processKind(cmdline)).toBe(kind);
  });
});

it('laneOf: the outermost command line that names a lane of npm test', () => {
  const renderer = '/usr/lib/chromium/chromium-headless-shell --type=renderer';
  expect(laneOf([renderer, 'node workerProcessEntry.js', 'node playwright test -c examples/react-vite/playwright.config.ts'])).toBe('e2e');
  expect(laneOf([renderer, 'node playwright test -c examples/nextjs/playwright.config.ts'])).toBe('e2e, Next.js example');
  expect(laneOf(['node npm ci', 'node vitest run --project=packaging'])).toBe('packaging tests');
  expect(laneOf(['anvil', 'node vitest run --project=!packaging'])).toBe('unit and component tests');
  expect(laneOf(['tsc -p tsconfig.build.json', 'npm run build --silent -w kernel'])).toBe('set-up (lint, types, build)');
  // The packaging tests build the apps they installed: `npm run build` there is theirs, not the set-up step's.
  expect(laneOf(['next-build (v16.4.6)', 'npm run build', 'node vitest run --project=packaging', 'node scripts/test.mjs'])).toBe(
    'packaging tests',
  );
  expect(laneOf(['bash'])).toBe('outside the lanes');
});

it('sumBy: totals by a field, the largest first, without the processes that used nothing', () => {
  const rows = sumBy(
    [
      { kind: 'a', ticks: 5 },
      { kind: 'b', ticks: 9 },
      { kind: 'a', ticks: 7 },
      { kind: 'c', ticks: 0 },
    ],
    'kind',
  );
  expect(rows).toEqual([
    { name: 'a', processes: 2, ticks: 12 },
    { name: 'b', processes: 1, ticks: 9 },
  ]);
  const pairs = sumBy(
    [
      { lane: 'e2e', kind: 'x', ticks: 1 },
      { lane: 'unit', kind: 'x', ticks: 4 },
      { lane: 'e2e', kind: 'x', ticks: 2 },
    ],
    ['lane', 'kind'],
  );
  expect(pairs).toEqual([
    { name: 'unit / x', processes: 1, ticks: 4 },
    { name: 'e2e / x', processes: 2, ticks: 3 },
  ]);
});

it('processSampler: a grandchild that burns a second of CPU is seen with that CPU, by the name it took, in the lane its parent names', async () => {
  // The grandchild spins until it has used 1 s of CPU (its whole life's, measured by itself), then prints what it used.
  // Half-way it renames itself, as npm does once it has read its configuration.
  const spin =
    'let n=0;for(;;){if(++n%100000===0){const u=process.cpuUsage();if(u.user+u.system>5e5)process.title="latch-renamed-spinner";if(u.user+u.system>1e6){console.log(u.user+u.system);break}}}';
  // The parent names the unit lane in its arguments, as `vitest run --project=!packaging` does in npm test.
  const parent = `const c=require('node:child_process').spawn(process.execPath,['-e',${JSON.stringify(spin)},'latch-sampler-spinner'],{stdio:['ignore','inherit','inherit']});c.on('close',(code)=>process.exit(code??1));`;
  const sampler = processSampler();
  sampler.scan();
  const child = spawn(process.execPath, ['-e', parent, '--', '--project=!packaging'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const timer = setInterval(sampler.scan, 50);
  const code = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(timer);
  expect(code).toBe(0);
  const usedSeconds = Number(output.trim()) / 1e6;
  expect(usedSeconds).toBeGreaterThan(1);
  const spinner = sampler.result().find((entry) => entry.cmdline === 'latch-renamed-spinner');
  // Its own command line names no lane: the lane comes from its parent's.
  expect(spinner?.cmdline).not.toContain('--project');
  expect(spinner).toMatchObject({ kind: 'other', lane: 'unit and component tests' });
  // Ticks are 1/100 s; the last interval before the spinner ended is not seen (scans every 50 ms, on a loaded machine
  // maybe a few hundred ms apart).
  const sampledSeconds = (spinner?.ticks ?? 0) / 100;
  expect(sampledSeconds).toBeLessThanOrEqual(usedSeconds + 0.02);
  expect(sampledSeconds).toBeGreaterThan(usedSeconds * 0.5);
});
