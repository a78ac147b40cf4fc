// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { builtOncePerFile, sideEffectsOf } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);

describe('the built @latch/feature-names', () => {
  it('keeps Node and every dependency but the kernel out of the browser entry, and all but its error entry out of the protocol entry', () => {
    const browser = built.staticClosure(built.chunk('index.js'));
    expect(built.moduleFiles(browser).sort()).toEqual(['src/createNamesPlugin.ts', 'src/index.ts', 'src/nameRules.ts', 'src/settings.ts']);
    // The kernel, which the host page has loaded already: its retryableImport loads the service client. Its error
    // entry @latch/kernel/errors (LatchError and invalidOption) imports nothing itself; the kernel's build test pins it.
    expect(new Set(built.staticImports(browser))).toEqual(new Set(['@latch/kernel', '@latch/kernel/errors']));
    // What the name service (@latch/name-service) imports: the name rules alone, with no dependency but that one.
    const protocol = built.staticClosure(built.chunk('protocol.js'));
    expect(built.moduleFiles(protocol).sort()).toEqual(['src/nameRules.ts', 'src/protocol.ts']);
    expect(built.externalImports(protocol)).toEqual(['@latch/kernel/errors']);
  });

  it('loads the views and the service client only when used', () => {
    const plugin = built.chunk('createNamesPlugin.js');
    expect(new Set(plugin.imports)).toEqual(new Set(['@latch/kernel', '@latch/kernel/errors']));
    // Each view is imported as its own module (so the modal's retry after a failed fetch gets the same export).
    expect(plugin.dynamicImports.sort()).toEqual([
      'RegisterAccountNameSuccessView.js',
      'RegisterAccountNameView.js',
      'nameServiceClient.js',
    ]);
  });

  it('performs no I/O, timers or DOM access when imported, nor when the plugin is created', () => {
    const touched = sideEffectsOf(
      built,
      `
        const names = await import('./index.js');
        names.createNamesPlugin({ serviceUrl: 'https://names.example', suffix: 'latch.id' });
        await import('./protocol.js');
      `,
    );
    expect(touched).toEqual([]);
  });
});
