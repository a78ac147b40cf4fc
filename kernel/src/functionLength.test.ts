import { describe, expect, it } from 'vitest';
import { type FunctionLength, functionLengths } from '../../scripts/test-support/functionLength.js';
import { productSources, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

/*
 * No function in product code runs over 100 lines unless the line above it says why: `// long: <reason>` (a flat
 * table, a state machine's switch that reads better whole). A longer function is a file's worth of concerns in one
 * closure; split it into named parts. Tests, test helpers and e2e specs are not product code, and neither is
 * the testkit and the devnet, which are test infrastructure (the conformance kit; the private devnet the tests and the demo run on).
 */
const LIMIT = 100;
const TEST_INFRASTRUCTURE = new Set(['testkit', 'devnet']);

function unexplainedLongFunctions(functions: FunctionLength[]): FunctionLength[] {
  return functions.filter((fn) => fn.lines > LIMIT && fn.reason === undefined);
}

describe('function length', () => {
  const measured = workspaceDirs()
    .filter((dir) => !TEST_INFRASTRUCTURE.has(dir))
    .flatMap((dir) => productSources(dir).flatMap((file) => functionLengths(file)));
  const long = unexplainedLongFunctions(measured);

  it(`no product function over ${LIMIT} lines without a written reason`, () => {
    expect(long.map((fn) => fn.id)).toEqual([]);
  });

  const body = (count: number) => Array.from({ length: count }, (_, i) => `  const v${i} = ${i};`).join('\n');

  it('counts a function from its first line to its last, and names it by where it is written', () => {
    const text = [
      `export function outer() {`,
      body(LIMIT - 2),
      `}`,
      `export const Arrow = () => {`,
      body(LIMIT - 1),
      `};`,
      `const table = { method() {`,
      body(3),
      `} };`,
      `useEffect(() => {`,
      `});`,
    ].join('\n');
    expect(functionLengths('p/src/x.tsx', text).map(({ id, lines }) => [id, lines])).toEqual([
      ['p/src/x.tsx › outer', LIMIT],
      ['p/src/x.tsx › Arrow', LIMIT + 1],
      ['p/src/x.tsx › method', 5],
      ['p/src/x.tsx › useEffect callback', 2],
    ]);
  });

  it(`fails on a new function over ${LIMIT} lines, passes when the comments above it give a reason`, () => {
    const long = `export function add() {\n${body(LIMIT)}\n}`;
    expect(unexplainedLongFunctions(functionLengths('p/src/x.ts', long)).map((fn) => fn.id)).toEqual(['p/src/x.ts › add']);
    const explained = `// long: one flat table of the chain's methods\n/** Adds. */\n${long}`;
    expect(functionLengths('p/src/x.ts', explained)[0]?.reason).toBe("one flat table of the chain's methods");
    expect(unexplainedLongFunctions(functionLengths('p/src/x.ts', explained))).toEqual([]);
    const separated = `// long: a reason two lines away does not count\n\n${long}`;
    expect(unexplainedLongFunctions(functionLengths('p/src/x.ts', separated))).toHaveLength(1);
  });

  it('nested functions are measured on their own, under the path of their outer functions', () => {
    const text = `export function outer() {\n  const inner = () => {\n${body(LIMIT)}\n  };\n}`;
    expect(functionLengths('p/src/x.ts', text).map(({ id, lines }) => [id, lines])).toEqual([
      ['p/src/x.ts › outer', LIMIT + 4],
      ['p/src/x.ts › outer/inner', LIMIT + 2],
    ]);
  });
});
