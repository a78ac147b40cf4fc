import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { e2eAppDir, PACKED_APP_ENV } from '../examples/nextjs/scripts/appDir.mjs';
import { repoRoot } from '../scripts/pack.mjs';
import { freshDir, handOffDir } from './lib/packedApp.mjs';

// The folder `npm test` names for the Next.js example installed from the tarballs: packedApps.test.ts installs and
// builds it there (handOffDir), and the example's e2e serves that build (e2eAppDir).
describe('handOffDir: the folder an app is installed in and left for another step', () => {
  const made: ReturnType<typeof freshDir>[] = [];
  const scratch = () => {
    const folder = freshDir('latch-hand-off-test-');
    made.push(folder);
    return folder.dir;
  };
  afterEach(() => {
    for (const folder of made.splice(0)) folder.remove();
  });

  it('creates an absent folder and leaves it in place', () => {
    const dir = join(scratch(), 'app');
    const folder = handOffDir(dir);
    expect(folder.dir).toBe(dir);
    expect(readdirSync(dir)).toEqual([]);
    folder.remove();
    expect(existsSync(dir)).toBe(true);
  });

  it('takes an empty folder (what `npm test` makes)', () => {
    const dir = scratch();
    expect(handOffDir(dir).dir).toBe(dir);
  });

  it('refuses a folder inside the repository, where the app would resolve packages from its node_modules', () => {
    const dir = join(repoRoot, '.latch-test-results', 'hand-off-inside-the-repository');
    expect(() => handOffDir(dir)).toThrow(/is inside the repository: name a folder outside it/);
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses a folder that holds files, and deletes none of them', () => {
    const dir = scratch();
    mkdirSync(join(dir, 'work'));
    writeFileSync(join(dir, 'work', 'notes.txt'), 'keep me');
    expect(() => handOffDir(dir)).toThrow(/is not empty: name a new or empty folder/);
    expect(readFileSync(join(dir, 'work', 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('the e2e serves the folder the variable names, else the example in the repository', () => {
    expect(e2eAppDir({ [PACKED_APP_ENV]: '/tmp/latch-nextjs-packed-x' })).toBe('/tmp/latch-nextjs-packed-x');
    expect(e2eAppDir({})).toBe(join(repoRoot, 'examples/nextjs/'));
  });
});
