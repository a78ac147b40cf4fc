import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module: the entry carries only the connector factory; the
// session (with @walletconnect/universal-provider), the QR view (with uqr) and the registry are
// their own files, loaded with import() when the visitor picks WalletConnect.
// WalletConnect's libraries are bundled here, under dist/vendor/, converted to ES modules: left to
// the host's bundler, their CommonJS dependencies make it hoist its CommonJS runtime into a chunk
// the page loads first (+0.5 kB), although only the lazy WalletConnect chunk uses it.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts' },
    external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//, /^uqr(\/|$)/],
    output: {
      preserveModules: true,
      preserveModulesRoot: 'src',
      // npm leaves node_modules folders out of a package: vendored modules go under vendor/.
      entryFileNames: ({ name }: { name: string }) => `${name.replace(/(^|\/)node_modules\//g, '$1vendor/')}.js`,
    },
  }),
);
