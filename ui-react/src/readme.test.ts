// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as react from './index.js';
import * as testing from './testing/index.js';

// Every runtime export of @latch/react (components, hooks, helpers) has a line in the package README.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('ui-react/README.md', () => {
  it('documents every export of @latch/react', () => {
    const names = Object.keys(react);
    expect(names).toContain('useLatchModal');
    const documented = (name: string) => [`\`${name}(`, `\`${name}<`, `\`<${name}`, `\`${name}\``].some((form) => readme.includes(form));
    expect(names.filter((name) => !documented(name))).toEqual([]);
  });

  it('documents every export of @latch/react/testing in its section', () => {
    const section = readme.slice(readme.indexOf("## Testing your plugin's view"), readme.indexOf('## Theme tokens'));
    const names = Object.keys(testing);
    expect(names).toContain('renderModal');
    expect(names.filter((name) => ![`\`${name}(`, `\`${name}\``].some((form) => section.includes(form)))).toEqual([]);
  });

  it('cites no spec section numbers', () => {
    expect(readme).not.toContain('§');
  });
});
