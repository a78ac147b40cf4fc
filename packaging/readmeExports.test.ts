import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishablePackages, repoRoot } from '../scripts/pack.mjs';

// A third party builds only on what a package's README documents, so every name a published package exports is
// named there. Reads the export lists exportLists.test.ts pins (packaging/export-lists/<folder>.txt): a new export
// fails this test until its README says what it is.

/** The entries of an export list: subpath (`.`, `./networks`…) → the names it exports, runtime and type-only. */
function exportListEntries(text: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  let names: string[] | undefined;
  for (const line of text.split('\n')) {
    const subpath = /^## (.+)$/.exec(line)?.[1];
    if (subpath) {
      // The `files` section lists plain files (a JSON file, a script), not module names.
      names = subpath === 'files' ? undefined : [];
      if (names) entries.set(subpath, names);
    } else if (names && /^ {2}\S+$/.test(line)) names.push(line.trim());
  }
  return entries;
}

/** The README's code: fenced blocks and inline code spans. A name counts as documented only there, not in prose. */
function markdownCode(markdown: string): string {
  const fence = /^```[^\n]*\n[\s\S]*?^```/gm;
  const blocks = markdown.match(fence) ?? [];
  // A span may run over a line break inside its paragraph, as Markdown allows, never over a blank line.
  const spans = markdown.replace(fence, '').match(/`(?:[^`\n]|\n(?![ \t]*\n))+`/g) ?? [];
  return [...blocks, ...spans].join('\n');
}

/** The names of `names` that `code` does not hold as a whole identifier. */
function undocumented(names: string[], code: string): string[] {
  // An identifier holds only word characters and `$`, the one of them a pattern reads as a special character.
  const pattern = (name: string) => new RegExp(`(?<![\\w$])${name.replaceAll('$', '\\$')}(?![\\w$])`);
  return names.filter((name) => !pattern(name).test(code));
}

describe('every exported name is documented in its package README', () => {
  it('reads names from the export lists and code from the README, not from prose', () => {
    const entries = exportListEntries(
      ['# x', '', '## .', 'runtime (2)', '  a', '  $b', 'types only (1)', '  C', '', '## files', '  ./x.json', ''].join('\n'),
    );
    expect([...entries]).toEqual([['.', ['a', '$b', 'C']]]);
    const code = markdownCode(['The a of it, C in prose.', '', '```ts', 'a($b)', '```', 'and `Cx`, `f(x:', 'D)`.'].join('\n'));
    expect(undocumented(['a', '$b', 'C', 'D'], code)).toEqual(['C']);
    // A backtick left open does not reach into the next paragraph.
    expect(undocumented(['E'], markdownCode('an open ` here\n\nE and `x`'))).toEqual(['E']);
  });

  it.each(publishablePackages().map((pkg) => [pkg.name, pkg] as const))('%s', (_name, pkg) => {
    const entries = exportListEntries(readFileSync(join(repoRoot, 'packaging', 'export-lists', `${pkg.dir}.txt`), 'utf8'));
    expect(entries.size, `no entries in packaging/export-lists/${pkg.dir}.txt`).toBeGreaterThan(0);
    const code = markdownCode(readFileSync(join(repoRoot, pkg.dir, 'README.md'), 'utf8'));
    const missing = [...entries].flatMap(([subpath, names]) => undocumented(names, code).map((name) => `${subpath} ${name}`));
    expect(missing, `exported by ${pkg.name} but not named in ${pkg.dir}/README.md`).toEqual([]);
  });

  it('the root README links each published package to its API section', () => {
    const root = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const packages = publishablePackages();
    const unlinked = packages.filter((pkg) => !root.includes(`(${pkg.dir}/README.md#api)`)).map((pkg) => pkg.name);
    const noSection = packages.filter((pkg) => !/^## API$/m.test(readFileSync(join(repoRoot, pkg.dir, 'README.md'), 'utf8')));
    expect(unlinked, 'packages the root README does not link to at <folder>/README.md#api').toEqual([]);
    expect(
      noSection.map((pkg) => pkg.name),
      'package READMEs without an "## API" section',
    ).toEqual([]);
  });
});
