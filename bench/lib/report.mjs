// RESULTS.md: the machine, the versions, medians per scenario and their ratios to floor and AppKit.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { chunkBudgets, kb } from './budget.mjs';
import { BENCH_DIR, REPO_ROOT } from './paths.mjs';

export function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The first and third quartiles (nearest rank), or [] for no values. */
export function quartiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))];
  return sorted.length ? [at(0.25), at(0.75)] : [];
}

const ms = (value) => `${Math.round(value)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const dash = '–';

/** The columns of every table: how to read the figure from a scenario's result and how to print it. */
const FIGURES = [
  { title: 'first-load JS (gzip)', read: (r) => r.sizes?.firstLoadJs, format: kb },
  { title: 'first-load CSS (gzip)', read: (r) => r.sizes?.firstLoadCss, format: kb },
  { title: 'total JS (gzip)', read: (r) => r.sizes?.totalJs, format: kb },
  { title: 'JS chunks', read: (r) => r.sizes?.chunks, format: String },
  {
    title: 'navigation → button visible',
    read: (r) => median(buttonRuns(r).map((run) => run.buttonMs)),
    format: ms,
    timed: (r) => buttonRuns(r).map((run) => run.buttonMs),
  },
  {
    title: 'click → wallet list, frames (settled page)',
    read: (r) => median(okRuns(r, 'settled').map((run) => run.openFrames)),
    format: (n) => String(n),
    timed: (r) => okRuns(r, 'settled').map((run) => run.openFrames),
  },
  {
    title: 'click → wallet list (settled page)',
    read: (r) => median(okRuns(r, 'settled').map((run) => run.openMs)),
    format: ms,
    timed: (r) => okRuns(r, 'settled').map((run) => run.openMs),
  },
  {
    title: 'click → wallet list, frames (at once)',
    read: (r) => median(okRuns(r, 'at-once').map((run) => run.openFrames)),
    format: (n) => String(n),
    timed: (r) => okRuns(r, 'at-once').map((run) => run.openFrames),
  },
  {
    title: 'click → wallet list (at once)',
    read: (r) => median(okRuns(r, 'at-once').map((run) => run.openMs)),
    format: ms,
    timed: (r) => okRuns(r, 'at-once').map((run) => run.openMs),
  },
  {
    title: 'reload → connected address visible',
    applies: (r) => Boolean(r.scenario.reload),
    read: (r) => median(okRuns(r, 'reload').map((run) => run.reloadMs)),
    format: ms,
    timed: (r) => okRuns(r, 'reload').map((run) => run.reloadMs),
  },
  {
    title: 'reload: domInteractive → address visible',
    applies: (r) => Boolean(r.scenario.reload),
    read: (r) => median(kitShares(r)),
    format: ms,
    timed: kitShares,
  },
  {
    title: 'reload → first contentful paint',
    applies: (r) => Boolean(r.scenario.reload),
    read: (r) => median(firstPaints(r)),
    format: ms,
    timed: firstPaints,
  },
  {
    title: 'JS heap after open',
    read: (r) => median(okRuns(r, 'settled').map((run) => run.heapBytes)),
    format: mb,
    timed: (r) => okRuns(r, 'settled').map((run) => run.heapBytes),
  },
  {
    title: 'requests to other hosts',
    read: (r) => median(r.runs.filter((run) => run.mode === 'settled').map((run) => run.externalRequests)),
    format: (n) => String(Math.round(n)),
  },
];

/**
 * A reload's part after `domInteractive`: what the page's own scripts take. Before it, every scenario loads the same
 * HTML with the same injected wallet; only the old page's unload is each kit's own there.
 */
const kitShare = (run) => run.reloadMs - run.domInteractiveMs;

function kitShares(result) {
  return okRuns(result, 'reload')
    .filter((run) => typeof run.domInteractiveMs === 'number')
    .map(kitShare);
}

function firstPaints(result) {
  return okRuns(result, 'reload')
    .map((run) => run.firstPaintMs)
    .filter((at) => typeof at === 'number');
}

/**
 * Each reload-timed scenario against the wagmi floor in the same round (rounds are paired, so machine load that
 * varies from round to round cancels out): the median difference per figure and the rounds it was as fast or faster.
 */
function sameRoundLines(results) {
  const base = results.find((r) => r.scenario.name === 'wagmi-floor');
  if (!base) return ['(no `wagmi-floor` in this run)'];
  const figures = [
    ['navigation → address visible', (run) => run.reloadMs],
    ['domInteractive → address visible', kitShare],
    ['navigation → first contentful paint', (run) => run.firstPaintMs],
  ];
  const byRound = (r) => new Map(okRuns(r, 'reload').map((run) => [run.round, run]));
  const baseRounds = byRound(base);
  const lines = [
    row(['scenario', ...figures.map(([title]) => `${title}: median difference (as fast or faster)`)]),
    row(['---', ...figures.map(() => '---:')]),
  ];
  for (const r of results.filter((r) => r.scenario.reload && r !== base)) {
    const pairs = [...byRound(r)].map(([round, run]) => [run, baseRounds.get(round)]).filter(([, other]) => other);
    const cells = figures.map(([, value]) => {
      const diffs = pairs.map(([run, other]) => value(run) - value(other)).filter(Number.isFinite);
      if (!diffs.length) return dash;
      const d = median(diffs);
      return `${d > 0 ? '+' : ''}${d.toFixed(1)} ms (${diffs.filter((x) => x <= 0).length}/${diffs.length})`;
    });
    lines.push(row([r.scenario.label, ...cells]));
  }
  return lines;
}

/** The first loads (both click modes); a reload run times the address, not the button. */
function buttonRuns(result) {
  return okRuns(result).filter((run) => run.mode !== 'reload');
}

function okRuns(result, mode) {
  return result.runs.filter((run) => run.ok && (!mode || run.mode === mode));
}

function row(cells) {
  return `| ${cells.join(' | ')} |`;
}

function header() {
  return [row(['scenario', ...FIGURES.map((f) => f.title)]), row(['---', ...FIGURES.map(() => '---:')])];
}

function valueTable(results) {
  return [
    ...header(),
    ...results.map((r) =>
      row([
        r.scenario.label,
        ...FIGURES.map((f) => (f.applies && !f.applies(r) ? dash : f.read(r) === undefined ? 'failed' : f.format(f.read(r)))),
      ]),
    ),
  ];
}

function ratioTable(results, against) {
  const base = results.find((r) => r.scenario.name === against);
  if (!base) return [`(no \`${against}\` in this run)`];
  return [
    ...header(),
    ...results.map((r) =>
      row([
        r.scenario.label,
        ...FIGURES.map((f) => {
          const value = f.read(r);
          const reference = f.read(base);
          return value === undefined || !reference ? dash : `${(value / reference).toFixed(2)}×`;
        }),
      ]),
    ),
  ];
}

