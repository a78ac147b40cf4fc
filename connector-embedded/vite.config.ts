import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module: the browser entry carries only the connector factory (its views load
// with import() when used); the protocol entry is what the frame app and the wallet service share with it (the
// service and the frame app are @latch/embedded-wallet-service); the sessions entry is the dApp's session-key sender
// (`sendSessionCalls`), which needs no frame.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', protocol: 'src/protocol/public.ts', sessions: 'src/sessionKey.ts' },
    external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//, /^valibot(\/|$)/, /^viem(\/|$)/, /^@noble\//, /^@scure\//],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
