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
  'connector-walletconnect',
  'connector-embedded',
  'wagmi-interop',
  'ui-react',
  'bench',
].filter((dir) => existsSync(`${dir}/vitest.config.ts`));

export default defineConfig({
  test: {
    projects: packages,
  },
});
