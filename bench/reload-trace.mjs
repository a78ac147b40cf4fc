// `node bench/reload-trace.mjs`: where the time goes between a reload's navigation and the connected address on
// screen, for the scenarios timed on reload (default: wagmi-floor and latch-evm, BENCH_SCENARIOS to change), in
// interleaved rounds (BENCH_RUNS, 7). Per scenario it prints the medians of: the document's response, each script's
// request start and end (in the order they were asked for), each wallet call, long tasks, and the address's frame.
// Run `npm run bench` (or `BENCH_MODES=reload npm run bench`) once first: it installs bench's dependencies.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildScenario, loadToolchain } from './lib/build.mjs';
import { launchBrowser, measureReload } from './lib/measure.mjs';
import { BENCH_DIR } from './lib/paths.mjs';
import { quartiles } from './lib/report.mjs';
import { SCENARIOS, selectedScenarios } from './lib/scenarios.mjs';
import { serveDirectory } from './lib/server.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const scenarios = process.env.BENCH_SCENARIOS
  ? selectedScenarios().filter((s) => s.reload)
  : SCENARIOS.filter((s) => ['wagmi-floor', 'latch-evm'].includes(s.name));

// Installed after the mock wallet's script: logs every wallet call and long task with its time since navigation.
const traceScript = `(() => {
  const log = (window.__benchTrace = { calls: [], longTasks: [] });
  const wrap = () => {
    for (const provider of Object.values(window.__latchMockWallets ?? {})) {
      if (provider.__traced) continue;
      const request = provider.request.bind(provider);
      provider.request = (args) => {
        const call = { method: args.method, at: performance.now() };
        log.calls.push(call);
        const answer = request(args);
        Promise.resolve(answer).then(() => (call.answeredAt = performance.now()), () => (call.failedAt = performance.now()));
        return answer;
      };
      provider.__traced = true;
    }
  };
  wrap();
  // Latch's account button drops aria-busy once the wallet has confirmed the restored session.
  const confirmed = () => {
    if (document.querySelector('[data-testid="latch-account-button"]:not([aria-busy])')) log.confirmedAt = performance.now();
    else requestAnimationFrame(confirmed);
  };
  requestAnimationFrame(confirmed);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) log.longTasks.push({ at: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

// BENCH_TRACE=1 (or a folder to write each trace's JSON to): a Chromium trace of every measured reload, summarised as the renderer main
// thread's work (tasks of 1 ms or more, and what runs inside them) in ms since the reload's navigation start.
const tracing = Boolean(process.env.BENCH_TRACE);
const chromeTrace = (browser) => ({
  beforeReload: (page) =>
    browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'v8'] }),
  afterReload: async () => JSON.parse((await browser.stopTracing()).toString('utf8')),
});
const INNER = new Set([
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.compile',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'RunMicrotasks',
  'EventDispatch',
  'v8.produceModuleCache',
  'HandlePostMessage',
  'ResourceReceivedData',
  'ResourceFinish',
  'Commit',
]);
function timeline(name, { traceEvents }) {
  const starts = traceEvents.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const nav = starts.at(-1);
  if (!nav) return console.log(`[trace] ${name}: no navigationStart`);
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav.pid);
  const onMain = traceEvents
    .filter((e) => e.pid === nav.pid && e.tid === main?.tid && e.ph === 'X' && e.ts >= nav.ts && e.dur >= 300)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  console.log(`\n[trace] ${name}: renderer main thread, ms since navigation start (start +duration)`);
  let taskEnd = 0;
  for (const e of onMain) {
    const at = (e.ts - nav.ts) / 1000;
    const top = e.ts >= taskEnd;
    if (top) taskEnd = e.ts + e.dur;
    if (!top && !INNER.has(e.name)) continue;
    if (top && e.dur < 1000) continue;
    const detail = e.args?.data?.url ?? e.args?.data?.functionName ?? e.args?.fileName ?? '';
    const file = String(detail).replace(/^.*\//, '');
    console.log(`${top ? '' : '    '}${at.toFixed(1).padStart(7)} +${(e.dur / 1000).toFixed(1)} ${e.name} ${file}`);
  }
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => (value === undefined ? '–' : `${value.toFixed(0)}`.padStart(5));
/** ", q1–q3 a–b": the spread, on a shared machine as telling as the median. */
const spread = (values) => {
  const [q1, q3] = quartiles(values);
  return q1 === undefined ? '' : `, q1–q3 ${q1.toFixed(0)}–${q3.toFixed(0)}`;
};
// The machine's load while measuring: a busy shared machine widens every spread.
const load = () => loadavg()[0].toFixed(1);
const loadAtStart = load();

const toolchain = await loadToolchain(BENCH_DIR);
const servers = new Map();
const traces = new Map(scenarios.map((s) => [s.name, []]));
try {
  for (const scenario of scenarios) {
    const sizes = await buildScenario(scenario.name, { toolchain });
    servers.set(scenario.name, await serveDirectory(sizes.outDir, { index: sizes.html }));
  }
  const browser = await launchBrowser();
  try {
    for (let round = -1; round < runs; round++) {
      const order = round % 2 ? [...scenarios].reverse() : scenarios;
      for (const scenario of order) {
        const trace = await measureReload(browser, {
          url: servers.get(scenario.name).url,
          extraInitScript: traceScript,
          collect: () => ({
            ...window.__benchTrace,
            navigation: performance.getEntriesByType('navigation')[0]?.toJSON(),
            resources: performance.getEntriesByType('resource').map((r) => ({
              name: new URL(r.name).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js'),
              start: r.startTime,
              end: r.responseEnd,
            })),
            paints: performance.getEntriesByType('paint').map((p) => ({ name: p.name, at: p.startTime })),
          }),
          ...(tracing && round >= 0 ? chromeTrace(browser) : {}),
        });
        if (trace.after) {
          timeline(scenario.name, trace.after);
          if (process.env.BENCH_TRACE !== '1')
            writeFileSync(join(process.env.BENCH_TRACE, `${scenario.name}-${round}.json`), JSON.stringify(trace.after));
        }
        if (round >= 0) traces.get(scenario.name).push(trace);
        if (!trace.ok) console.error(`[trace] ${scenario.name}: ${trace.error}`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await Promise.all([...servers.values()].map((server) => server.close()));
}

for (const [name, list] of traces) {
  const ok = list.filter((t) => t.ok);
  console.log(`\n${name}: ${ok.length}/${list.length} reloads; medians in ms since navigation start`);
  const nav = (key) => median(ok.map((t) => t.collected.navigation?.[key]));
  console.log(`  document response end ${ms(nav('responseEnd'))}  DOMContentLoaded ${ms(nav('domContentLoadedEventEnd'))}`);
  const fcp = median(ok.map((t) => t.collected.paints.find((p) => p.name === 'first-contentful-paint')?.at));
  console.log(`  first contentful paint ${ms(fcp)}`);
  const resourceNames = [...new Set(ok.flatMap((t) => t.collected.resources.map((r) => r.name)))];
  const rows = resourceNames
    .map((file) => {
      const found = ok.map((t) => t.collected.resources.find((r) => r.name === file)).filter(Boolean);
      return { file, start: median(found.map((r) => r.start)), end: median(found.map((r) => r.end)), seen: found.length };
    })
    .sort((a, b) => a.start - b.start);
  for (const row of rows) console.log(`  script ${ms(row.start)} → ${ms(row.end)}  ${row.file} (${row.seen}/${ok.length})`);
  const methods = [...new Set(ok.flatMap((t) => t.collected.calls.map((c) => c.method)))];
  for (const method of methods) {
    const first = ok.map((t) => t.collected.calls.find((c) => c.method === method)).filter(Boolean);
    console.log(`  wallet ${ms(median(first.map((c) => c.at)))} → ${ms(median(first.map((c) => c.answeredAt)))}  ${method} (first call)`);
  }
  const longTaskMs = median(ok.map((t) => t.collected.longTasks.filter((l) => l.at < t.reloadMs).reduce((sum, l) => sum + l.ms, 0)));
  console.log(`  long tasks before the address: ${ms(longTaskMs)} ms in all`);
  const reloads = ok.map((t) => t.reloadMs);
  console.log(`  address visible ${ms(median(reloads))}${spread(reloads)}  (each: ${reloads.map((v) => v.toFixed(0)).join(' ')})`);
  const confirmed = ok.map((t) => t.collected.confirmedAt).filter((at) => at !== undefined);
  if (confirmed.length) console.log(`  account button confirmed (no aria-busy) ${ms(median(confirmed))}`);
}

// Rounds visit the scenarios back to back: the difference within a round is steadier than the medians on a shared machine.
const [first, ...others] = [...traces.keys()];
for (const other of others) {
  const pairs = traces
    .get(other)
    .map((t, round) => [t, traces.get(first)[round]])
    .filter(([a, b]) => a?.ok && b?.ok);
  const diffs = pairs.map(([a, b]) => a.reloadMs - b.reloadMs);
  const faster = diffs.filter((d) => d <= 0).length;
  console.log(
    `\n${other} − ${first}, same round: median ${ms(median(diffs))} ms${spread(diffs)}; ${other} as fast or faster in ${faster}/${diffs.length} rounds`,
  );
}
console.log(`\n1-minute load average: ${loadAtStart} at the start, ${load()} at the end (${runs} rounds)`);
