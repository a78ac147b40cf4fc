// Installs dependencies when node_modules is missing or older than package-lock.json. --prefer-offline: packages already
// in the npm cache are taken from it without asking the registry whether they changed (a lockfile pins each one).
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function ensureInstall(root = process.cwd()) {
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.latch-install-stamp');
  const want = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'no-lock';
  const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  if (have === want && existsSync(join(root, 'node_modules'))) return false;
  const command = existsSync(lock) ? 'npm ci --no-audit --no-fund --prefer-offline' : 'npm install --no-audit --no-fund --prefer-offline';
  console.log(`[latch] dependencies missing or stale: ${command}`);
  execSync(command, { cwd: root, stdio: 'inherit' });
  const after = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'no-lock';
  writeFileSync(stamp, `${after}\n`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
