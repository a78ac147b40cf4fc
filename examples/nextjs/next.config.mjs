import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// The folder whose node_modules holds Next (and @latch/*): the app's own folder when it is installed on its own, the
// repository's root in this checkout (npm workspaces hoist the dependencies there).
const installRoot = dirname(dirname(dirname(createRequire(import.meta.url).resolve('next/package.json'))));

/** @type {import('next').NextConfig} */
const nextConfig = {
  // No X-Powered-By header; nothing here downloads fonts or images (no next/font/google, no remote images).
  poweredByHeader: false,
  images: { unoptimized: true },
  turbopack: { root: installRoot },
  outputFileTracingRoot: installRoot,
  // The repo's `npm run typecheck` checks this app with the rest (TypeScript 7); Next's own check is not run.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
