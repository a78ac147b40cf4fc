import { type ChildProcess, spawn } from 'node:child_process';
import { START_UP_TIMEOUT_MS } from '@latch/testkit';

export interface ServiceProcessOptions {
  /** Default: this Node binary. */
  command?: string;
  args: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
  /** A line of its output that says it listens; the first group, when there is one, is its URL. */
  ready: RegExp;
  /** Long enough for a loaded machine. Default 180 s (`START_UP_TIMEOUT_MS`). */
  timeoutMs?: number;
}

/** A server running as its own process, as an operator runs it. */
export interface ServiceProcess {
  /** The URL its ready line named (or '' when the pattern has no group). */
  readonly url: string;
  readonly pid: number;
  /** Everything it printed so far. */
  output(): string;
  /** Sends a signal (SIGKILL: the instance dies mid-request) and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Ends it (SIGTERM, then SIGKILL after 10 s); safe to call twice. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
let hooked = false;

/** Spawns a server process and resolves once its output matches `ready`. It never outlives this process. */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const child of running) child.kill('SIGKILL');
    });
  }
  const child = spawn(options.command ?? process.execPath, [...options.args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? START_UP_TIMEOUT_MS;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The service did not say it was ready in ${timeoutMs} ms:\n${log.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      const match = options.ready.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? '');
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The service exited (${code ?? signal}) before it was ready:\n${log.slice(-2000)}`));
    });
  });
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  let stopping: Promise<void> | undefined;
  return {
    url,
    pid: child.pid ?? 0,
    output: () => log,
    kill,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await kill('SIGTERM');
        clearTimeout(force);
      })();
      return stopping;
    },
  };
}
