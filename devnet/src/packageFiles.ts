import { fileURLToPath } from 'node:url';

export const BUILD_COMMAND = 'npm run build -w @latch/devnet';

/**
 * The devnet folder. This module sits one level below it both as source (src/packageFiles.ts, in tests) and once
 * built (the library build writes every chunk to dist/ itself), so its parent folder is the package.
 */
export function devnetRoot(): string {
  return fileURLToPath(new URL(/* @vite-ignore */ '..', import.meta.url));
}
