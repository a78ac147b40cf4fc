// Keeps CPU cores busy, to run the test suite on a loaded machine beside it:
//   node scripts/cpu-hog.mjs [--cores N] [--seconds S]          until stopped (a signal) or S seconds
//   node scripts/cpu-hog.mjs [--cores N] -- npm test             for as long as the command runs; exits with its code
// Default: every core. Each core gets a worker thread spinning in a busy loop.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, Worker } from 'node:worker_threads';

if (!isMainThread) {
  // A pure busy loop: no allocation, no I/O, one core at 100 % until the main thread ends the process.
  for (;;);
}

const usage = 'usage: node scripts/cpu-hog.mjs [--cores N] [--seconds S] [-- command args…]';

/** Reads a whole positive number from a flag, or exits with a clear error. */
function positive(name, text) {
  const value = Number(text);
  if (!/^\d+$/.test(text ?? '') || value < 1) {
    console.error(`[cpu-hog] --${name} must be a whole number of at least 1, got "${text}"\n${usage}`);
    process.exit(2);
  }
  return value;
}

let values;
let command;
try {
  ({ values, positionals: command } = parseArgs({
    options: { cores: { type: 'string' }, seconds: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
  }));
} catch (error) {
  console.error(`[cpu-hog] ${error.message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const cores = values.cores === undefined ? availableParallelism() : positive('cores', values.cores);
const seconds = values.seconds === undefined ? undefined : positive('seconds', values.seconds);

if (command.length > 0 && seconds !== undefined) {
  console.error(`[cpu-hog] give either --seconds or a command, not both\n${usage}`);
  process.exit(2);
}

const workers = Array.from({ length: cores }, () => new Worker(new URL(import.meta.url)));
const until = command.length > 0 ? `while \`${command.join(' ')}\` runs` : seconds === undefined ? 'until stopped' : `for ${seconds} s`;
console.log(`[cpu-hog] pid ${process.pid}: ${cores} busy thread(s) ${until}`);

function stop(why, code = 0) {
  console.log(`[cpu-hog] stopping (${why})`);
  // Terminating the workers lets the process exit on its own; exit anyway if one does not answer.
  Promise.allSettled(workers.map((worker) => worker.terminate())).then(() => process.exit(code));
  setTimeout(() => process.exit(code), 2_000).unref();
}

if (command.length > 0) {
  const [file, ...args] = command;
  const child = spawn(file, args, { stdio: 'inherit' });
  child.on('error', (error) => stop(`could not start ${file}: ${error.message}`, 127));
  child.on('exit', (code, signal) => stop(`the command ended: ${signal ?? `exit ${code}`}`, code ?? 1));
  // A signal to the hog reaches the command (its own process group gets Ctrl-C already); the hog stops when it ends.
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  process.on('SIGINT', () => undefined);
} else {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => stop(signal));
  if (seconds !== undefined) setTimeout(() => stop(`${seconds} s elapsed`), seconds * 1_000);
}
