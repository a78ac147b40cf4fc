import { describe, expect, it } from 'vitest';
import { type DeclaredClass, declaredClasses, plainErrors, productSources, workspaceDirs } from '../../scripts/test-support/sourceGraph.js';

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
const ROOT = { file: 'kernel/src/primitives.ts', name: 'LatchError' };

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
const productFiles = productDirs.flatMap(productSources);
const classes = productFiles.flatMap((file) => declaredClasses(file));

/**
 * The plain errors product code may still create, each with the reason a LatchError is wrong there. Any other
 * `new Error(…)`, `new TypeError(…)`, `new RangeError(…)`, `new AggregateError(…)` fails: an app catching a Latch failure must be able to
 * read its category and code.
 */
/*
 * The eip155 and Polkadot `/networks` entries and the names plugin's two entries throw `invalidOption()` from
 * `@latch/kernel/errors`, the kernel's one-module error entry that imports nothing (kernel/src/build.test.ts pins it), so
 * they still load without the kernel; in an app it is the module the kernel barrel re-exports, so first load stays as it
 * was (latch-evm-names 87,456 -> 87,452 B).
 */
const PLAIN_ERRORS_ALLOWED: Record<string, string> = {
  'kernel/src/actions/disconnectCore.ts: new AggregateError(failures)':
    'never thrown: the `cause` of the LatchError a disconnect throws when several wallets failed, the standard carrier ' +
    "of several errors (its `errors` are LatchErrors, each with the wallet's own error as its cause; " +
    'actions/disconnect.test.ts pins the shape). A subclass with its own `errors` would add code to the visitor-actions ' +
    'chunk, 5,987 of its 6,144 B',
};

/** The examples are apps written as an integrator writes one: what they throw is theirs, not Latch's. */
const packageFiles = productFiles.filter((file) => !file.startsWith('examples/'));

describe('one error family', () => {
  it('finds the product classes, the kernel root among them', () => {
    expect(classes).toContainEqual({ file: ROOT.file, name: ROOT.name, extends: 'Error' });
    expect(classes.length).toBeGreaterThan(10);
  });

  it('every error class of every package extends LatchError', () => {
    expect(outsideTheFamily(classes)).toEqual([]);
  });

  it('no product code creates a plain Error, TypeError or RangeError outside the written exceptions', () => {
    const found = packageFiles.flatMap((file) => plainErrors(file));
    expect(found.filter((site) => !(site in PLAIN_ERRORS_ALLOWED))).toEqual([]);
    // An exception whose site is gone is deleted, so the list never allows more than it names.
    expect(Object.keys(PLAIN_ERRORS_ALLOWED).filter((site) => !found.includes(site))).toEqual([]);
  });

  it('reads every package: each one keeps its product code under src/, where the scans above look', () => {
    // A package whose code lived elsewhere (lib/, a root index.ts) would pass both scans unread. The Next.js example
    // is an app (app/ is Next's folder), and its classes and errors are the integrator's.
    const unread = productDirs.filter((dir) => dir !== 'examples/nextjs' && productSources(dir).length === 0);
    expect(productDirs).toContain('kernel');
    expect(unread).toEqual([]);
  });

  it('finds plain errors created with new or called as functions, with their first argument', () => {
    const source = [
      'throw new TypeError(`bad $' + '{value}`);',
      "const e = Error('plain');",
      "reject(new RangeError('out of range'));",
      "throw new LatchError('fine');",
      "throw invalidOption('fine too');",
    ].join('\n');
    expect(plainErrors('p/src/x.ts', source)).toEqual([
      'p/src/x.ts: new TypeError(`bad {…}`)',
      "p/src/x.ts: new Error('plain')",
      "p/src/x.ts: new RangeError('out of range')",
    ]);
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
