import { describe, expect, it } from 'vitest';
import { dependencyClosure, type LockPackage, serverLibrariesIn } from './lib/installedTree.mjs';

// A lockfile's `packages` as npm writes it: a nested copy wins over the hoisted one for the package that holds it.
const packages: Record<string, LockPackage> = {
  '': { dependencies: { '@latch/a': 'file:a.tgz', '@latch/b': 'file:b.tgz' } },
  'node_modules/@latch/a': { dependencies: { lib: '^2.0.0' }, peerDependencies: { react: '^19' } },
  'node_modules/@latch/b': {
    dependencies: { lib: '^1.0.0' },
    peerDependencies: { kysely: '^0.28' },
    peerDependenciesMeta: { kysely: { optional: true } },
  },
  'node_modules/@latch/b/node_modules/lib': { version: '1.0.0', dependencies: { pg: '^8' } },
  'node_modules/lib': { version: '2.0.0', optionalDependencies: { 'native-other-os': '1' } },
  'node_modules/react': { version: '19.3.1' },
  'node_modules/kysely': { version: '0.28.18' },
  'node_modules/pg': { version: '8.0.0' },
};

describe('installed tree of a package, read from the app lockfile', () => {
  it('follows Node resolution: the nested copy first, then the hoisted one; required peers; optional peers left out', () => {
    expect(Object.fromEntries(dependencyClosure(packages, '@latch/a'))).toEqual({
      'node_modules/@latch/a': ['@latch/a'],
      'node_modules/lib': ['@latch/a', 'lib'],
      'node_modules/react': ['@latch/a', 'react'],
    });
    expect([...dependencyClosure(packages, '@latch/b').keys()]).toEqual([
      'node_modules/@latch/b',
      'node_modules/@latch/b/node_modules/lib',
      'node_modules/pg',
    ]);
  });

  it('names the chain that brings a server library in', () => {
    expect(serverLibrariesIn(packages, '@latch/a')).toEqual([]);
    expect(serverLibrariesIn(packages, '@latch/b')).toEqual(['@latch/b > lib > pg']);
  });

  it('says so when the package is not installed', () => {
    expect(() => dependencyClosure(packages, '@latch/missing')).toThrow('@latch/missing is not installed in this app');
  });
});
