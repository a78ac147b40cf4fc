// `npm run gallery`: install what is missing, build every package, then take the demo's screenshots into docs/gallery/
// (examples/react-vite/scripts/gallery.mjs). Offline: local chains and services, Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { ensureInstall } from './ensure-install.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
ensureInstall(root);
const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const gallery = spawnSync('node', ['examples/react-vite/scripts/gallery.mjs'], { stdio: 'inherit' });
process.exit(gallery.status ?? 1);
