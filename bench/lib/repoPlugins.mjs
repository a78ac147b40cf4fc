// Finds every Latch adapter and connector the repo has built, and serves them to the `latch-all`
// scenario as `virtual:latch-plugins`. Detected when a build runs, so a package that lands later
// (adapter-solana, connector-walletconnect, …) joins the scenario without editing the bench.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.mjs';

const VIRTUAL_ID = 'virtual:latch-plugins';
/** A dummy project id for connectors that want one (WalletConnect-style); the bench is offline. */
export const BENCH_PROJECT_ID = 'bench000000000000000000000000000';
/** A service URL for connectors that want one (the embedded wallet's); nothing is requested before a visitor acts. */
export const BENCH_SERVICE_URL = 'https://wallet.bench.invalid';

/** Export names of a built ES module: the names in its `export { a as b, … }` clauses. */
function exportNames(source) {
  const names = [];
  for (const clause of source.matchAll(/\bexport\s*\{([^}]*)\}/g)) {
    for (const part of clause[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.push(name);
    }
  }
  for (const declared of source.matchAll(/\bexport\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/g))
    names.push(declared[1]);
  return names;
}

function exportTarget(pkg, subpath) {
  const entry = pkg.exports?.[subpath];
  if (typeof entry === 'string') return entry;
  return entry?.import ?? entry?.default;
}

/**
 * `adapter-*` and `connector-*` folders whose `dist/index.js` exists, each with its factory
 * (`create…Adapter` / `create…Connector`) and, for adapters, its `./networks` entry when it has one.
 * `skipped` lists folders left out, with the reason.
 */
export function findLatchPlugins(repoRoot = REPO_ROOT) {
  const found = [];
  const skipped = [];
  for (const dir of readdirSync(repoRoot).sort()) {
    const kind = /^adapter-/.test(dir) ? 'adapter' : /^connector-/.test(dir) ? 'connector' : undefined;
    if (!kind) continue;
    const entry = join(repoRoot, dir, 'dist/index.js');
    if (!existsSync(entry)) {
      skipped.push({ dir, reason: 'no dist/index.js (not built)' });
      continue;
    }
    const pattern = kind === 'adapter' ? /^create\w*Adapter$/ : /^create\w*Connector$/;
    const factory = exportNames(readFileSync(entry, 'utf8')).find((name) => pattern.test(name));
    if (!factory) {
      skipped.push({ dir, reason: `dist/index.js exports no ${pattern.source}` });
      continue;
    }
    const pkg = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8'));
    const networksTarget = exportTarget(pkg, './networks');
    const networksEntry =
      networksTarget && existsSync(join(repoRoot, dir, networksTarget)) ? join(repoRoot, dir, networksTarget) : undefined;
    found.push({ kind, dir, packageName: pkg.name, version: pkg.version, entry, factory, networksEntry });
  }
  return { found, skipped };
}

/** Source of `virtual:latch-plugins`: `adapters`, `connectors`, and the non-Ethereum mainnets the adapters define. */
export function latchPluginsSource({ found }) {
  const lines = [];
  const adapters = [];
  const connectors = [];
  const networkModules = [];
  found.forEach((plugin, index) => {
    lines.push(`import { ${plugin.factory} as factory${index} } from ${JSON.stringify(plugin.entry)};`);
    if (plugin.kind === 'adapter') adapters.push(`factory${index}()`);
    else
      connectors.push(
        `factory${index}({ projectId: ${JSON.stringify(BENCH_PROJECT_ID)}, serviceUrl: ${JSON.stringify(BENCH_SERVICE_URL)} })`,
      );
    // Ethereum's networks are named in main.jsx (mainnet + Base); other namespaces bring their mainnets.
    if (plugin.kind === 'adapter' && plugin.dir !== 'adapter-eip155' && plugin.networksEntry) {
      lines.push(`import * as networks${index} from ${JSON.stringify(plugin.networksEntry)};`);
      networkModules.push(`networks${index}`);
    }
  });
  lines.push(
    `const isMainnet = (n) => n !== null && typeof n === 'object' && typeof n.caipNetworkId === 'string' && n.chainNamespace !== 'eip155' && n.testnet !== true;`,
    `const mainnets = [${networkModules.join(', ')}].flatMap((m) => Object.values(m).filter(isMainnet));`,
    `export const networks = mainnets.filter((n, i) => mainnets.findIndex((m) => m.caipNetworkId === n.caipNetworkId) === i);`,
    `export const adapters = [${adapters.join(', ')}];`,
    `export const connectors = [${connectors.join(', ')}];`,
  );
  return `${lines.join('\n')}\n`;
}

/** Vite plugin serving `virtual:latch-plugins`, detected afresh on every build. */
export function latchPluginsVitePlugin(repoRoot = REPO_ROOT) {
  const resolved = `\0${VIRTUAL_ID}`;
  return {
    name: 'latch-bench-plugins',
    resolveId: (id) => (id === VIRTUAL_ID ? resolved : undefined),
    load: (id) => (id === resolved ? latchPluginsSource(findLatchPlugins(repoRoot)) : undefined),
  };
}
