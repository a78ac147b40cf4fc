// `npm run build -w @latch/devnet`: library → dist/index.js (and the sub-entries; it empties dist/ first),
// contracts → dist/contracts.json, declarations → dist/types. Builds after @latch/testkit, whose built entries it imports.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { writeContractsArtifact } from './compile-contracts.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

async function timed(title, work) {
  const started = Date.now();
  await work();
  console.log(`[devnet] ${title} in ${Date.now() - started} ms`);
}

rmSync('dist', { recursive: true, force: true });

await timed('library', () => build({ configFile: 'vite.config.ts', logLevel: 'warn' }));
await timed('contracts', () => writeContractsArtifact());
await timed('declarations', () => {
  const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error(`tsc failed (exit ${tsc.status ?? tsc.signal})`);
});
