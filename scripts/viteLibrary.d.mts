import type { UserConfig } from 'vite';

export function libraryBuild(options: {
  entry: Record<string, string>;
  external: (string | RegExp)[];
  output?: Record<string, unknown>;
}): UserConfig;
