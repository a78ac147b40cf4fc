import { execFile } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadUniswapArtifact } from './anvil/uniswapDeployment.js';
import { altoCliPath } from './bundler/bundlerStack.js';
import { devnetRoot } from './packageFiles.js';

/*
 * Four dependencies of the devnet's dependencies are replaced by empty stand-ins (devnet/never-loaded/README.md): the
 * root package.json links devnet/never-loaded/<name> at node_modules/<name>, and every dependent's range is met by it.
 * Nothing loads them: hardhat-watcher is a Hardhat plugin shipped as a dependency of the Uniswap contracts whose
 * compiled artifacts are all the devnet reads, and sqlite3 is opened by chopsticks only when it is started with a
 * database (`--db`), which the devnet never does; alto imports OpenTelemetry's Node SDK and trace exporter only in its
 * separate tracing entry (`--import …/cli/instrumentation.js`), never in the command line the devnet runs. Each stand-in throws when loaded, so a code path that starts loading
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
  '@opentelemetry/sdk-node': ['@pimlico/alto'],
  '@opentelemetry/exporter-trace-otlp-proto': ['@pimlico/alto'],
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

  it("@opentelemetry/sdk-node and exporter-trace-otlp-proto: alto's command line, which startBundlerStack runs, loads without them", async () => {
    // `--help` makes alto import every module of its command line (all static imports) and exit.
    const { stdout } = await promisify(execFile)(process.execPath, [altoCliPath(), '--help'], { timeout: 60_000 });
    expect(stdout).toContain('--entrypoints');
  });
});
