export interface TypesCheckPackage {
  name: string;
  /** Path of the packed tarball. */
  tarball: string;
  /** Exports that are not modules (classic scripts), left out of the check. */
  excludeEntrypoints: string[];
}
export interface TypesCheckResult {
  /** Whether the package ships types at all. */
  typed: boolean;
  /** The ASCII report of the problems the esm-only profile counts; '' when there are none. */
  problems: string;
}
export function checkTypes(packages: TypesCheckPackage[]): Promise<Record<string, TypesCheckResult>>;
export function checkTypesInChild(packages: TypesCheckPackage[], options?: { timeout?: number }): Record<string, TypesCheckResult>;
