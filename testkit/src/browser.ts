import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Flags for a quiet, offline-friendly headless Chromium: no first-run UI, no background traffic to Google. */
export const CHROMIUM_ARGS: readonly string[] = Object.freeze([
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--no-default-browser-check',
  '--disable-features=Translate,OptimizationHints,MediaRouter',
]);

/** The Chromium to drive: `CHROME_PATH` when set, else Debian's `/usr/bin/chromium`. */
export function chromiumExecutable(): string {
  const fromEnvironment = process.env.CHROME_PATH;
  const path = fromEnvironment || DEFAULT_CHROMIUM;
  if (!existsSync(path)) {
    throw new Error(
      fromEnvironment
        ? `CHROME_PATH points to ${path}, which does not exist; fix it, or unset it and \`apt-get install chromium\``
        : `Chromium not found at ${DEFAULT_CHROMIUM}: install it with \`apt-get install chromium\` or set CHROME_PATH`,
    );
  }
  return path;
}

/** Debian's package `chromium-headless-shell`: the same Chromium release as `chromium`, built as a headless shell. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium tests drive: `CHROME_PATH` when set, else Debian's Chromium headless shell when installed, else
 * `chromiumExecutable()`. The shell runs the same Blink and V8 without the browser's window layer, which tests never use
 * (no extension, no browser UI), for about a third less CPU: the seven Vitest files that drive a browser took 77 and 79
 * CPU-s (55 s) in it against 120 (74 s) in `chromium`, all passing both ways. Without the shell, tests still run.
 */
export function headlessChromiumExecutable(): string {
  if (process.env.CHROME_PATH || !existsSync(HEADLESS_SHELL)) return chromiumExecutable();
  return HEADLESS_SHELL;
}

/**
 * Launches the tests' Chromium (`headlessChromiumExecutable()`, unless `options.executablePath` names another) through
 * playwright-core with a fresh, empty profile; `options.args` add to CHROMIUM_ARGS.
 */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    ...options,
    executablePath: options.executablePath ?? headlessChromiumExecutable(),
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}
