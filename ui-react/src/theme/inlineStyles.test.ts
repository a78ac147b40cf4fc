// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../../', import.meta.url).pathname;
/** The packages whose views render inside the modal: @latch/react and the plugins. */
const roots = readdirSync(repo).filter((dir) => dir === 'ui-react' || /^(feature|connector)-/.test(dir));

function productTsx(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' || entry.name === 'node_modules' ? [] : productTsx(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('inline styles in the modal and plugin views', () => {
  it('are only the dynamic ones, each with a comment above saying why (static styles belong in a stylesheet)', () => {
    const files = roots.flatMap((root) => productTsx(join(repo, root, 'src')));
    expect(files.length).toBeGreaterThan(50);
    const unexplained: string[] = [];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!/\sstyle=\{/.test(line)) return;
        // The reason sits in a comment on one of the three lines above (or on the element's opening lines).
        const above = lines.slice(Math.max(0, i - 3), i).join('\n');
        if (!/\/[/*].*\bInline\b/.test(above)) unexplained.push(`${relative(repo, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(unexplained).toEqual([]);
  });
});
