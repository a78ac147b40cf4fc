export interface LockPackage {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
export const SERVER_LIBRARIES: string[];
export function readLockPackages(appDir: string): Record<string, LockPackage>;
export function resolveInstalled(packages: Record<string, LockPackage>, fromKey: string, name: string): string | undefined;
export function dependencyClosure(packages: Record<string, LockPackage>, name: string): Map<string, string[]>;
export function serverLibrariesIn(packages: Record<string, LockPackage>, name: string): string[];
