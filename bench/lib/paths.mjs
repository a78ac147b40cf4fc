import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = join(BENCH_DIR, '..');
export const SCENARIOS_DIR = join(BENCH_DIR, 'scenarios');
/** Build output, gitignored; each scenario gets its own folder. */
export const BUILD_DIR = join(BENCH_DIR, '.build');
