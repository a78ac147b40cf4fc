// Imports modules in plain Node with no DOM, the way a server render loads them, and reports any browser
// global a module reads while loading (and any import that throws). Usage: node server-imports.mjs [specifier…];
// with none, every browser entry of the repo's @latch packages. Prints JSON: { imported, failed, touched }.
import { readFileSync } from 'node:fs';

const BROWSER_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'customElements',
  'location',
  'history',
  'screen',
  'self',
  'HTMLElement',
  'matchMedia',
  'requestIdleCallback',
  'requestAnimationFrame',
];

const root = new URL('../../../', import.meta.url);

/**
 * Every export of every published @latch package, except the testkit, the server entries (`./server`, services) and
 * the test-runner entries (`./testing`: Testing Library and a DOM environment, never a page's or a server's code).
 */
export function browserEntries() {
  const { workspaces } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  const entries = [];
  for (const dir of workspaces) {
    if (dir.startsWith('examples/') || dir === 'testkit' || dir.startsWith('service-')) continue;
    const pkg = JSON.parse(readFileSync(new URL(`${dir}/package.json`, root), 'utf8'));
    if (pkg.private) continue;
    for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
      const file = typeof target === 'string' ? target : target.import;
      if (subpath.startsWith('./server') || subpath === './testing' || typeof file !== 'string' || !file.endsWith('.js')) continue;
      entries.push(subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`);
    }
  }
  return entries;
}

let loading = '';
const touched = [];
for (const name of BROWSER_GLOBALS) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      touched.push({ module: loading, global: name });
      return undefined;
    },
  });
}

const specifiers = process.argv.length > 2 ? process.argv.slice(2) : browserEntries();
const imported = [];
const failed = [];
for (const specifier of specifiers) {
  loading = specifier;
  try {
    await import(specifier);
    imported.push(specifier);
  } catch (error) {
    failed.push({ module: specifier, error: String(error?.message ?? error) });
  }
}
console.log(JSON.stringify({ imported, failed, touched }));
