import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module: the service's entry (dist/index.js) and its CLI (dist/cli.js), Node
// only, every dependency external. The frame app is a separate static build (vite.frame.config.ts → dist/frame),
// bundled with its own libraries, so those are only needed to build it (devDependencies).
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/server/index.ts', cli: 'src/server/cli.ts' },
    external: [
      /^@latch\//,
      /^@electric-sql\//,
      /^kysely(\/|$)/,
      /^pg(\/|$)/,
      /^better-auth(\/|$)/,
      /^nodemailer(\/|$)/,
      /^valibot(\/|$)/,
      /^@noble\//,
      /^@scure\//,
      // The Farcaster check and its message helpers: dependencies, resolved where they are installed (a copy under
      // dist/ would resolve viem's own imports against the wrong @noble/hashes).
      /^@farcaster\//,
      /^viem(\/|$)/,
      /^node:/,
    ],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
