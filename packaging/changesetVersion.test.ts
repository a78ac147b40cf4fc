import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PackageManifest, repoRoot } from '../scripts/pack.mjs';
import { freshDir } from './lib/packedApp.mjs';

// `changeset version` on a copy of the workspace's manifests: the repository's .changeset folder and versions are never
// touched. Internal dependencies are pinned exactly (`0.0.0`), so a bump must carry to every package that pins it.

const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
const workspaces = rootManifest.workspaces;
const readManifest = (base: string, dir: string) => JSON.parse(readFileSync(join(base, dir, 'package.json'), 'utf8')) as PackageManifest;
const before = new Map(workspaces.map((dir) => [readManifest(repoRoot, dir).name, { dir, manifest: readManifest(repoRoot, dir) }]));

/**
 * A package that needs the kernel only to develop (the kernel in its devDependencies alone), added to the copy: no
 * workspace package is like that since every package's errors extend the kernel's LatchError, and the case must stay
 * covered.
 */
const DEV_ONLY = {
  dir: 'dev-only',
  manifest: { name: '@latch/dev-only', version: '0.0.0', devDependencies: { '@latch/kernel': '0.0.0' } },
};

/** A temporary copy of what `changeset version` reads and writes, with `changesets` (file name → text) pending. */
function versionedCopy(changesets: Record<string, string>) {
  const copy = freshDir('latch-changeset-');
  writeFileSync(join(copy.dir, 'package.json'), JSON.stringify({ ...rootManifest, workspaces: [...workspaces, DEV_ONLY.dir] }, null, 2));
  mkdirSync(join(copy.dir, DEV_ONLY.dir));
  writeFileSync(join(copy.dir, DEV_ONLY.dir, 'package.json'), JSON.stringify(DEV_ONLY.manifest, null, 2));
  mkdirSync(join(copy.dir, '.changeset'));
  copyFileSync(join(repoRoot, '.changeset/config.json'), join(copy.dir, '.changeset/config.json'));
  for (const [file, text] of Object.entries(changesets)) writeFileSync(join(copy.dir, '.changeset', file), text);
  for (const dir of workspaces) {
    mkdirSync(join(copy.dir, dir), { recursive: true });
    copyFileSync(join(repoRoot, dir, 'package.json'), join(copy.dir, dir, 'package.json'));
    const changelog = join(repoRoot, dir, 'CHANGELOG.md');
    if (existsSync(changelog)) copyFileSync(changelog, join(copy.dir, dir, 'CHANGELOG.md'));
  }
  execFileSync(join(repoRoot, 'node_modules/.bin/changeset'), ['version'], { cwd: copy.dir, stdio: 'pipe', timeout: 120_000 });
  return {
    ...copy,
    manifest: (name: string) => readManifest(copy.dir, name === DEV_ONLY.manifest.name ? DEV_ONLY.dir : (before.get(name)?.dir ?? name)),
    changelog: (name: string) => {
      const path = join(copy.dir, before.get(name)?.dir ?? name, 'CHANGELOG.md');
      return existsSync(path) ? readFileSync(path, 'utf8') : '';
    },
    pending: () => readdirSync(join(copy.dir, '.changeset')).filter((file) => file.endsWith('.md')),
  };
}

/** Packages whose dependencies or peers pin one of `bumped`, transitively: each is bumped too. */
function dependentsOf(bumped: string[]): Set<string> {
  const result = new Set(bumped);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, { manifest }] of before) {
      if (result.has(name)) continue;
      const pins = { ...manifest.dependencies, ...manifest.peerDependencies };
      if (Object.keys(pins).some((dep) => result.has(dep))) {
        result.add(name);
        grew = true;
      }
    }
  }
  for (const name of bumped) result.delete(name);
  return result;
}