function spreadTable(results) {
  const timed = FIGURES.filter((f) => f.timed);
  return [
    row(['scenario', 'runs ok (settled / at once / reload)', ...timed.map((f) => `${f.title}, q1–q3`)]),
    row(['---', '---:', ...timed.map(() => '---:')]),
    ...results.map((r) => {
      const count = (mode) => `${okRuns(r, mode).length}/${r.runs.filter((run) => run.mode === mode).length}`;
      return row([
        r.scenario.label,
        `${count('settled')} / ${count('at-once')} / ${r.scenario.reload ? count('reload') : dash}`,
        ...timed.map((f) => {
          const [q1, q3] = quartiles(f.timed(r));
          return q1 === undefined ? dash : `${f.format(q1)} – ${f.format(q3)}`;
        }),
      ]);
    }),
  ];
}

function hostLines(results) {
  return results.map((r) => {
    const counts = new Map();
    for (const run of r.runs.filter((run) => run.mode === 'settled'))
      for (const host of run.hosts) counts.set(host, (counts.get(host) ?? 0) + 1);
    const settled = r.runs.filter((run) => run.mode === 'settled').length || 1;
    const hosts = [...counts].sort((a, b) => b[1] - a[1]).map(([host, n]) => `${host} (${(n / settled).toFixed(1)}/load)`);
    return `- ${r.scenario.label}: ${hosts.length ? hosts.join(', ') : 'none'}`;
  });
}

function failureLines(results) {
  const lines = [];
  for (const r of results) {
    if (r.buildError) lines.push(`- ${r.scenario.label}: build failed: ${r.buildError.split('\n')[0]}`);
    const errors = [...new Set(r.runs.filter((run) => !run.ok).map((run) => `${run.mode}: ${run.error}`))];
    for (const error of errors) lines.push(`- ${r.scenario.label}: ${error}`);
  }
  return lines;
}

function lazyChunkLines(result, floor, budgets) {
  if (!result?.sizes) return [];
  const named = chunkBudgets(budgets);
  const overFloor = floor?.sizes
    ? [
        `First load: floor + ${kb(result.sizes.firstLoadJs - floor.sizes.firstLoadJs)} (budget: floor + ${budgets.firstLoad.maxOverFloorKb} kB).`,
        '',
      ]
    : [];
  return [
    ...overFloor,
    row(['lazy chunk', 'gzip', 'budget']),
    row(['---', '---:', '---:']),
    ...result.sizes.lazy.map((c) => row([c.name, kb(c.gzip), kb(named.get(c.name)?.bytes ?? budgets.otherLazyChunkKb * 1024)])),
  ];
}

