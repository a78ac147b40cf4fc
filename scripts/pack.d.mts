export interface PackageManifest {
  name: string;
  version: string;
  private?: boolean;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [field: string]: unknown;
}
export interface WorkspacePackage {
  dir: string;
  name: string;
  version: string;
  manifest: PackageManifest;
}
export const repoRoot: string;
export function publishablePackages(root?: string): WorkspacePackage[];
export function isNodePackage(pkg: WorkspacePackage): boolean;
export function browserPackages(root?: string): WorkspacePackage[];
export function packAll(options?: { root?: string; outDir?: string; build?: boolean; quiet?: boolean }): Map<string, string>;
export function tarballsWithInternalDependencies(names: string[], tarballs: Map<string, string>, root?: string): string[];
