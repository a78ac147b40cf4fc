// `npm start`: install what is missing, build every package, then serve the demo (once it exists).
import { spawn, spawnSync } from 'node:child_process';
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
// The demo (examples/react-vite's `start`, run here directly so signals reach it) stops its chains and services on
// SIGINT (Ctrl+C reaches the whole terminal group) and SIGTERM; a signal sent to this process alone (a supervisor,
// `kill`) is passed on, so nothing is left running behind it.
const demo = spawn(process.execPath, ['scripts/serve-demo.mjs'], { cwd: 'examples/react-vite', stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => demo.kill(signal));
demo.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
