import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module: the browser entry carries only the plugin factory (its views and
// service client load with import() when used); the protocol entry is the name rules the name service
// (@latch/name-service) shares with it.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', protocol: 'src/protocol.ts' },
    external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//, /^jotai(\/|$)/, /^viem(\/|$)/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
