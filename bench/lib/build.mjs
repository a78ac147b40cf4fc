// Builds one scenario with Vite (production, like a host app would) and reads its sizes from the
// build manifest: first load = the entry and every chunk it imports statically; the rest is lazy.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BUILD_DIR, SCENARIOS_DIR } from './paths.mjs';
import { latchPluginsVitePlugin } from './repoPlugins.mjs';

/** Packages that must exist once on a page: hooks and jotai stores break with two copies. */
const SINGLETONS = ['react', 'react-dom', 'jotai'];

/**
 * `vite` and `@vitejs/plugin-react` as installed for `dir`: bench's own for `npm run bench`, the
 * repo root's for the budget test (which must run without bench's node_modules).
 */
export async function loadToolchain(dir) {
  const require = createRequire(join(dir, 'package.json'));
  const load = (id) => import(pathToFileURL(require.resolve(id)).href);
  const [vite, react] = await Promise.all([load('vite'), load('@vitejs/plugin-react')]);
  return { build: vite.build, viteVersion: vite.version, react: react.default };
}

/**
 * Builds `bench/scenarios/<name>` (or the page in `scenarioDir`) into `outDir`. `moduleRoot` is where
 * react, react-dom and jotai resolve from (Vite dedupes them against its root): the scenario folder,
 * so bench's node_modules, unless told otherwise.
 */
export async function buildScenario(
  name,
  { toolchain, outDir = join(BUILD_DIR, name), moduleRoot, scenarioDir = join(SCENARIOS_DIR, name) } = {},
) {
  // Vitest sets NODE_ENV=test, which would switch JSX to React's development runtime.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await toolchain.build({
      configFile: false,
      envFile: false,
      publicDir: false,
      logLevel: 'error',
      mode: 'production',
      root: moduleRoot ?? scenarioDir,
      plugins: [toolchain.react(), latchPluginsVitePlugin()],
      resolve: { dedupe: SINGLETONS },
      build: {
        outDir,
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        reportCompressedSize: false,
        chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
        rolldownOptions: { input: join(scenarioDir, 'index.html') },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return measureBuild(outDir);
}

const gzipSize = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)));
}

/** A chunk's name without the content hashes Vite and the library builds appended. */
export function chunkName(file) {
  return file
    .replace(/^.*\//, '')
    .replace(/\.js$/, '')
    .replace(/(-[\w-]{8})+$/, '');
}

/** Sizes of a finished build, from its `.vite/manifest.json` and the files on disk (gzip level 9). */
export function measureBuild(outDir) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`${outDir}: the build manifest has no entry`);
  const firstLoadJs = new Set();
  const firstLoadCss = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || firstLoadJs.has(chunk.file)) return;
    firstLoadJs.add(chunk.file);
    (chunk.css ?? []).forEach((file) => firstLoadCss.add(file));
    (chunk.imports ?? []).forEach(walk);
  };
  walk(entryKey);
  const files = filesUnder(outDir).filter((file) => !file.startsWith('.vite/'));
  const js = files.filter((file) => file.endsWith('.js'));
  const css = files.filter((file) => file.endsWith('.css'));
  const sum = (list) => list.reduce((total, file) => total + gzipSize(join(outDir, file)), 0);
  const lazy = js
    .filter((file) => !firstLoadJs.has(file))
    .map((file) => ({ file, name: chunkName(file), gzip: gzipSize(join(outDir, file)) }))
    .sort((a, b) => b.gzip - a.gzip);
  const html = files.find((file) => file.endsWith('.html'));
  return {
    outDir,
    html,
    firstLoadJs: sum([...firstLoadJs]),
    firstLoadCss: sum([...firstLoadCss]),
    totalJs: sum(js),
    totalCss: sum(css),
    chunks: js.length,
    lazy,
  };
}
