import { parseSource, readSource } from './sourceGraph.js';

/*
 * The length of each function in a product source, read with the oxc parser: function declarations and expressions,
 * arrow functions, methods and React components alike, nested ones counted on their own (an outer function's lines
 * include its inner ones).
 */

export interface FunctionLength {
  /** `file › name`, where name is the path of named functions down to this one (`createModal/connect`). */
  id: string;
  file: string;
  /** First line of the function (1-based). */
  line: number;
  lines: number;
  /** The `// long: <reason>` comment written above it, if there is one. */
  reason?: string;
}

/** The marker of a written reason for a long function: a line comment `// long: <reason>` in the comments right above it. */
export const LONG_MARKER = /^\s*\/\/ long: (\S.*)$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function keyName(key: unknown): string | undefined {
  if (!isNode(key)) return undefined;
  if (key.type === 'Identifier' || key.type === 'PrivateIdentifier') return String(key.name);
  if (key.type === 'Literal') return String(key.value);
  return undefined;
}

/** The name a function is known by: its own, or that of the variable, property, method or call it is written in. */
function nameOf(node: Node, parent: Node | undefined): string {
  const own = keyName(node.id);
  if (own) return own;
  if (!parent) return 'anonymous';
  if (parent.type === 'VariableDeclarator') return keyName(parent.id) ?? 'anonymous';
  if (parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition')
    return keyName(parent.key) ?? 'anonymous';
  if (parent.type === 'AssignmentExpression' && isNode(parent.left))
    return keyName(parent.left) ?? keyName(parent.left.property) ?? 'anonymous';
  if (parent.type === 'CallExpression' && isNode(parent.callee)) {
    const callee = keyName(parent.callee) ?? keyName(parent.callee.property);
    return callee ? `${callee} callback` : 'callback';
  }
  if (parent.type === 'ExportDefaultDeclaration') return 'default';
  if (parent.type === 'ReturnStatement') return 'returned function';
  return 'anonymous';
}

/** The reason comment right above a line: the block of comment lines directly above it holds a `// long: …` line. */
function reasonAbove(lines: string[], line: number): string | undefined {
  for (let index = line - 2; index >= 0; index--) {
    const text = (lines[index] ?? '').trim();
    if (!(text.startsWith('//') || text.startsWith('/*') || text.startsWith('*'))) return undefined;
    const match = LONG_MARKER.exec(text);
    if (match) return match[1];
  }
  return undefined;
}

/** Every function of a source with its length in lines. */
export function functionLengths(file: string, text = readSource(file)): FunctionLength[] {
  const { program } = parseSource(file, text);
  const lineStarts = [0];
  for (let index = 0; index < text.length; index++) if (text[index] === '\n') lineStarts.push(index + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const sourceLines = text.split('\n');
  const found: FunctionLength[] = [];
  const seen = new Map<string, number>();
  const visit = (node: Node, parent: Node | undefined, path: string[]) => {
    let inner = path;
    if (FUNCTION_TYPES.has(node.type)) {
      inner = [...path, nameOf(node, parent)];
      let id = `${file} › ${inner.join('/')}`;
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      if (count > 1) id = `${id} #${count}`;
      const line = lineOf(node.start);
      found.push({ id, file, line, lines: lineOf(node.end) - line + 1, reason: reasonAbove(sourceLines, line) });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) for (const child of value) if (isNode(child)) visit(child, node, inner);
      if (isNode(value)) visit(value, node, inner);
    }
  };
  visit(program as unknown as Node, undefined, []);
  return found;
}
