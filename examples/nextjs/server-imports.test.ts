import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * A server render (Next.js, any SSR) loads the same modules as the browser. In plain Node, with no
 * DOM globals, every browser entry of the @latch packages (the built packages, as an app installs
 * them) imports without an error and without reading window, document, storage or the like.
 */

const script = new URL('./scripts/server-imports.mjs', import.meta.url).pathname;
const probe = async (...specifiers: string[]) => {
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...specifiers], { cwd: new URL('.', import.meta.url).pathname });
  return JSON.parse(stdout) as {
    imported: string[];
    failed: { module: string; error: string }[];
    touched: { module: string; global: string }[];
  };
};

const scratch = mkdtempSync(join(tmpdir(), 'latch-server-imports-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('@latch packages on the server', () => {
  it('every browser entry imports in plain Node and touches no browser global', async () => {
    const result = await probe();
    expect(result.failed).toEqual([]);
    expect(result.touched).toEqual([]);
    for (const entry of ['@latch/kernel', '@latch/react', '@latch/adapter-eip155', '@latch/adapter-solana', '@latch/connector-embedded']) {
      expect(result.imported).toContain(entry);
    }
    expect(result.imported.some((entry) => entry.endsWith('/server'))).toBe(false);
  });

  it('the probe catches a module that reads a browser global while loading, and one that throws', async () => {
    const touching = join(scratch, 'touching.mjs');
    const throwing = join(scratch, 'throwing.mjs');
    writeFileSync(touching, 'export const dark = globalThis.window?.matchMedia ?? localStorage;\n');
    writeFileSync(throwing, 'document.createElement("div");\n');
    const result = await probe(touching, throwing);
    expect(result.touched).toEqual([
      { module: touching, global: 'window' },
      { module: touching, global: 'localStorage' },
      { module: throwing, global: 'document' },
    ]);
    expect(result.failed).toEqual([{ module: throwing, error: expect.stringContaining('createElement') }]);
  });
});
