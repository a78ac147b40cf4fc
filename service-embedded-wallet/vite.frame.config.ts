import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The frame app: a static build served by the service at /frame (index.html) and its visible pages /frame/recovery,
// /frame/approve and /frame/logins, scripts under /frame/assets/. Only external module scripts, no inline code and no eval, so it
// runs under the frame CSP `script-src 'self'` (PROTOCOL §3).
const root = resolve(import.meta.dirname, 'src/frame');

export default defineConfig({
  root,
  base: '/frame/',
  publicDir: false,
  build: {
    outDir: resolve(import.meta.dirname, 'dist/frame'),
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    sourcemap: false,
    rollupOptions: {
      input: {
        index: resolve(root, 'index.html'),
        recovery: resolve(root, 'recovery.html'),
        approve: resolve(root, 'approve.html'),
        logins: resolve(root, 'logins.html'),
      },
    },
  },
});
