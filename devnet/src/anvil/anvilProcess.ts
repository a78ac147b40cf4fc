import { spawn, type ChildProcess } from 'node:child_process';
import { jsonRpcRequest } from '@latch/testkit';
import { anvilBinaryPath } from './anvilBinary.js';
import { START_UP_TIMEOUT_MS } from '@latch/testkit';

const STOP_GRACE_MS = 5_000;

export interface AnvilProcess {
  readonly port: number;
  readonly rpcUrl: string;
  stop(): Promise<void>;
}

// Children still running; killed if this Node process exits or is signalled first, so no anvil outlives a test run.
const runningChildren = new Set<ChildProcess>();
let exitHooksInstalled = false;

function killRunningChildren(): void {
  for (const child of runningChildren) child.kill('SIGKILL');
  runningChildren.clear();
}

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.once('exit', killRunningChildren);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      killRunningChildren();
      // When we were the only listener, restore the default (terminate) behaviour for this signal.
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}

/**
 * Spawns anvil on 127.0.0.1 and waits until JSON-RPC answers. Port 0 (the default) lets the OS
 * choose, race-free; a fixed port is for humans (a browser wallet configured once).
 */
export async function spawnAnvilProcess(chainId: number, port = 0): Promise<AnvilProcess> {
  installExitHooks();
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)];
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  runningChildren.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => runningChildren.delete(child));

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const forceKill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(forceKill);
    })();
    return stopping;
  };

  try {
    const port = await waitForListeningPort(child, exited);
    const rpcUrl = `http://127.0.0.1:${port}`;
    await waitForRpc(rpcUrl, chainId);
    return { port, rpcUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitForListeningPort(child: ChildProcess, exited: Promise<void>): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let output = '';
    let settled = false;
    const timer = setTimeout(() => fail(`anvil did not report a listening port within ${START_UP_TIMEOUT_MS} ms`), START_UP_TIMEOUT_MS);
    function settle(): boolean {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      return true;
    }
    function fail(reason: string) {
      if (settle()) reject(new Error(`${reason}. Output:\n${output.slice(-2000)}`));
    }
    // Both pipes stay drained for the life of the process (a full pipe would block anvil); text is kept only until ready.
    child.stdout?.on('data', (chunk: Buffer) => {
      if (settled) return;
      output += chunk.toString('utf8');
      const port = /Listening on 127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && settle()) resolve(Number(port));
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (!settled) output += chunk.toString('utf8');
    });
    child.once('error', (error) => fail(`anvil failed to start: ${error.message}`));
    void exited.then(() => fail(`anvil exited early (code ${child.exitCode ?? child.signalCode})`));
  });
}

async function waitForRpc(rpcUrl: string, chainId: number): Promise<void> {
  const deadline = Date.now() + START_UP_TIMEOUT_MS;
  let answered: unknown;
  while ((answered = await jsonRpcRequest(rpcUrl, 'eth_chainId').catch(() => undefined)) === undefined) {
    if (Date.now() > deadline) throw new Error(`anvil at ${rpcUrl} did not answer JSON-RPC within ${START_UP_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (answered !== `0x${chainId.toString(16)}`)
    throw new Error(`anvil at ${rpcUrl} reports chain ${String(answered)}, expected ${chainId}`);
}
