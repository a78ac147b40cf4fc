import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { retryableImport } from './retryableImport.js';

/*
 * The browser's side (a failed module fetch kept in the module map, so the same import() fails again without a
 * request) is shown in Chromium by examples/react-vite/e2e/connectOptions.spec.ts and views.spec.ts. Here: which
 * failures lead to a fresh URL, and that the fresh URL is imported instead of the original import. Node's loader
 * imports file URLs with a query as modules of their own, as a browser does with http URLs.
 */
const dir = mkdtempSync(join(tmpdir(), 'latch-chunks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const chunk = (name: string, value: string) => {
  const file = join(dir, name);
  writeFileSync(file, `export const value = ${JSON.stringify(value)};\n`);
  return pathToFileURL(file).href;
};
const fetchFailure = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('retryableImport', () => {
  it("after a failed fetch (Chromium's message), imports the URL it names with a query of its own, not the kept failure", async () => {
    const url = chunk('view.js', 'fetched again');
    const load = vi.fn(() => Promise.reject(fetchFailure(url)));
    const lazy = retryableImport<{ value: string }>(load);
    await expect(lazy()).rejects.toThrow(url);
    const again = await lazy();
    expect(again.value).toBe('fetched again');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("reads Firefox's message too", async () => {
    const url = chunk('firefox.js', 'from Firefox');
    const load = vi.fn(() => Promise.reject(new TypeError(`error loading dynamically imported module: ${url}`)));
    const lazy = retryableImport<{ value: string }>(load);
    await expect(lazy()).rejects.toThrow(url);
    expect((await lazy()).value).toBe('from Firefox');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when a retry fails too, each later one asks with a new query, and loads the code once it is served', async () => {
    const url = chunk('missing.js', 'x');
    rmSync(new URL(url));
    const lazy = retryableImport<{ value: string }>(() => Promise.reject(fetchFailure(url)));
    await expect(lazy()).rejects.toThrow(url);
    // Still not served: each retry fails, asking for the URL with a query of the retry's own.
    const retries = [await lazy().then(String, String), await lazy().then(String, String)];
    for (const failure of retries) {
      expect(failure).toMatch(/missing\.js\?latch-retry=\d+\b/);
      expect(failure.split('latch-retry').length).toBe(2);
    }
    expect(retries[0]).not.toBe(retries[1]);
    // Served again: the next retry loads it.
    writeFileSync(new URL(url), 'export const value = "back";\n');
    expect((await lazy()).value).toBe('back');
  });

  it("an error that names no URL (Safari's; a bundler's own chunk loader's) retries the original import", async () => {
    const url = chunk('plain.js', 'loaded');
    let calls = 0;
    const load = () =>
      ++calls === 1 ? Promise.reject(new TypeError('Importing a module script failed.')) : import(/* @vite-ignore */ url);
    const lazy = retryableImport<{ value: string }>(load);
    await expect(lazy()).rejects.toThrow('Importing a module script failed.');
    expect((await lazy()).value).toBe('loaded');
    expect(calls).toBe(2);
  });

  it("wrapped twice (an export picked inside, the modal's view loading outside), the inner one retries and its pick holds", async () => {
    const url = chunk('views.js', 'x');
    writeFileSync(new URL(url), 'export default "first view"; export const Second = "second view";\n');
    let calls = 0;
    const inner = retryableImport<{ default: string; Second: string }>(() =>
      ++calls === 1 ? Promise.reject(fetchFailure(url)) : Promise.reject(new Error('the kept failure answered again')),
    );
    const pickSecond = () => inner().then((m) => ({ default: m.Second }));
    const outer = retryableImport(pickSecond);
    await expect(outer()).rejects.toThrow(url);
    expect(await outer()).toEqual({ default: 'second view' });
    expect(calls).toBe(1);
  });

  it("a chunk the host's bundler imports with a pick (its modules' namespaces under short names) reads as the module asked for", async () => {
    // Rolldown (Vite): the chunk exports each module's namespace, tagged 'Module', and the bundle imports it with
    // `.then((m) => m.t)`; Rollup's namespace has no prototype. The chunk imported anew has no `.then` of its own.
    const rolldown = chunk('rolldown.js', 'x');
    writeFileSync(
      new URL(rolldown),
      [
        'function createConnection() { return "connected"; }',
        'const other = {}; Object.defineProperty(other, "createOther", { enumerable: true, get: () => () => "other" });',
        'const t = {}; Object.defineProperty(t, "createConnection", { enumerable: true, get: () => createConnection });',
        'Object.defineProperty(t, Symbol.toStringTag, { value: "Module" });',
        'Object.defineProperty(other, Symbol.toStringTag, { value: "Module" });',
        'export { t, other as n, createConnection as r };',
      ].join('\n'),
    );
    const lazy = retryableImport<{ createConnection(): string }>(() => Promise.reject(fetchFailure(rolldown)));
    await expect(lazy()).rejects.toThrow(rolldown);
    const { createConnection } = await lazy();
    expect(createConnection()).toBe('connected');
    expect('createConnection' in (await lazy())).toBe(true);

    const rollup = chunk('rollup.js', 'x');
    writeFileSync(new URL(rollup), 'const c = Object.freeze({ __proto__: null, mountModal: () => "mounted" });\nexport { c };\n');
    const fromRollup = retryableImport<{ mountModal(): string }>(() => Promise.reject(fetchFailure(rollup)));
    await expect(fromRollup()).rejects.toThrow(rollup);
    expect((await fromRollup()).mountModal()).toBe('mounted');

    // A name the chunk exports itself (an entry chunk keeps its module's names) is the chunk's own.
    const entry = chunk('entry.js', 'x');
    writeFileSync(
      new URL(entry),
      'export const value = "own";\nconst t = Object.freeze({ __proto__: null, value: "namespace" });\nexport { t };\n',
    );
    const fromEntry = retryableImport<{ value: string }>(() => Promise.reject(fetchFailure(entry)));
    await expect(fromEntry()).rejects.toThrow(entry);
    expect((await fromEntry()).value).toBe('own');
  });

  it('calls share one import, while it loads and after it loaded; a failure is not kept, the next call imports again', async () => {
    let calls = 0;
    let fail = true;
    const lazy = retryableImport(async () => {
      calls += 1;
      if (fail) throw new Error('the server was down');
      return { value: calls };
    });
    const [first, second] = [lazy(), lazy()];
    await expect(first).rejects.toThrow('the server was down');
    await expect(second).rejects.toThrow('the server was down');
    expect(calls).toBe(1);
    fail = false;
    const [third, fourth] = [lazy(), lazy()];
    expect(await third).toEqual({ value: 2 });
    expect(await fourth).toBe(await third);
    expect(await lazy()).toBe(await third);
    expect(calls).toBe(2);
  });
});
