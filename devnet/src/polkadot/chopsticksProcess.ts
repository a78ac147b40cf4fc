import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { START_UP_TIMEOUT_MS } from '@latch/testkit';

const STOP_GRACE_MS = 5_000;
const KEPT_OUTPUT_CHARS = 4_000;

export interface ChopsticksProcess {
  /** `ws://127.0.0.1:<port>`: the node's JSON-RPC (it answers HTTP on the same port). */
  readonly rpcUrl: string;
  /** Stops the node and every process it started (its process group); idempotent. */
  stop(): Promise<void>;
}

// Process groups still running; killed if this Node process exits or is signalled first, so no node outlives a test run.
const runningGroups = new Set<number>();
let exitHooksInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  const killAll = () => {
    for (const pid of runningGroups) killGroup(pid, 'SIGKILL');
    runningGroups.clear();
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      killAll();
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}

/** chopsticks' CLI script, found through the package's own entry (its `exports` hide package.json). */
export function chopsticksCli(): string {
  const entry = createRequire(import.meta.url).resolve('@acala-network/chopsticks');
  return join(dirname(entry), '..', '..', 'chopsticks.cjs');
}

function waitForRpcUrl(child: ChildProcess, exited: Promise<void>): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let settled = false;
    const settle = () => !settled && ((settled = true), clearTimeout(timer), true);
    const fail = (reason: string) => settle() && reject(new Error(`${reason}. Output:\n${output.slice(-KEPT_OUTPUT_CHARS)}`));
    const timer = setTimeout(() => fail(`chopsticks did not listen within ${START_UP_TIMEOUT_MS} ms`), START_UP_TIMEOUT_MS);
    // Both pipes stay drained for the life of the process (a full pipe would block the node); text is kept only until ready.
    const read = (chunk: Buffer) => {
      if (settled) return;
      output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT_CHARS * 2);
      const port = /RPC listening on \S+ and ws:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && settle()) resolve(`ws://127.0.0.1:${port}`);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', (error) => fail(`chopsticks failed to start: ${error.message}`));
    void exited.then(() => fail(`chopsticks exited early (code ${child.exitCode ?? child.signalCode})`));
  });
}

/**
 * Starts chopsticks on a raw chain spec, on 127.0.0.1 and a port the OS picks, building a block for every extrinsic
 * (`--build-block-mode Instant`). It runs in its own process group so stop() ends it with everything it spawned.
 */
export async function spawnChopsticks(specPath: string, cwd: string): Promise<ChopsticksProcess> {
  installExitHooks();
  const args = [chopsticksCli(), '--genesis', specPath, '--host', '127.0.0.1', '--port', '0', '--build-block-mode', 'Instant'];
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, LOG_LEVEL: 'info' },
  });
  const pid = child.pid;
  if (pid !== undefined) runningGroups.add(pid);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (pid === undefined) return;
      runningGroups.delete(pid);
      killGroup(pid, 'SIGTERM');
      const forceKill = setTimeout(() => killGroup(pid, 'SIGKILL'), STOP_GRACE_MS);
      if (child.exitCode === null && child.signalCode === null) await exited;
      clearTimeout(forceKill);
      killGroup(pid, 'SIGKILL'); // anything the node left behind in its group
    })();
    return stopping;
  };
  try {
    return { rpcUrl: await waitForRpcUrl(child, exited), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
