import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appLockfile } from './lib/appLock.mjs';
import { freshDir } from './lib/packedApp.mjs';

const folder = freshDir('latch-app-lock-');
afterAll(() => folder.remove());

/** A packed tarball (`package/package.json` inside, as `npm pack` writes it) of the given manifest. */
function tarball(file: string, manifest: object) {
  const dir = join(folder.dir, file.replace('.tgz', ''));
  mkdirSync(join(dir, 'package'), { recursive: true });
  writeFileSync(join(dir, 'package/package.json'), JSON.stringify(manifest));
  const path = join(folder.dir, file);
  execFileSync('tar', ['-czf', path, '-C', dir, 'package']);
  return path;
}

const integrity = (name: string) => `sha512-${name}`;
/** A repository lockfile's `packages`: two workspaces (ui-react and examples/app) and what they install. */
const packages = {
  '': { name: 'repo', workspaces: ['ui-react', 'examples/app'] },
  'node_modules/@latch/react': { resolved: 'ui-react', link: true },
  'node_modules/@latch/kernel': { resolved: 'kernel', link: true },
  'node_modules/app': { resolved: 'examples/app', link: true },
  'ui-react': { name: '@latch/react', version: '0.0.0', dependencies: { jotai: '^3.0.0' } },
  // ui-react's own jotai, not the hoisted one: the app gets it under @latch/react.
  'ui-react/node_modules/jotai': { version: '3.0.1', integrity: integrity('jotai3'), license: 'MIT' },
  'node_modules/jotai': { version: '2.0.0', integrity: integrity('jotai2'), dev: true },
  'node_modules/react': { version: '19.3.1', integrity: integrity('react'), peer: true },
  'node_modules/vite': {
    version: '8.3.8',
    integrity: integrity('vite'),
    dev: true,
    dependencies: { rollup: '4.0.0' },
    optionalDependencies: { fsevents: '~2.3.3' },
    peerDependencies: { sass: '*', esbuild: '*' },
    peerDependenciesMeta: { sass: { optional: true } },
  },
  'node_modules/vite/node_modules/rollup': { version: '4.0.0', integrity: integrity('rollup4'), dev: true },
  'node_modules/rollup': { version: '3.0.0', integrity: integrity('rollup3'), dev: true },
  'node_modules/esbuild': { version: '0.25.0', integrity: integrity('esbuild'), devOptional: true },
  'node_modules/fsevents': { version: '2.3.3', integrity: integrity('fsevents'), optional: true, os: ['darwin'] },
  // An optional peer the repository installs for its own tests: never the app's.
  'node_modules/sass': { version: '1.0.0', integrity: integrity('sass'), dev: true },
  // The example's own react-dom, nested in its workspace: the app's root one.
  'examples/app': { name: 'app', dependencies: { 'react-dom': '19.3.1' } },
  'examples/app/node_modules/react-dom': { version: '19.3.1', integrity: integrity('react-dom'), peerDependencies: { react: '^19' } },
};

