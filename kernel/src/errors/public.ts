/*
 * `@latch/kernel/errors`: the error family's base class and helpers, and nothing else, from the kernel's primitives
 * module, which imports nothing (a build test pins it: this entry loads that one module), so a package entry that must
 * stay light (a network definition a server or a build config reads, the name rules a name service shares) throws a
 * LatchError without loading the kernel. In an app, the kernel's main entry re-exports the same module, so
 * `instanceof LatchError` sees one class and the bundler ships it once.
 */
export {
  LatchError,
  invalidOption,
  isLatchError,
  toLatchError,
  type ErrorCategory,
  type LatchErrorOptions,
} from '../primitives.js';
