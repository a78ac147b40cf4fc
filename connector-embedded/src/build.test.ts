// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { builtOncePerFile, sideEffectsOf } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);

describe('the built @latch/connector-embedded', () => {
  it('the protocol entry the frame app and the wallet service import holds the protocol alone', () => {
    const protocol = built.staticClosure(built.chunk('protocol.js'));
    expect(built.moduleFiles(protocol).sort()).toEqual([
      'src/errors.ts',
      'src/protocol/constants.ts',
      'src/protocol/parse.ts',
      'src/protocol/public.ts',
      'src/protocol/schemas.ts',
      'src/protocol/sessionAbi.ts',
      'src/protocol/smartAccountAbi.ts',
      'src/protocol/walletProof.ts',
    ]);
    // The kernel brings its error classes and §8 texts only (it is side-effect free and imports no server library).
    expect(built.externalImports(protocol).sort()).toEqual([
      '@latch/kernel',
      '@noble/hashes/sha2.js',
      '@noble/hashes/sha3.js',
      '@noble/hashes/utils.js',
      'valibot',
    ]);
  });

  it('performs no I/O, timers or DOM access when the protocol is imported', () => {
    expect(sideEffectsOf(built, `await import('./protocol.js');`)).toEqual([]);
  });
});
