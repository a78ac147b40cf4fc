import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, importGraph, importSpecifiers, productSources, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

/*
 * The line between the two packages. @latch/testkit is published for adapter and connector authors and must install
 * and run without this repository: it imports nothing of the devnet, by name or by path. The devnet is private and
 * builds after it. And the line around every workspace package: another package reaches it by its name (its exports),
 * never by a relative path into its folder, where it would read sources the package does not publish.
 */

const ROOT = resolve(new URL('../../', import.meta.url).pathname);
/** The workspace folders, read once. */
const WORKSPACES = workspaceDirs();

type Manifest = { name: string; private?: boolean } & Partial<
  Record<'dependencies' | 'devDependencies' | 'peerDependencies' | 'optionalDependencies', Record<string, string>>
>;
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));

/** Every TypeScript and ES module file of a workspace folder (sources, tests, configs, scripts), relative to the root. */
function codeFiles(dir: string): string[] {
  return filesUnder(dir).filter((path) => /\.(tsx?|mjs)$/.test(path) && !path.endsWith('.d.ts'));
}

/** The workspace folder a relative specifier of `file` lands in, if it leaves the file's own package. */
function folderReached(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(ROOT, resolve(ROOT, dirname(file), specifier));
  return WORKSPACES.find((dir) => target === dir || target.startsWith(`${dir}/`));
}

describe('the testkit and the devnet', () => {
  it('the devnet is private and comes after the testkit in the workspaces (its build order)', () => {
    expect(manifestOf('devnet')).toMatchObject({ name: '@latch/devnet', private: true });
    expect(manifestOf('testkit').private).toBeUndefined();
    const order = WORKSPACES;
    expect(order.indexOf('devnet')).toBeGreaterThan(order.indexOf('testkit'));
  });

  it('the testkit depends on nothing of the devnet: not in its manifest, not in any of its files', () => {
    const manifest = manifestOf('testkit');
    const declared = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
    expect(declared.flatMap((field) => Object.keys(manifest[field] ?? {})).filter((name) => name.startsWith('@latch/devnet'))).toEqual([]);
    const files = codeFiles('testkit');
    expect(files.length).toBeGreaterThan(100);
    const reaching = files.flatMap((file) =>
      importSpecifiers(file)
        .filter((specifier) => specifier.startsWith('@latch/devnet') || folderReached(file, specifier) === 'devnet')
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(reaching).toEqual([]);
  });
});

/** Every relative import in a workspace package's folder that lands in another workspace package's folder. */
function crossPackageImports(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    codeFiles(dir).flatMap((file) =>
      importSpecifiers(file)
        .filter((specifier) => {
          const reached = folderReached(file, specifier);
          return reached !== undefined && reached !== dir;
        })
        .map((specifier) => `${file}: ${specifier}`),
    ),
  );
}

describe('every workspace package', () => {
  it('is imported by its package name, never by a relative path into its folder', () => {
    expect(crossPackageImports(WORKSPACES.filter((dir) => existsSync(join(ROOT, dir))))).toEqual([]);
  });

  it('a published package uses the testkit (the kernel fakes too) and the devnet in its tests only, never in what it ships', () => {
    const published = WORKSPACES.filter((dir) => existsSync(join(ROOT, dir)) && !manifestOf(dir).private && dir !== 'testkit');
    expect(published).toContain('kernel');
    const inManifest = published.flatMap((dir) =>
      Object.keys({ ...manifestOf(dir).dependencies, ...manifestOf(dir).peerDependencies })
        .filter((name) => name === '@latch/testkit' || name === '@latch/devnet')
        .map((name) => `${dir}: ${name}`),
    );
    expect(inManifest).toEqual([]);
    const inProduct = published.flatMap((dir) =>
      productSources(dir).flatMap((file) =>
        importSpecifiers(file)
          .filter((specifier) => /^@latch\/(testkit|devnet)(\/|$)/.test(specifier))
          .map((specifier) => `${file}: ${specifier}`),
      ),
    );
    expect(inProduct).toEqual([]);
  });

  it('a relative import is told apart from one inside the package, nested example folders included', () => {
    expect(folderReached('ui-react/src/views/X.test.tsx', '../../../kernel/src/test-support/fakeAdapter.js')).toBe('kernel');
    expect(folderReached('kernel/src/actions/x.test.ts', '../test-support/testModal.js')).toBe('kernel');
    expect(folderReached('examples/nextjs/playwright.config.ts', '../react-vite/playwright.config.js')).toBe('examples/react-vite');
    expect(folderReached('kernel/src/x.test.ts', '../../scripts/test-support/sourceGraph.js')).toBeUndefined();
    expect(folderReached('kernel/src/x.test.ts', '@latch/testkit/kernel')).toBeUndefined();
  });
});

/*
 * The embedded wallet frame's signing core (keys, the 2-of-3 split, the signer) is a private workspace package. The
 * service's frame app bundles it into dist/frame/ at build time and the connector's tests play the frame with it; a
 * package an integrator installs never needs it: not in its manifest, and not in the service's Node entries.
 */
const FRAME_CORE = '@latch/embedded-wallet-frame';
const namesFrameCore = (specifier: string) => specifier === FRAME_CORE || specifier.startsWith(`${FRAME_CORE}/`);
/** The service's frame app: the static build (vite.frame.config.ts) that carries the signing core in its bundle. */
const FRAME_APP = 'service-embedded-wallet/src/frame/';

describe("the frame's signing core", () => {
  it("is private; no published package depends on it, and only the service's frame app (bundled) imports it", () => {
    expect(manifestOf('embedded-wallet-frame')).toMatchObject({ name: FRAME_CORE, private: true });
    const published = WORKSPACES.filter((dir) => existsSync(join(ROOT, dir)) && !manifestOf(dir).private);
    const inManifest = published.flatMap((dir) => {
      const manifest = manifestOf(dir);
      return Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies })
        .filter(namesFrameCore)
        .map((name) => `${dir}: ${name}`);
    });
    expect(inManifest).toEqual([]);
    const importing = published.flatMap((dir) => productSources(dir).filter((file) => importSpecifiers(file).some(namesFrameCore)));
    expect(importing).toContain(`${FRAME_APP}frameRequests.ts`);
    expect(importing.filter((file) => !file.startsWith(FRAME_APP))).toEqual([]);
  });

  it("the service's Node entries (dist/index.js, dist/cli.js) reach neither the frame app nor the signing core", () => {
    const graph = importGraph(productSources('service-embedded-wallet'));
    // The library build's entries (service-embedded-wallet/vite.config.ts) and every file they import at run time.
    const reached = new Set(['service-embedded-wallet/src/server/index.ts', 'service-embedded-wallet/src/server/cli.ts']);
    for (const file of reached) {
      expect(graph.has(file), file).toBe(true);
      for (const target of graph.get(file) ?? []) reached.add(target);
    }
    expect(reached.size).toBeGreaterThan(10);
    expect([...reached].filter((file) => file.startsWith(FRAME_APP))).toEqual([]);
    expect(
      [...reached].flatMap((file) =>
        importSpecifiers(file)
          .filter(namesFrameCore)
          .map((name) => `${file}: ${name}`),
      ),
    ).toEqual([]);
  });
});
