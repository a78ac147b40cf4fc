// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { builtOncePerFile, sideEffectsOf } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);

describe('the built @latch/name-service', () => {
  it('imports the name rules from the plugin package, never its views', () => {
    const service = built.externalImports(built.staticClosure(built.chunk('index.js')));
    expect(service.sort()).toEqual([
      '@electric-sql/pglite',
      '@latch/feature-names/protocol',
      // LatchError, the base of NameServiceError: the kernel is side-effect free and needs only mitt and jotai.
      '@latch/kernel',
      '@latch/service-kit',
      'kysely',
      'node:http',
      'node:net',
      'pg',
      'viem',
    ]);
  });

  it('performs no I/O, timers or DOM access when imported', () => {
    expect(sideEffectsOf(built, `await import('./index.js');`)).toEqual([]);
  });
});
