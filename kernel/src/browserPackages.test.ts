import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * What an app that installs a Latch browser package gets: never a server library. The services (the wallet service
 * with its frame app, the name service, their shared helpers) are their own packages, in folders named `service-*`;
 * every other published workspace package runs in the browser. A server library in a browser package's
 * `dependencies`, or in its `peerDependencies` unless the peer is optional (an optional peer is not installed), makes
 * every install pay for it, and so does one reached through another workspace package it depends on.
 */

const ROOT = new URL('../../', import.meta.url);

interface Manifest {
  name: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** Libraries that only a server runs: databases and their drivers, the auth server, mail. */
const SERVER_LIBRARIES = ['better-auth', 'better-call', '@electric-sql/pglite', 'pg', 'kysely', 'nodemailer', '@farcaster/auth-client'];

const workspaceDirs: string[] = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')).workspaces;
const manifests = new Map(
  workspaceDirs.map((dir) => [dir, JSON.parse(readFileSync(new URL(`${dir}/package.json`, ROOT), 'utf8')) as Manifest]),
);
const byName = new Map([...manifests].map(([dir, manifest]) => [manifest.name, { dir, manifest }]));
const isServicePackage = (dir: string) => dir.startsWith('service-');
const browserPackages = [...manifests].filter(([dir, manifest]) => !manifest.private && !isServicePackage(dir) && dir !== 'testkit');

/** What installing `manifest` installs: its dependencies and required peers. */
function installed(manifest: Manifest): string[] {
  const requiredPeers = Object.keys(manifest.peerDependencies ?? {}).filter((peer) => !manifest.peerDependenciesMeta?.[peer]?.optional);
  return [...Object.keys(manifest.dependencies ?? {}), ...requiredPeers];
}

/**
 * Each server library or service package that installing `manifest` brings, with the chain of workspace packages
 * it comes through ('@latch/feature-names > pg').
 */
function serverDependencies(manifest: Manifest, seen = new Set<string>()): string[] {
  seen.add(manifest.name);
  const found: string[] = [];
  for (const dependency of installed(manifest)) {
    const workspace = byName.get(dependency);
    if (SERVER_LIBRARIES.includes(dependency) || (workspace && isServicePackage(workspace.dir)))
      found.push(`${manifest.name} > ${dependency}`);
    else if (workspace && !seen.has(dependency))
      found.push(...serverDependencies(workspace.manifest, seen).map((chain) => `${manifest.name} > ${chain}`));
  }
  return found;
}

describe('browser packages install no server library', () => {
  it('finds the browser packages and the services in the workspace list', () => {
    const names = browserPackages.map(([, manifest]) => manifest.name);
    expect(names).toEqual(expect.arrayContaining(['@latch/kernel', '@latch/connector-embedded', '@latch/feature-names', '@latch/react']));
    expect(names.some((name) => byName.get(name)?.dir.startsWith('service-'))).toBe(false);
    expect(workspaceDirs.filter(isServicePackage).map((dir) => manifests.get(dir)?.name)).toEqual(
      expect.arrayContaining(['@latch/embedded-wallet-service', '@latch/name-service']),
    );
  });

  it.each(browserPackages.map(([dir, manifest]) => [dir, manifest] as const))('%s', (_dir, manifest) => {
    expect(serverDependencies(manifest)).toEqual([]);
  });

  it('names a server library a browser package lists, and one it reaches through a workspace package or a service', () => {
    // The embedded connector's dependency list before the wallet service moved out of it.
    const before: Manifest = {
      name: '@latch/connector-embedded',
      dependencies: {
        '@latch/kernel': '0.0.0',
        'better-auth': '1.7.25',
        '@electric-sql/pglite': '0.5.16',
        nodemailer: '10.6.0',
        valibot: '1.5.0',
      },
    };
    expect(serverDependencies(before)).toEqual([
      '@latch/connector-embedded > better-auth',
      '@latch/connector-embedded > @electric-sql/pglite',
      '@latch/connector-embedded > nodemailer',
    ]);
    const throughService: Manifest = {
      name: 'app',
      dependencies: { '@latch/name-service': '0.0.0' },
      peerDependencies: { kysely: '^0.28.0' },
    };
    expect(serverDependencies(throughService)).toEqual(['app > @latch/name-service', 'app > kysely']);
    const optionalPeer: Manifest = {
      name: 'app',
      peerDependencies: { kysely: '^0.28.0' },
      peerDependenciesMeta: { kysely: { optional: true } },
    };
    expect(serverDependencies(optionalPeer)).toEqual([]);
    const throughWorkspace: Manifest = { name: 'app', dependencies: { '@latch/feature-names': '0.0.0' } };
    const featureNames = byName.get('@latch/feature-names')?.manifest as Manifest;
    const withPg = { ...featureNames, dependencies: { ...featureNames.dependencies, pg: '^8.23.1' } };
    byName.set('@latch/feature-names', { dir: 'feature-names', manifest: withPg });
    try {
      expect(serverDependencies(throughWorkspace)).toEqual(['app > @latch/feature-names > pg']);
    } finally {
      byName.set('@latch/feature-names', { dir: 'feature-names', manifest: featureNames });
    }
  });
});
