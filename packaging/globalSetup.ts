import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packAll, publishablePackages, repoRoot } from '../scripts/pack.mjs';
import { freshDir } from './lib/packedApp.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Package name → path of its tarball, packed once for the whole project. */
    tarballs: Record<string, string>;
  }
}

/** Packs every publishable package from its current dist (`npm test` builds before vitest runs). */
export default function setup(project: TestProject) {
  const unbuilt = publishablePackages().filter((pkg) => !existsSync(join(repoRoot, pkg.dir, 'dist')));
  if (unbuilt.length > 0) {
    throw new Error(`no dist/ in ${unbuilt.map((pkg) => pkg.dir).join(', ')}: run \`npm run build --silent\` first`);
  }
  const packs = freshDir('latch-packs-');
  const tarballs = packAll({ outDir: packs.dir, build: false, quiet: true });
  project.provide('tarballs', Object.fromEntries(tarballs));
  return () => packs.remove();
}