function osName() {
  try {
    const pretty = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]*)"?/m)?.[1];
    return `${pretty ?? process.platform}, kernel ${release()}`;
  } catch {
    return `${process.platform} ${release()}`;
  }
}

export function machine() {
  const list = cpus();
  return {
    cpu: list[0]?.model?.trim() ?? 'unknown',
    cores: list.length,
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: osName(),
  };
}

function installedVersion(name) {
  const path = join(BENCH_DIR, 'node_modules', name, 'package.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')).version : 'not installed';
}

function latchRevision() {
  const git = (...args) => spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).stdout?.trim();
  const commit = git('rev-parse', '--short', 'HEAD') || 'unknown';
  return git('status', '--porcelain') ? `${commit} + uncommitted changes` : commit;
}

/** Everything RESULTS.md says besides the measurements. */
export function describeSetup({ browserVersion, viteVersion, latchAll, options }) {
  const peers = [...new Set(['react', 'react-dom', ...options.scenarios.flatMap((s) => s.packages)])];
  return {
    machine: machine(),
    versions: [
      `node ${process.version}`,
      `npm ${spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout?.trim()}`,
      `Chromium ${browserVersion} (Debian, headless)`,
      `vite ${viteVersion}`,
      `playwright-core ${installedVersion('playwright-core')}`,
      ...peers.map((name) => `${name} ${installedVersion(name)}`),
      `Latch ${latchRevision()}; latch-all = ${latchAll.found.map((p) => p.packageName).join(' + ') || 'nothing built'}${latchAll.skipped.length ? ` (left out: ${latchAll.skipped.map((s) => `${s.dir}: ${s.reason}`).join('; ')})` : ''}`,
    ],
  };
}

/** The whole RESULTS.md as markdown. */
export function renderResults({ results, setup, options, budgets, kernelRows, kernelTable }) {
  const { machine: m } = setup;
  const what = options.scenarios.map((s) => `\`${s.name}\` (${s.label}: ${s.what})`).join(', ');
  return [
    '# Benchmarks: Latch next to AppKit, RainbowKit and ConnectKit',
    '',
    `Regenerated by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. How to read it: bench/README.md.`,
    '',
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} memory, ${m.os}.`,
    '',
    `Versions: ${setup.versions.join('; ')}.`,
    '',
    `Scenarios: ${what}. Each is a Vite production build with Ethereum mainnet + Base and one connect button.`,
    `Browser figures are medians over ${options.runs} rounds; a round launches Chromium once and loads every scenario in both modes, in an order that rotates from round to round, each load in a fresh browser context (warm-up rounds discarded: ${options.warmup}). "Settled" clicks after the load event + ${options.thinkMs} ms, "at once" as soon as the button shows; navigation → button counts the loads of both modes.`,
    '',
    '## Medians',
    '',
    ...valueTable(results),
    '',
    '## Ratio to `floor` (lower is better; 1.00× is the bare React page)',
    '',
    ...ratioTable(results, 'floor'),
    '',
    '## Ratio to AppKit',
    '',
    ...ratioTable(results, 'appkit'),
    '',
    '## Spread of the browser figures',
    '',
    ...spreadTable(results),
    '',
    '## Reload: each kit against the wagmi floor, round by round',
    '',
    ...sameRoundLines(results),
    '',
    '## Hosts other than 127.0.0.1 each page tried to reach (per settled load, nothing answers: the machine is offline)',
    '',
    ...hostLines(results),
    ...(failureLines(results).length ? ['', '## Failed runs', '', ...failureLines(results)] : []),
    '',
    '## Latch (eip155): first load and lazy chunks against bench/budgets.json',
    '',
    ...lazyChunkLines(
      results.find((r) => r.scenario.name === 'latch-evm'),
      results.find((r) => r.scenario.name === 'floor'),
      budgets,
    ),
    '',
    ...(kernelRows ? ['## @latch/kernel alone (`npm run size`)', '', kernelTable(kernelRows), ''] : []),
  ].join('\n');
}

/** The part printed to the terminal. */
export function renderSummary({ results }) {
  return [
    'Medians:',
    ...valueTable(results),
    '',
    'Ratio to floor:',
    ...ratioTable(results, 'floor'),
    '',
    'Ratio to AppKit:',
    ...ratioTable(results, 'appkit'),
  ].join('\n');
}
