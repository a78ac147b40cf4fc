// `npm run bench:packages`: what installing each browser package costs an app. Packs every package (scripts/pack.mjs),
// then, for each browser package alone, installs its tarball (with the @latch tarballs it depends on) in a fresh folder
// outside the repository next to React, and measures node_modules: disk usage (du) and package count, less what
// React alone takes. Writes bench/PACKAGES.md. Usage: node bench/package-sizes.mjs [--no-build]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLockPackages, SERVER_LIBRARIES, serverLibrariesIn } from '../packaging/lib/installedTree.mjs';
import { appEnv, freshDir, lockfileVersion, npmInstall } from '../packaging/lib/packedApp.mjs';
import { browserPackages, packAll, repoRoot, tarballsWithInternalDependencies } from '../scripts/pack.mjs';

const react = { react: lockfileVersion('react'), 'react-dom': lockfileVersion('react-dom') };

/** Install `dependencies` in a fresh folder and measure its node_modules. */
function measure(dependencies, inspect = () => []) {
  const app = freshDir('latch-package-size-');
  try {
    writeFileSync(join(app.dir, 'package.json'), JSON.stringify({ name: 'size-probe', private: true, dependencies }));
    npmInstall(app.dir);
    const kb = Number(execFileSync('du', ['-sk', 'node_modules'], { cwd: app.dir, env: appEnv(), encoding: 'utf8' }).split('\t')[0]);
    const packages = readLockPackages(app.dir);
    const count = Object.keys(packages).filter((key) => key.startsWith('node_modules/')).length;
    return { kb, count, server: inspect(packages) };
  } finally {
    app.remove();
  }
}

const packs = freshDir('latch-packs-');
try {
  const tarballs = packAll({ outDir: packs.dir, build: !process.argv.includes('--no-build'), quiet: true });
  const baseline = measure(react);
  console.log(`react + react-dom alone: ${baseline.kb} kB, ${baseline.count} packages`);
  const rows = [];
  for (const pkg of browserPackages()) {
    const dependencies = { ...react };
    for (const path of tarballsWithInternalDependencies([pkg.name], tarballs)) {
      const name = [...tarballs].find(([, p]) => p === path)?.[0];
      dependencies[name] = `file:${path}`;
    }
    const result = measure(dependencies, (packages) => serverLibrariesIn(packages, pkg.name));
    const row = { name: pkg.name, kb: result.kb - baseline.kb, count: result.count - baseline.count, server: result.server };
    console.log(`${row.name}: ${row.kb} kB, ${row.count} packages${row.server.length ? `, server: ${row.server.join('; ')}` : ''}`);
    rows.push(row);
  }
  const mb = (kb) => (kb / 1024).toFixed(1);
  const lines = [
    '# What installing each browser package costs',
    '',
    'Written by `npm run bench:packages` (`bench/package-sizes.mjs`). Each browser package is packed (`npm run pack`) and',
    'installed alone, with the @latch tarballs it depends on, in a fresh folder outside the repository, next to',
    `react and react-dom ${react.react}; the figures are its \`node_modules\` (\`du -sk\`, on disk, and the packages in the`,
    `lockfile) less React's own (${mb(baseline.kb)} MB, ${baseline.count} packages). A browser package must bring no server`,
    `library (${SERVER_LIBRARIES.join(', ')}): the last column names the chain that does (\`npm test\` fails on it).`,
    '',
    '| package | installed size | packages | server libraries |',
    '|---|---:|---:|---|',
    ...rows.map((row) => `| \`${row.name}\` | ${mb(row.kb)} MB | ${row.count} | ${row.server.length ? row.server.join('<br>') : 'none'} |`),
    '',
  ];
  writeFileSync(join(repoRoot, 'bench/PACKAGES.md'), lines.join('\n'));
  console.log('wrote bench/PACKAGES.md');
} finally {
  packs.remove();
}