describe('appLockfile: the lockfile of an app installed from the tarballs, made from the repository lockfile', () => {
  const react = tarball('latch-react-0.0.0.tgz', {
    name: '@latch/react',
    version: '0.0.0',
    dependencies: { jotai: '^3.0.0' },
    peerDependencies: { react: '^19' },
  });

  it('places each package where Node finds it in the repository, a workspace’s nested ones under its own package', () => {
    const manifest = {
      name: 'packed',
      dependencies: { '@latch/react': `file:${react}`, react: '19.3.1', vite: '8.3.8' },
    };
    const lock = appLockfile({ packages, manifest, tarballs: new Map([['@latch/react', react]]) });
    expect(lock.lockfileVersion).toBe(3);
    expect(Object.keys(lock.packages).sort()).toEqual(
      [
        '',
        'node_modules/@latch/react',
        'node_modules/@latch/react/node_modules/jotai',
        'node_modules/esbuild',
        'node_modules/fsevents',
        'node_modules/react',
        'node_modules/vite',
        'node_modules/vite/node_modules/rollup',
      ].sort(),
    );
    expect(lock.packages['']).toEqual({ name: 'packed', version: undefined, dependencies: manifest.dependencies });
    // The tarball, with the integrity of its bytes, and its own manifest's dependencies.
    expect(lock.packages['node_modules/@latch/react']).toEqual({
      version: '0.0.0',
      resolved: `file:${react}`,
      integrity: `sha512-${createHash('sha512').update(readFileSync(react)).digest('base64')}`,
      dependencies: { jotai: '^3.0.0' },
      peerDependencies: { react: '^19' },
    });
    // The repository's entries, without how the repository depends on them (dev, peer); optional only where the app
    // reaches a package through optional dependencies alone.
    expect(lock.packages['node_modules/@latch/react/node_modules/jotai']).toEqual(packages['ui-react/node_modules/jotai']);
    expect(lock.packages['node_modules/react']).toEqual({ version: '19.3.1', integrity: integrity('react') });
    expect(lock.packages['node_modules/vite/node_modules/rollup']).toEqual({ version: '4.0.0', integrity: integrity('rollup4') });
    expect(lock.packages['node_modules/esbuild']).toEqual({ version: '0.25.0', integrity: integrity('esbuild') });
    expect(lock.packages['node_modules/fsevents']).toEqual({ ...packages['node_modules/fsevents'] });
  });

  it('resolves a workspace app’s dependencies from its own folder first', () => {
    const lock = appLockfile({ packages, manifest: packages['examples/app'], tarballs: new Map(), appLocation: 'examples/app' });
    expect(Object.keys(lock.packages).sort()).toEqual(['', 'node_modules/react', 'node_modules/react-dom']);
    expect(lock.packages['node_modules/react-dom']?.integrity).toBe(integrity('react-dom'));
  });

  it('names a dependency the repository lockfile does not hold', () => {
    expect(() =>
      appLockfile({ packages, manifest: { name: 'packed', dependencies: { 'left-pad': '1.3.0' } }, tarballs: new Map() }),
    ).toThrow("the app depends on left-pad, which the repository's package-lock.json does not hold");
    const broken = { ...packages, 'node_modules/react': { version: '19.3.1', dependencies: { scheduler: '^0.27' } } };
    expect(() =>
      appLockfile({ packages: broken, manifest: { name: 'packed', dependencies: { react: '19.3.1' } }, tarballs: new Map() }),
    ).toThrow("react depends on scheduler, which the repository's package-lock.json does not hold");
  });

  it('names a workspace package no tarball stands for', () => {
    const kernelUser = tarball('latch-user-0.0.0.tgz', {
      name: '@latch/react',
      version: '0.0.0',
      dependencies: { '@latch/kernel': '0.0.0' },
    });
    expect(() =>
      appLockfile({
        packages,
        manifest: { name: 'packed', dependencies: { '@latch/react': `file:${kernelUser}` } },
        tarballs: new Map([['@latch/react', kernelUser]]),
      }),
    ).toThrow('@latch/react depends on @latch/kernel, a workspace package (kernel) of the repository no tarball stands for');
  });

  it('names two packages the app would need at one place', () => {
    // The example's nested react-dom and a hoisted one another dependency brings both land at node_modules/react-dom.
    const clash = {
      ...packages,
      'node_modules/react-dom': { version: '18.0.0', integrity: integrity('react-dom-18') },
      'node_modules/react': { version: '19.3.1', dependencies: { 'react-dom': '18' } },
    };
    expect(() =>
      appLockfile({
        packages: clash,
        manifest: { name: 'app', dependencies: { react: '19.3.1', 'react-dom': '19.3.1' } },
        tarballs: new Map(),
        appLocation: 'examples/app',
      }),
    ).toThrow(
      "the app needs two packages at node_modules/react-dom: node_modules/react-dom and examples/app/node_modules/react-dom of the repository's lockfile",
    );
  });
});
