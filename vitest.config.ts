import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Each package with a vitest config is a project; a package appears here once it has tests.
const packages = [
  'kernel',
  'testkit',
  'adapter-eip155',
  'adapter-solana',
  'adapter-polkadot',
  'adapter-bip122',
  'adapter-cosmos',
  'siwx',
  'feature-onramp',
  'feature-swap',
  'feature-names',
  'service-kit',
  'service-names',
  'connector-walletconnect',
  'connector-embedded',
  'service-embedded-wallet',
  'wagmi-interop',
  'ui-react',
  'examples/nextjs',
  'bench',
  'packaging',
].filter((dir) => existsSync(`${dir}/vitest.config.ts`));

export default defineConfig({
  test: {
    projects: packages,
  },
});
