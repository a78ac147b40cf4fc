import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** @type {import('next').NextConfig} */
const nextConfig = {
  // No X-Powered-By header; nothing here downloads fonts or images (no next/font/google, no remote images).
  poweredByHeader: false,
  images: { unoptimized: true },
  // The repo's workspaces link @latch/* from the root node_modules.
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
  // The repo's `npm run typecheck` checks this app with the rest (TypeScript 7); Next's own check is not run.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
