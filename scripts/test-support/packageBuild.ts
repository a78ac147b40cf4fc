import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { SET_UP_TIMEOUT_MS } from '../../testkit/src/timeouts.js';

export type OutputChunk = Rollup.OutputChunk;

/**
 * Builds a workspace package with its own vite config into a temporary folder inside it, the way
 * `npm run build` does (production mode), and answers questions about the chunk graph.
 */
export async function buildPackage(packageDir: string) {
  const outDir = mkdtempSync(join(packageDir, '.build-test-'));
  // vitest sets NODE_ENV=test, which would switch JSX to React's development runtime.
  // (Written through a plain record: Next's types, checked with the Next.js example, make NODE_ENV read-only.)
  const env: Record<string, string | undefined> = process.env;
  const nodeEnv = env.NODE_ENV;
  env.NODE_ENV = 'production';
  let chunks: OutputChunk[];
  try {
    const output = (await build({
      root: packageDir,
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    })) as Rollup.RollupOutput[];
    chunks = output.flatMap((o) => o.output).filter((c): c is OutputChunk => c.type === 'chunk');
  } finally {
    env.NODE_ENV = nodeEnv;
  }
  const isLocal = (fileName: string) => chunks.some((c) => c.fileName === fileName);
  return {
    outDir,
    chunks,
    cleanup: () => rmSync(outDir, { recursive: true, force: true }),
    chunk(fileName: string): OutputChunk {
      const found = chunks.find((c) => c.fileName === fileName);
      if (!found) throw new Error(`no chunk ${fileName} in ${chunks.map((c) => c.fileName).join(', ')}`);
      return found;
    },
    /** The entry and every chunk it loads statically: what a host pays on first load. */
    staticClosure(entry: OutputChunk): OutputChunk[] {
      return closureOf(entry, false);
    },
    /** The entry and every chunk it reaches, statically or through `import()`: all the code it can ever load. */
    fullClosure(entry: OutputChunk): OutputChunk[] {
      return closureOf(entry, true);
    },
    /** Bare specifiers the given chunks import (static and dynamic), outside this build. */
    externalImports(list: readonly OutputChunk[] = chunks): string[] {
      return [...new Set(list.flatMap((c) => [...c.imports, ...c.dynamicImports]).filter((s) => !isLocal(s)))];
    },
  };

  function closureOf(entry: OutputChunk, withDynamic: boolean): OutputChunk[] {
    const seen = new Map<string, OutputChunk>([[entry.fileName, entry]]);
    const queue = [entry];
    for (let next = queue.pop(); next; next = queue.pop()) {
      for (const imported of withDynamic ? [...next.imports, ...next.dynamicImports] : next.imports) {
        const local = chunks.find((c) => c.fileName === imported);
        if (local && !seen.has(local.fileName)) {
          seen.set(local.fileName, local);
          queue.push(local);
        }
      }
    }
    return [...seen.values()];
  }
}

export type PackageBuild = Awaited<ReturnType<typeof buildPackage>>;

/**
 * Runs `body` (ES module code that imports and starts the built package from `./`) in a fresh Node
 * process, after trapping I/O, timers and browser globals. Resolves to what was touched, in order;
 * the body may push its own complaints onto `seen`.
 */
export function sideEffectsOf(build: PackageBuild, body: string): string[] {
  const probe = join(build.outDir, 'probe.mjs');
  writeFileSync(
    probe,
    `
    import fs from 'node:fs'; import net from 'node:net'; import http from 'node:http'; import https from 'node:https'; import dgram from 'node:dgram';
    const seen = [];
    const trap = (obj, name, label) => { const orig = obj[name]; obj[name] = function (...a) { seen.push(label); return orig.apply(this, a); }; };
    for (const m of ['readFile', 'readFileSync', 'writeFile', 'writeFileSync', 'open', 'openSync', 'readdir', 'readdirSync', 'stat', 'statSync']) trap(fs, m, 'fs.' + m);
    trap(net.Socket.prototype, 'connect', 'net.connect'); trap(http, 'request', 'http.request'); trap(https, 'request', 'https.request'); trap(dgram, 'createSocket', 'dgram');
    trap(globalThis, 'fetch', 'fetch'); trap(globalThis, 'setTimeout', 'setTimeout'); trap(globalThis, 'setInterval', 'setInterval');
    trap(globalThis, 'dispatchEvent', 'dispatchEvent'); trap(globalThis, 'addEventListener', 'addEventListener');
    for (const g of ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator', 'matchMedia']) Object.defineProperty(globalThis, g, { configurable: true, get() { seen.push(g); return undefined; } });
    ${body}
    process.stdout.write(JSON.stringify(seen));
    `,
  );
  const run = spawnSync(process.execPath, [probe], { encoding: 'utf8', cwd: build.outDir });
  if (run.status !== 0 || run.stderr) throw new Error(`the probe failed (exit ${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as string[];
}

/**
 * The package built once for a test file (before its tests, removed after), with the questions its
 * build tests ask: `built.chunk('index.js')`, `built.staticImports(list)`, `built.moduleFiles(list)`…
 */
export function builtOncePerFile(packageDir: string) {
  let current: PackageBuild | undefined;
  beforeAll(async () => {
    current = await buildPackage(packageDir);
  }, SET_UP_TIMEOUT_MS); // a real build: as slow as a start-up on a loaded machine, whatever the project
  afterAll(() => current?.cleanup());
  const get = (): PackageBuild => {
    if (!current) throw new Error(`${packageDir} is not built yet`);
    return current;
  };
  return {
    get outDir() {
      return get().outDir;
    },
    get chunks() {
      return get().chunks;
    },
    cleanup: () => get().cleanup(),
    chunk: (fileName: string) => get().chunk(fileName),
    staticClosure: (entry: OutputChunk) => get().staticClosure(entry),
    fullClosure: (entry: OutputChunk) => get().fullClosure(entry),
    externalImports: (list?: readonly OutputChunk[]) => get().externalImports(list),
    /** Only static imports: the specifiers outside this build that the listed chunks pull in when they load. */
    staticImports: (list: readonly OutputChunk[]) =>
      list.flatMap((c) => c.imports).filter((s) => !get().chunks.some((c) => c.fileName === s)),
    /** The package-relative source files (`src/…`) in the listed chunks. */
    moduleFiles: (list: readonly OutputChunk[]) => list.flatMap((c) => c.moduleIds).map((id) => id.replace(packageDir, '')),
  };
}
