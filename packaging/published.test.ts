import { readFileSync } from 'node:fs';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { publishablePackages } from '../scripts/pack.mjs';
import { checkTypesInChild, type TypesCheckResult } from './lib/typesCheck.mjs';

/**
 * Exports that are classic browser scripts (`*.iife.js`: a page injects them with a script tag or Playwright's
 * addInitScript) are files, not modules: they have no types and no module format for the two linters to check.
 */
const isScriptFile = (subpath: string) => subpath.endsWith('.iife.js');

const packages = publishablePackages();

describe('every publishable package, as packed', () => {
  const tarballs = new Map(Object.entries(inject('tarballs')));

  it('packs every publishable workspace package', () => {
    expect([...tarballs.keys()].sort()).toEqual(packages.map((pkg) => pkg.name).sort());
  });

  it.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s: publint finds no error or warning', async (name, pkg) => {
    const tarball = readFileSync(tarballs.get(name) ?? '');
    const { messages } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
      level: 'warning',
      strict: true,
    });
    const problems = messages.filter((message) => !(message.code === 'FILE_INVALID_FORMAT' && isScriptFile(String(message.path.at(-1)))));
    expect(problems.map((message) => `${message.type}: ${formatMessage(message, pkg.manifest)}`)).toEqual([]);
  });

  // ESM-only packages ("type": "module", `import` conditions only) are for bundlers and Node's ESM loader: the esm-only
  // profile checks those resolutions (node16 from ESM, bundler) and leaves out node10 and require() from CommonJS.
  // Every package is checked in one Node process (lib/typesCheck.mjs: the `attw` command line's own library and rules),
  // each package's outcome read by its own test.
  describe('are-the-types-wrong', () => {
    let results: Record<string, TypesCheckResult> = {};
    // The testkit once more with its classic scripts left in: the check must report them (they have no types).
    const withScripts = '@latch/testkit, classic scripts not excluded';
    beforeAll(() => {
      results = checkTypesInChild([
        ...packages.map((pkg) => ({
          name: pkg.name,
          tarball: tarballs.get(pkg.name) ?? '',
          excludeEntrypoints: Object.keys(pkg.manifest.exports ?? {}).filter(isScriptFile),
        })),
        { name: withScripts, tarball: tarballs.get('@latch/testkit') ?? '', excludeEntrypoints: [] },
      ]);
    });

    it('reports what the command line reports: exports without types (the testkit with its classic scripts)', () => {
      expect(results[withScripts]?.problems).toContain('"@latch/testkit/mock-wallet.iife.js"');
      expect(results[withScripts]?.problems).toContain('no type declarations were found');
    });

    it.each(packages.map((pkg) => [pkg.name] as const))('%s: are-the-types-wrong finds no problem (esm-only)', (name) => {
      const result = results[name];
      // A package without types passes the command line silently: every Latch package ships its types.
      expect(result?.typed, `${name} has no types`).toBe(true);
      expect(result?.problems).toBe('');
    });
  });
});
