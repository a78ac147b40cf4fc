import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUILD_COMMAND = 'npm run build -w @latch/devnet';

/**
 * The devnet folder. This module sits one level below it both as source (src/packageFiles.ts, in tests) and once
 * built (the library build writes every chunk to dist/ itself), so its parent folder is the package.
 */
export function devnetRoot(): string {
  // From the module's path as a string: a test environment with a DOM (happy-dom) replaces the global URL class, whose
  // objects Node's fileURLToPath refuses.
  return dirname(dirname(fileURLToPath(import.meta.url)));
}
