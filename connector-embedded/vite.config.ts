import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module: the browser entry carries only the connector factory (its
// views load with import() when used); the server entry and the CLI are Node-only and never reached from
// the browser entry. The frame app is a separate static build (vite.frame.config.ts → dist/frame).
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', server: 'src/server/index.ts', 'server-cli': 'src/server/cli.ts' },
    external: [
      /^react(\/|$)/,
      /^react-dom(\/|$)/,
      /^@latch\//,
      /^@electric-sql\//,
      /^kysely(\/|$)/,
      /^pg(\/|$)/,
      /^better-auth(\/|$)/,
      /^nodemailer(\/|$)/,
      /^valibot(\/|$)/,
      /^@noble\//,
      /^@scure\//,
      /^shamir-secret-sharing(\/|$)/,
      // The service's Farcaster check and its message helpers: dependencies, resolved where they are installed
      // (a copy under dist/ would resolve viem's own imports against the wrong @noble/hashes).
      /^@farcaster\//,
      /^viem(\/|$)/,
      /^node:/,
    ],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
