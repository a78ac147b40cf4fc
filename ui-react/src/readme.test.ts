// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as react from './index.js';

// Every runtime export of @latch/react (components, hooks, helpers) has a line in the package README.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('ui-react/README.md', () => {
  it('documents every export of @latch/react', () => {
    const names = Object.keys(react);
    expect(names).toContain('useLatchModal');
    const documented = (name: string) => [`\`${name}(`, `\`${name}<`, `\`<${name}`, `\`${name}\``].some((form) => readme.includes(form));
    expect(names.filter((name) => !documented(name))).toEqual([]);
  });

  it('cites no spec section numbers', () => {
    expect(readme).not.toContain('§');
  });
});
