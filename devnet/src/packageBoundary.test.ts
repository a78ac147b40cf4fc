import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, importSpecifiers, productSources, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

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

/**
 * Relative imports into another workspace package that have not moved to a package name yet, each with its reason.
 * The list only shrinks: an import listed here that is gone fails the test as well, so the line is crossed out here.
 */
const WAITING: Record<string, string> = {
  // The embedded connector's provider tests play the wallet frame with the frame's own key derivation and signer
  // (service-embedded-wallet's frame code, not exported). No entry has it: the frame app is a static build whose
  // libraries (@solana/kit, shamir-secret-sharing) are the service's devDependencies, and the devnet cannot hold the
  // frame's code without a copy of it. They move with a published entry of the service for the frame's signer (its
  // libraries then dependencies), or when the tests run the frame itself.
  'connector-embedded/src/eip155Provider.test.ts: ../../service-embedded-wallet/src/frame/keys.js': 'frame signer',
  'connector-embedded/src/eip155Provider.test.ts: ../../service-embedded-wallet/src/frame/signer.js': 'frame signer',
  'connector-embedded/src/permissions.chain.test.ts: ../../service-embedded-wallet/src/frame/keys.js': 'frame signer',
  'connector-embedded/src/permissions.chain.test.ts: ../../service-embedded-wallet/src/frame/signer.js': 'frame signer',
  'connector-embedded/src/smartAccount.test.ts: ../../service-embedded-wallet/src/frame/keys.js': 'frame signer',
  'connector-embedded/src/smartAccount.test.ts: ../../service-embedded-wallet/src/frame/signer.js': 'frame signer',
};

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
  it('is imported by its package name, never by a relative path into its folder (the waiting list only shrinks)', () => {
    const found = crossPackageImports(WORKSPACES.filter((dir) => existsSync(join(ROOT, dir))));
    expect(found.filter((entry) => !(entry in WAITING))).toEqual([]);
    expect(Object.keys(WAITING).filter((entry) => !found.includes(entry))).toEqual([]);
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
