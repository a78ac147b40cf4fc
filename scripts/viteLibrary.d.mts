import type { UserConfig } from 'vite';

export function libraryBuild(options: {
  entry: Record<string, string>;
  external: (string | RegExp)[];
  output?: Record<string, unknown>;
  /** Imported constants stay imports (rolldown's `optimization.inlineConst: false`). */
  keepConstImports?: boolean;
}): UserConfig;
