import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, inject, it } from 'vitest';
import { publishablePackages, repoRoot } from '../scripts/pack.mjs';

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
  it.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s: are-the-types-wrong finds no problem (esm-only)', (name, pkg) => {
    const scripts = Object.keys(pkg.manifest.exports ?? {}).filter(isScriptFile);
    const args = [tarballs.get(name) ?? '', '--profile', 'esm-only', '--format', 'ascii', '--no-color', '--no-emoji'];
    if (scripts.length > 0) args.push('--exclude-entrypoints', ...scripts);
    let output = '';
    let status = 0;
    try {
      output = execFileSync(join(repoRoot, 'node_modules/.bin/attw'), args, {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        // A bound against a hang, below the test's own (the tool takes a few seconds).
        timeout: 120_000,
      });
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      status = failed.status;
      output = `${failed.stdout}\n${failed.stderr}`;
    }
    expect(status, output).toBe(0);
  });
});
