// `npm run build -w @latch/testkit`: contracts → dist/contracts.json, library → dist/index.js,
// browser mock wallets → dist/mock-wallet.iife.js (EIP-6963) and dist/mock-solana-wallet.iife.js (Wallet Standard),
// declarations → dist/types.
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
await timed('mock Solana wallet bundle', () =>
  build({
    configFile: false,
    logLevel: 'warn',
    // @solana/kit reads process.env.NODE_ENV, which library mode leaves in place and a page does not define.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      lib: {
        entry: 'src/solanaWallet/browserEntry.ts',
        formats: ['iife'],
        name: '__latchMockSolanaWallet',
        fileName: () => 'mock-solana-wallet.iife.js',
      },
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
