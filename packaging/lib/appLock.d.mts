/** An entry of a package-lock.json's `packages` (version 3). */
export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}
export function appLockfile(options: {
  packages: Record<string, LockEntry>;
  manifest: { name?: string; version?: string; [field: string]: unknown };
  tarballs: Map<string, string>;
  appLocation?: string;
}): { name?: string; version?: string; lockfileVersion: 3; requires: true; packages: Record<string, LockEntry> };
