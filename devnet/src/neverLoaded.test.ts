import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadUniswapArtifact } from './anvil/uniswapDeployment.js';
import { devnetRoot } from './packageFiles.js';

/*
 * Two dependencies of the devnet's dependencies are replaced by empty stand-ins (devnet/never-loaded/README.md): the
 * root package.json links devnet/never-loaded/<name> at node_modules/<name>, and every dependent's range is met by it.
 * Nothing loads them: hardhat-watcher is a Hardhat plugin shipped as a dependency of the Uniswap contracts whose
 * compiled artifacts are all the devnet reads, and sqlite3 is opened by chopsticks only when it is started with a
 * database (`--db`), which the devnet never does. Each stand-in throws when loaded, so a code path that starts loading
 * one fails loudly.
 */

const ROOT = dirname(devnetRoot());
const requireFrom = (dir: string) => createRequire(join(dir, 'package.json'));
/** The folder of the package `name` as code in the package at `dir` finds it (Node's node_modules lookup; some hide package.json). */
function packageDir(dir: string, name: string): string {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (at === dirname(at)) throw new Error(`${name} is not installed where ${dir} looks for it`);
  }
}

/** Each stand-in, with the installed packages that depend on it. */
const STAND_INS = {
  'hardhat-watcher': ['@uniswap/swap-router-contracts'],
  sqlite3: ['@acala-network/chopsticks-db', 'typeorm'],
} as const;

describe('dependencies replaced by never-loaded stand-ins', () => {
  for (const [name, dependents] of Object.entries(STAND_INS)) {
    it(`${name}: every dependent resolves the stand-in, and loading it throws an error naming it`, () => {
      const standIn = join(devnetRoot(), 'never-loaded', name);
      for (const dependent of dependents) expect(packageDir(packageDir(devnetRoot(), dependent), name)).toBe(standIn);
      expect(JSON.parse(readFileSync(join(standIn, 'package.json'), 'utf8')).version).toMatch(/\+latch\.never-loaded$/);
      expect(() => requireFrom(ROOT)(name)).toThrow(`${name} is replaced by an empty stand-in in this repository`);
    });
  }

  it('hardhat-watcher: Hardhat, its peer, is not installed, and the Uniswap artifacts the devnet deploys are', () => {
    expect(() => requireFrom(ROOT).resolve('hardhat/package.json')).toThrow(/Cannot find module/);
    const swapRouter = loadUniswapArtifact('SwapRouter02');
    expect(swapRouter.abi.some((entry) => entry.type === 'function' && entry.name === 'exactInputSingle')).toBe(true);
    expect(swapRouter.bytecode.length).toBeGreaterThan(1000);
  });

  it("sqlite3: chopsticks' database module, which chopsticks imports at start, loads without it", async () => {
    // chopsticks' CLI imports this module whatever its options; only `new SqliteDatabase(path)` (with `--db`) opens SQLite.
    const database = packageDir(packageDir(devnetRoot(), '@acala-network/chopsticks'), '@acala-network/chopsticks-db');
    const module = (await import(requireFrom(database).resolve('@acala-network/chopsticks-db'))) as { SqliteDatabase?: unknown };
    expect(typeof module.SqliteDatabase).toBe('function');
  });
});
