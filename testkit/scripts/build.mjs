// `npm run build -w @latch/testkit`: contracts → dist/contracts.json, library → dist/index.js,
// browser mock wallet → dist/mock-wallet.iife.js, declarations → dist/types.
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
  console.log(`[testkit] ${title} in ${Date.now() - started} ms`);
}

rmSync('dist', { recursive: true, force: true });

await timed('contracts', () => writeContractsArtifact());
await timed('library', () => build({ configFile: 'vite.config.ts', logLevel: 'warn' }));
await timed('mock wallet bundle', () =>
  build({
    configFile: false,
    logLevel: 'warn',
    build: {
      lib: { entry: 'src/mockWallet/browserEntry.ts', formats: ['iife'], name: '__latchMockWallet', fileName: () => 'mock-wallet.iife.js' },
      outDir: 'dist',
      emptyOutDir: false,
      minify: true,
      target: 'es2022',
    },
  }),
);
await timed('declarations', () => {
  const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error(`tsc failed (exit ${tsc.status ?? tsc.signal})`);
});
