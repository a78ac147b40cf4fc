// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { builtOncePerFile } from '../../../scripts/test-support/packageBuild.js';
import { importSpecifiers, productSources } from '../../../scripts/test-support/sourceGraph.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);

/** What a third party's plugin may import: the public plugin API, React, viem, and its own files. */
const PUBLIC_API = ['@latch/kernel', '@latch/react', 'react', 'viem'];
const allowed = (specifier: string) =>
  specifier.startsWith('./') || PUBLIC_API.some((name) => specifier === name || specifier.startsWith(`${name}/`));

describe('the Gas tracker example, a plugin written only against the public plugin API', () => {
  it('its sources import only @latch/kernel, @latch/react, react and viem (never @latch/kernel/internal, nor another package by path)', () => {
    const specifiers = productSources('examples/gas-tracker').flatMap((file) =>
      importSpecifiers(file).map((specifier) => `${file}: ${specifier}`),
    );
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((entry) => !allowed(entry.slice(entry.indexOf(': ') + 2)))).toEqual([]);
    // `@latch/kernel/…` subpaths are not the public API either: only the package itself.
    expect(specifiers.filter((entry) => /@latch\/(kernel|react)\//.test(entry) || entry.includes('react/internal'))).toEqual([]);
  });

  it('the built entry carries only the plugin factory; the view, and viem, load with import() when opened', () => {
    const entry = built.staticClosure(built.chunk('index.js'));
    expect(built.moduleFiles(entry).sort()).toEqual(['src/createGasTrackerPlugin.ts', 'src/index.ts']);
    expect(built.externalImports(entry)).toEqual([]);
    expect(built.chunk('createGasTrackerPlugin.js').dynamicImports).toEqual(['GasTrackerView.js']);
    const everything = built.externalImports().filter((specifier) => !allowed(specifier));
    expect(everything).toEqual([]);
  });
});
