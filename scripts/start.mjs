// `npm start`: install what is missing, build every package, then serve the demo (once it exists).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureInstall } from './ensure-install.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
ensureInstall(root);
const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

if (!existsSync('examples/react-vite/package.json')) {
  console.log('\n[latch] Packages built. No demo yet: the React modal and the demo app arrive with the UI issue.');
  console.log('[latch] Meanwhile: `npm test` runs every test; `npm run size` reports the kernel size.');
  process.exit(0);
}
const demo = spawnSync('npm', ['run', 'start', '--silent', '--workspace', 'examples/react-vite'], { stdio: 'inherit' });
process.exit(demo.status ?? 0);
