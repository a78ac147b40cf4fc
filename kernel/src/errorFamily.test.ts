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
const productFiles = productDirs.flatMap(productSources);
const classes = productFiles.flatMap((file) => declaredClasses(file));

/**
 * The plain errors product code may still create, each with the reason a LatchError is wrong there. Any other
 * `new Error(…)`, `new TypeError(…)`, `new RangeError(…)`, `new AggregateError(…)` fails: an app catching a Latch failure must be able to
 * read its category and code.
 */
/*
 * Why some plain errors stay. A page's first load must not grow, and for these two kernel modules a LatchError does
 * grow it. The reason is how the bundler (Rolldown, under Vite) builds the entry script. It groups the modules that the
 * entry shares with lazy chunks by the set of chunks that load them, and tries once per group, in execution order, to
 * move the group into the entry script; it refuses when a group it has not tried yet imports this one (that would be an
 * import cycle between chunks), and never tries again. Refused, the group becomes a chunk of its own that every page
 * preloads. caip.ts and format.ts are shared that way (ui-react's lazy views reach them through `@latch/kernel/internal`
 * and the kernel barrel) and run after LatchError.ts, so importing LatchError there splits LatchError out of the entry.
 * Measured again (all in B gzip; latch-evm first load 86,935, latch-five 98,677):
 * - caip.ts and format.ts call `invalidOption()` from LatchError.ts: latch-evm 87,243, a 477 B LatchError chunk joins
 *   the entry's static imports, every scenario built on latch-evm grows alike (embedded 88,234 -> 88,539), and the
 *   visitor-actions chunk goes over its budget (6,154 of 6,144). Either module alone does the same (caip.ts 87,239,
 *   format.ts 87,249). latch-five: 98,690 (+13); there LatchError is already a chunk of its own.
 * - One module for LatchError and both helpers (no new import edge; `@latch/kernel/errors` would then carry the CAIP
 *   and unit code): latch-evm 86,943 (+8), latch-five 98,891 (+214: the merged module is the chunk latch-five splits
 *   out, so the helpers leave its entry script with it).
 * - Measured in session 36 (latch-evm 86,933, latch-five 100,691): the class in caip.ts, which LatchError.ts and
 *   format.ts import: 87,260 and 100,972; a replaceable error factory in caip.ts and format.ts that LatchError.ts
 *   installs when it loads: 86,994 and 101,147.
 * What splits LatchError out of latch-five is an adapter module the entry shares with lazy chunks that imports the
 * kernel: today only the Bitcoin adapter's discovery/untrusted.ts (readList, read by the entry's wallet discovery and by
 * the lazy drivers and Esplora reads, calls readUntrustedProperty); a page with the eip155 and Bitcoin adapters splits
 * it, one with the eip155, Solana, Polkadot and Cosmos adapters does not. (The Solana adapter's wallet errors on first
 * load and the Polkadot adapter's pre-merged chunks did the same until they were moved out.) Moving readList into the
 * kernel kept LatchError in an eip155 and Bitcoin page's entry but not in latch-five's, where another shared module
 * then splits it; which one depends on the order in which the bundler tries the groups.
 * So the same module cannot be both in the entry script (latch-evm needs the helpers in LatchError's group) and out of
 * it (latch-five splits that group). Earlier attempts split the same way: a leaf module for the class, and moving
 * formatCaipAddress to a module of its own kept LatchError in place but moved the function into the visitor-actions
 * chunk, over its budget. The same rule is why invalidOption() lives in LatchError.ts (errors/sharedCodes.ts, once lazy
 * code uses it too, split LatchError out the same way).
 */
const FIRST_LOAD =
  "the kernel's CAIP and unit helpers (caip.ts, format.ts) are shared by the entry and lazy views and run after " +
  'LatchError.ts: importing it there makes the bundler split LatchError into a preloaded chunk of its own, latch-evm ' +
  'first load 86,935 -> 87,243 B gzip, and one module for all three grows latch-five (see above). ' +
  "A programmer's mistake (a malformed CAIP part, bad decimals), never a visitor's";

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
    'chunk, 6,112 of its 6,144 B',
  'kernel/src/caip.ts: new TypeError(`Invalid CAIP-2 network id "{…}"`)': FIRST_LOAD,
  'kernel/src/caip.ts: new TypeError(`Invalid CAIP-10 account address "{…}" (expected 1 to 128 of)': FIRST_LOAD,
  'kernel/src/format.ts: new TypeError(`decimals must be an integer from 0 to {…} (got {…})`)': FIRST_LOAD,
  'kernel/src/format.ts: new TypeError(`formatUnits expects a bigint (got {…})`)': FIRST_LOAD,
  'kernel/src/format.ts: new TypeError(`parseUnits: "{…}" is not a plain decimal number`)': FIRST_LOAD,
  'kernel/src/format.ts: new TypeError(`parseUnits: "{…}" has more than {…} decimal places`)': FIRST_LOAD,
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
