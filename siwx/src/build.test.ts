import { describe, expect, it } from 'vitest';
import { sideEffectsOf, builtOncePerFile } from '../../scripts/test-support/packageBuild.js';

const packageDir = new URL('..', import.meta.url).pathname;
const built = builtOncePerFile(packageDir);

describe('the built @latch/siwx', () => {
  it('keeps chain libraries and Node out of the browser entry: only the server imports them', () => {
    const browser = built.staticClosure(built.chunk('index.js'));
    // The one import is the kernel, for LatchError (the base of SiwxMessageError), which a page with the modal has loaded.
    expect(built.externalImports(browser)).toEqual(['@latch/kernel']);
    const server = built.staticClosure(built.chunk('server.js'));
    expect(built.externalImports(server).sort()).toEqual([
      '@latch/kernel',
      '@noble/curves/ed25519',
      '@scure/base',
      'kysely',
      'node:net',
      'viem',
    ]);
    // kysely is an optional peer: only migrateSiwxDatabase loads it, never the server entry itself.
    expect(built.staticImports(server)).not.toContain('kysely');
  });

  it('loads the HTTP calls and the message builder only when the client first runs', () => {
    const client = built.chunk('client/createSiwxClient.js');
    // The kernel (loaded with the page already) for retryableImport: after a failed fetch the next step fetches anew.
    expect(client.imports).toEqual(['@latch/kernel']);
    expect(client.dynamicImports).toEqual(['client/siwxHttp.js']);
  });

  it('performs no I/O, timers or DOM access when imported, nor when a client is created', () => {
    const touched = sideEffectsOf(
      built,
      `
        const siwx = await import('./index.js');
        siwx.createSiwxClient({ statement: 'Hi' });
        await import('./server.js');
      `,
    );
    expect(touched).toEqual([]);
  });
});
