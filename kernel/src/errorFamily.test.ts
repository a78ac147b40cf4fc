import { describe, expect, it } from 'vitest';
import { type DeclaredClass, declaredClasses, productSources, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

/*
 * One error family: every error class a Latch package declares extends the kernel's LatchError (directly, or through
 * another class of the family such as ProviderRpcError), so `isLatchError(e)` and `e.category` work on anything an
 * app catches from Latch, and no two error classes share a name. testkit and devnet are left out on purpose: their errors
 * stand in for third-party wallets and nodes (a browser extension's provider error, a relay's refusal), which are not Latch's,
 * and the adapters must handle them as foreign errors.
 */

/** The global error constructors: extending one directly is how an error leaves the family. */
const BUILT_IN_ERRORS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'AggregateError', 'DOMException']);
/** The family's roots, as the kernel exports them. */
const KERNEL_ERRORS = new Set(['LatchError', 'ProviderRpcError']);
const ROOT = { file: 'kernel/src/errors/LatchError.ts', name: 'LatchError' };

/** The names of the classes that extend LatchError, directly or through another one of them. */
function familyOf(classes: DeclaredClass[]): Set<string> {
  const family = new Set(KERNEL_ERRORS);
  let grew = true;
  while (grew) {
    grew = false;
    for (const declared of classes)
      if (declared.extends && family.has(declared.extends) && !family.has(declared.name)) {
        family.add(declared.name);
        grew = true;
      }
  }
  return family;
}

/** The error classes among `classes`: the family's, and those extending a built-in error or another `…Error`. */
function errorClasses(classes: DeclaredClass[]): DeclaredClass[] {
  const family = familyOf(classes);
  return classes.filter(
    (declared) =>
      declared.extends && (family.has(declared.extends) || BUILT_IN_ERRORS.has(declared.extends) || /Error$/.test(declared.extends)),
  );
}

/** The error classes among `classes` that are not in the family: each as `file: Name extends Base`. */
function outsideTheFamily(classes: DeclaredClass[]): string[] {
  const family = familyOf(classes);
  return errorClasses(classes)
    .filter((declared) => !(declared.file === ROOT.file && declared.name === ROOT.name))
    .filter((declared) => !family.has(declared.extends ?? ''))
    .map((declared) => `${declared.file}: ${declared.name} extends ${declared.extends}`);
}

const productDirs = workspaceDirs().filter((dir) => dir !== 'testkit' && dir !== 'devnet');
const classes = productDirs.flatMap(productSources).flatMap((file) => declaredClasses(file));

describe('one error family', () => {
  it('finds the product classes, the kernel root among them', () => {
    expect(classes).toContainEqual({ file: ROOT.file, name: ROOT.name, extends: 'Error' });
    expect(classes.length).toBeGreaterThan(10);
  });

  it('every error class of every package extends LatchError', () => {
    expect(outsideTheFamily(classes)).toEqual([]);
  });

  it('no two error classes share a name', () => {
    const files = new Map<string, string[]>();
    for (const declared of errorClasses(classes)) files.set(declared.name, [...(files.get(declared.name) ?? []), declared.file]);
    expect([...files].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  it('names an error class that extends Error, a built-in error or a foreign error, and follows the family through subclasses', () => {
    const sample: DeclaredClass[] = [
      { file: 'a/src/x.ts', name: 'FrameError', extends: 'Error' },
      { file: 'a/src/x.ts', name: 'Parse', extends: 'SyntaxError' },
      { file: 'a/src/x.ts', name: 'Wrapped', extends: 'SomeLibraryError' },
      { file: 'a/src/y.ts', name: 'Base', extends: 'LatchError' },
      { file: 'a/src/y.ts', name: 'Derived', extends: 'Base' },
      { file: 'a/src/y.ts', name: 'Rpc', extends: 'ProviderRpcError' },
      { file: 'a/src/z.tsx', name: 'Widget', extends: 'HTMLElement' },
    ];
    expect(outsideTheFamily(sample)).toEqual([
      'a/src/x.ts: FrameError extends Error',
      'a/src/x.ts: Parse extends SyntaxError',
      'a/src/x.ts: Wrapped extends SomeLibraryError',
    ]);
    expect(errorClasses(sample).map((declared) => declared.name)).not.toContain('Widget');
    expect(errorClasses(sample).map((declared) => declared.name)).toContain('Derived');
  });
});
