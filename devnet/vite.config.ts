import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, Node only: the local chains (`@latch/devnet`), the WalletConnect relay (`@latch/devnet/walletconnect`),
// the OpenID Connect provider (`@latch/devnet/oidc`), the Farcaster relay and registry (`@latch/devnet/farcaster`) and
// the service fixtures (`@latch/devnet/services`) and the e2e suites' Playwright settings (`@latch/devnet/playwright`). Node's modules and every dependency the manifest declares stay
// external. Every chunk is written to dist/ itself, which src/packageFiles.ts relies on to find the package folder.
const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;
const declared = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig(
  libraryBuild({
    entry: {
      index: 'src/index.ts',
      walletconnect: 'src/walletconnect/index.ts',
      oidc: 'src/oidc/index.ts',
      farcaster: 'src/farcaster/index.ts',
      services: 'src/services/index.ts',
      playwright: 'src/playwright.ts',
    },
    external: [/^node:/, ...declared.map((name) => new RegExp(`^${escaped(name)}(/|$)`))],
  }),
);
