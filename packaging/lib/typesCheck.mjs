// are-the-types-wrong on packed tarballs, with the library behind the `attw` command line: the same checkPackage, the
// same exit-code rule and the same ASCII report, for many packages in one Node process, so TypeScript is loaded once
// instead of once per package (an `attw` process per package spent ~1.4 s of CPU each, mostly starting up).
//
// It runs as its own process (`node packaging/lib/typesCheck.mjs`, the packages as JSON on stdin, the results as JSON
// on stdout): Vitest's workers resolve with the `development` condition, under which @arethetypeswrong/core points at
// its TypeScript sources, which Node cannot load.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The esm-only profile of the command line: node10 and node16 from CommonJS are not checked (ESM-only packages are for
 * bundlers and Node's ESM loader).
 */
const ESM_ONLY = { ignoreResolutions: ['node10', 'node16-cjs'] };

/**
 * @param {{ name: string, tarball: string, excludeEntrypoints: string[] }[]} packages
 * @returns {Promise<Record<string, { typed: boolean, problems: string }>>} per package: whether it has types, and the
 *   report of the problems the profile counts ('' when none)
 */
export async function checkTypes(packages) {
  const { checkPackage, createPackageFromTarballData } = await import('@arethetypeswrong/core');
  const { getExitCode } = await import('@arethetypeswrong/cli/internal/getExitCode');
  const render = await import('@arethetypeswrong/cli/internal/render');
  const results = {};
  for (const { name, tarball, excludeEntrypoints } of packages) {
    const pkg = createPackageFromTarballData(new Uint8Array(readFileSync(tarball)));
    const analysis = await checkPackage(pkg, { excludeEntrypoints });
    const typed = Boolean(analysis.types);
    const failing = typed && getExitCode(analysis, ESM_ONLY) !== 0;
    const problems = failing ? await render.typed(analysis, { ...ESM_ONLY, format: 'ascii', color: false, emoji: false }) : '';
    results[name] = { typed, problems };
  }
  return results;
}

/** Runs checkTypes in a child Node process (plain conditions) and returns its results. */
export function checkTypesInChild(packages, { timeout = 120_000 } = {}) {
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url)], {
    input: JSON.stringify(packages),
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    stdio: ['pipe', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    timeout,
  });
  return JSON.parse(out);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const packages = JSON.parse(readFileSync(0, 'utf8'));
  process.stdout.write(JSON.stringify(await checkTypes(packages)));
}
