export const APP_HOOK_TIMEOUT_MS: number;
export const APP_STEP_TIMEOUT_MS: number;
export function appEnv(): NodeJS.ProcessEnv;
export function freshDir(prefix: string): { dir: string; remove: () => void };
export function handOffDir(path: string): { dir: string; remove: () => void };
export function lockfileVersion(name: string): string;
export function npmInstall(dir: string, args?: string[]): string;
export function runInApp(dir: string, command: string, args: string[], env?: Record<string, string>): Promise<string>;
export function installPackedApp(options: {
  source: string;
  dir: string;
  tarballs: Map<string, string>;
  extraPackages?: string[];
}): Promise<{ installed: string[]; output: string }>;
