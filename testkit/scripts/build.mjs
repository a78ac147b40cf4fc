// `npm run build -w @latch/testkit`: library → dist/index.js (and the sub-entries),
// browser mock wallets (one classic script each, defining a global in the page) → dist/*.iife.js,
// declarations → dist/types.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

async function timed(title, work) {
  const started = Date.now();
  await work();
  console.log(`[testkit] ${title} in ${Date.now() - started} ms`);
}

/** The page-side wallets: entry, the global it defines, and the file. */
const browserBundles = [
  { title: 'mock wallet (EIP-6963)', entry: 'src/mockWallet/browserEntry.ts', name: '__latchMockWallet', file: 'mock-wallet.iife.js' },
  {
    title: 'mock Solana wallet (Wallet Standard)',
    entry: 'src/solanaWallet/browserEntry.ts',
    name: '__latchMockSolanaWallet',
    file: 'mock-solana-wallet.iife.js',
  },
  { title: 'toy wallet', entry: 'src/toy/browserEntry.ts', name: '__latchToyWallet', file: 'toy-wallet.iife.js' },
  {
    title: 'shared-session wallet',
    entry: 'src/sharedSession/browserEntry.ts',
    name: '__latchSharedWalletBundle',
    file: 'shared-wallet.iife.js',
  },
  { title: 'polkadot wallet', entry: 'src/polkadot/browserEntry.ts', name: '__latchPolkadotWallet', file: 'polkadot-wallet.iife.js' },
  {
    title: 'mock Bitcoin wallet',
    entry: 'src/bitcoin/browserEntry.ts',
    name: '__latchMockBitcoinWallet',
    file: 'mock-bitcoin-wallet.iife.js',
  },
  {
    title: 'mock Cosmos wallet',
    entry: 'src/cosmos/wallet/browserEntry.ts',
    name: '__latchMockCosmosWallet',
    file: 'mock-cosmos-wallet.iife.js',
  },
];

rmSync('dist', { recursive: true, force: true });

await timed('library', () => build({ configFile: 'vite.config.ts', logLevel: 'warn' }));
for (const bundle of browserBundles) {
  await timed(`${bundle.title} bundle`, () =>
    build({
      configFile: false,
      logLevel: 'warn',
      // @solana/kit, @polkadot/* and others read process.env.NODE_ENV, which library mode leaves in place
      // and a page does not define.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        lib: { entry: bundle.entry, formats: ['iife'], name: bundle.name, fileName: () => bundle.file },
        outDir: 'dist',
        emptyOutDir: false,
        minify: true,
        target: 'es2022',
      },
    }),
  );
}
await timed('declarations', () => {
  const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error(`tsc failed (exit ${tsc.status ?? tsc.signal})`);
});
