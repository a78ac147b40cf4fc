// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { builtOncePerFile, sideEffectsOf } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);

describe('the built @latch/feature-names', () => {
  it('keeps Node and every dependency out of the browser entry and the protocol entry', () => {
    const browser = built.staticClosure(built.chunk('index.js'));
    expect(built.moduleFiles(browser).sort()).toEqual(['src/createNamesPlugin.ts', 'src/index.ts', 'src/nameRules.ts', 'src/settings.ts']);
    expect(built.staticImports(browser)).toEqual([]);
    // What the name service (@latch/name-service) imports: the name rules alone, with no dependency.
    const protocol = built.staticClosure(built.chunk('protocol.js'));
    expect(built.moduleFiles(protocol).sort()).toEqual(['src/nameRules.ts', 'src/protocol.ts']);
    expect(built.externalImports(protocol)).toEqual([]);
  });

  it('loads the views and the service client only when used', () => {
    const plugin = built.chunk('createNamesPlugin.js');
    expect(plugin.imports).toEqual([]);
    // The success view comes with the register view's module (one import() site for both views).
    expect(plugin.dynamicImports.sort()).toEqual(['RegisterAccountNameView.js', 'nameServiceClient.js']);
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
