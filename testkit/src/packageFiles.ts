import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@latch/testkit';
export const BUILD_COMMAND = 'npm run build -w @latch/testkit';

/** The testkit folder, found from this module whether it runs from src/ (tests) or dist/ (built). */
export function testkitRoot(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME) {
      return directory;
    }
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`${PACKAGE_NAME}: cannot find its own package.json above ${fileURLToPath(import.meta.url)}`);
    directory = parent;
  }
}

/** Reads a build artifact (a path relative to the testkit folder), failing with the command that creates it. */
export function readBuildArtifact(relativePath: string): string {
  const path = join(testkitRoot(), relativePath);
  if (!existsSync(path)) {
    throw new Error(`${PACKAGE_NAME}: ${relativePath} is missing. Build the testkit first: ${BUILD_COMMAND}`);
  }
  return readFileSync(path, 'utf8');
}