describe('changeset version with a sample changeset (kernel minor, adapter-eip155 patch)', () => {
  let copy: ReturnType<typeof versionedCopy>;
  beforeAll(() => {
    copy = versionedCopy({
      'sample-change.md': '---\n"@latch/kernel": minor\n"@latch/adapter-eip155": patch\n---\n\nA sample change to the kernel.\n',
    });
  });
  afterAll(() => copy?.remove());
  const dependents = dependentsOf(['@latch/kernel', '@latch/adapter-eip155']);

  it('starts from the versions it expects (every workspace package at 0.0.0, internal dependencies pinned exactly)', () => {
    for (const [name, { manifest }] of before) expect(manifest.version, name).toBe('0.0.0');
    expect(dependents.size).toBeGreaterThan(0);
  });

  it('bumps the named packages and writes their changelog entries', () => {
    expect(copy.manifest('@latch/kernel').version).toBe('0.1.0');
    expect(copy.changelog('@latch/kernel')).toBe('# @latch/kernel\n\n## 0.1.0\n\n### Minor Changes\n\n- A sample change to the kernel.\n');
    expect(copy.manifest('@latch/adapter-eip155').version).toBe('0.0.1');
    expect(copy.changelog('@latch/adapter-eip155')).toBe(
      '# @latch/adapter-eip155\n\n## 0.0.1\n\n### Patch Changes\n\n- A sample change to the kernel.\n' +
        '- Updated dependencies\n  - @latch/kernel@0.1.0\n',
    );
    expect(copy.pending()).toEqual([]);
  });

  it('gives every package that depends on them a patch with the new exact versions and a changelog entry naming them', () => {
    for (const name of dependents) {
      if (name === '@latch/kernel' || name === '@latch/adapter-eip155') continue;
      const manifest = copy.manifest(name);
      expect(manifest.version, name).toBe('0.0.1');
      const pins = { ...before.get(name)?.manifest.dependencies, ...before.get(name)?.manifest.peerDependencies };
      for (const field of ['dependencies', 'peerDependencies'] as const) {
        const fieldPins = before.get(name)?.manifest[field] ?? {};
        if ('@latch/kernel' in fieldPins) expect(manifest[field]?.['@latch/kernel'], `${name} ${field}`).toBe('0.1.0');
        if ('@latch/adapter-eip155' in fieldPins) expect(manifest[field]?.['@latch/adapter-eip155'], `${name} ${field}`).toBe('0.0.1');
      }
      const changelog = copy.changelog(name);
      expect(changelog, name).toContain('## 0.0.1\n\n### Patch Changes\n\n');
      // Every bumped workspace package it depends on is listed with its new version.
      for (const dependency of Object.keys(pins).filter((dep) => dependents.has(dep))) {
        expect(changelog, `${name} lists ${dependency}`).toContain(`- ${dependency}@${copy.manifest(dependency).version}\n`);
      }
      // The changeset's own entry heads the list where the package pins a package the changeset names; a package bumped
      // only through another one (the name service through the names plugin) gets the list alone, as changesets writes it.
      if ('@latch/kernel' in pins || '@latch/adapter-eip155' in pins) expect(changelog, name).toContain('- Updated dependencies\n');
    }
  });

  it('leaves a package that needs the kernel only to develop at its version (its devDependencies follow)', () => {
    const untouched = [...before].filter(([name]) => name !== '@latch/kernel' && name !== '@latch/adapter-eip155' && !dependents.has(name));
    for (const [name] of untouched) {
      expect(copy.manifest(name).version, name).toBe('0.0.0');
      expect(copy.changelog(name), name).toBe('');
    }
    expect(copy.manifest(DEV_ONLY.manifest.name).version).toBe('0.0.0');
    expect(copy.manifest(DEV_ONLY.manifest.name).devDependencies?.['@latch/kernel']).toBe('0.1.0');
  });
});

describe("changeset version with the repository's pending changesets", () => {
  const bumps = ['patch', 'minor', 'major'];
  const pendingFiles = readdirSync(join(repoRoot, '.changeset')).filter((file) => file.endsWith('.md') && file !== 'README.md');
  const pending = Object.fromEntries(pendingFiles.map((file) => [file, readFileSync(join(repoRoot, '.changeset', file), 'utf8')]));
  /** Each package's highest bump and the first line of every summary that names it, read from the frontmatter. */
  const named = new Map<string, { bump: string; summaries: string[] }>();
  for (const text of Object.values(pending)) {
    const [, frontmatter = '', body = ''] = text.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/) ?? [];
    for (const line of frontmatter.split('\n')) {
      const [, name = '', bump = ''] = line.match(/^\s*['"]?([^'":]+)['"]?\s*:\s*(\w+)\s*$/) ?? [];
      const entry = named.get(name) ?? { bump: 'patch', summaries: [] };
      if (bumps.indexOf(bump) > bumps.indexOf(entry.bump)) entry.bump = bump;
      entry.summaries.push(body.trim().split('\n')[0] ?? '');
      named.set(name, entry);
    }
  }
  let copy: ReturnType<typeof versionedCopy>;
  beforeAll(() => {
    copy = versionedCopy(pending);
  });
  afterAll(() => copy?.remove());
  const first = { patch: '0.0.1', minor: '0.1.0', major: '1.0.0' } as Record<string, string>;

  it('names only packages of the workspace', () => {
    expect(named.size).toBeGreaterThan(0);
    expect([...named.keys()].filter((name) => !before.has(name))).toEqual([]);
  });

  it('consumes every changeset and gives each named package its highest bump and every summary in its changelog', () => {
    expect(copy.pending()).toEqual([]);
    for (const [name, { bump, summaries }] of named) {
      expect(copy.manifest(name).version, name).toBe(first[bump]);
      const changelog = copy.changelog(name);
      for (const summary of summaries) expect(changelog, name).toContain(`- ${summary}`);
    }
  });
});
