/*
 * `@electric-sql/pglite` as the test projects that use PGlite see it (the `pgliteFromTemplate` plugin in
 * vitest.shared.ts): the same module, except that a new in-memory database starts from a copy of a freshly initialised
 * cluster instead of running initdb again. initdb is most of a new PGlite's cost (about 2 CPU s on a 2-core machine, a
 * copy about 0.6 s), and the suites create dozens: each service they start makes its own. The copy is the data
 * directory of a PGlite that was created, made ready and closed without a single query (`dumpDataDir`), so each
 * database still starts empty and on its own; the services' migrations run on it as on any new database. A new
 * database on disk (a `dataDir` folder that holds no cluster yet) starts from the same copy, written into the folder;
 * a folder that already holds one (a restart) opens it as before, and so does a database given its own `loadDataDir`
 * or on another file system (`idb://`, `opfs-ahp://`).
 *
 * The copy is made once per PGlite version on the machine, by the first worker that needs it, and kept in the
 * temporary folder (written to a temporary name, then renamed, so a worker never reads half a file).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite as RealPGlite, type PGliteOptions } from '@electric-sql/pglite';

export * from '@electric-sql/pglite';

// Its package.json is not among its exports: read it next to the entry (dist/index.cjs).
const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
const templatePath = join(tmpdir(), `latch-pglite-${version}-initdb.tar`);

async function makeTemplate(): Promise<void> {
  const fresh = new RealPGlite();
  await fresh.waitReady;
  const dump = await fresh.dumpDataDir('none');
  await fresh.close();
  const partial = `${templatePath}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, templatePath);
}

if (!existsSync(templatePath)) await makeTemplate();
const template = new Blob([readFileSync(templatePath)]);

/** Whether a database on `dataDir` would run initdb: in memory, or a folder on disk without a cluster in it yet. */
function needsInitdb(dataDir: string | undefined): boolean {
  if (!dataDir || dataDir.startsWith('memory://')) return true;
  const folder = dataDir.startsWith('file://') ? dataDir.slice('file://'.length) : dataDir;
  return !folder.includes('://') && !existsSync(join(folder, 'PG_VERSION'));
}

export class PGlite extends RealPGlite {
  constructor(dataDirOrOptions?: string | PGliteOptions, options: PGliteOptions = {}) {
    const merged: PGliteOptions =
      typeof dataDirOrOptions === 'string' ? { ...options, dataDir: dataDirOrOptions } : { ...dataDirOrOptions, ...options };
    super(needsInitdb(merged.dataDir) && !merged.loadDataDir ? { ...merged, loadDataDir: template } : merged);
  }
}
