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

/** Launches that Chromium through playwright-core with a fresh, empty profile; `options.args` add to CHROMIUM_ARGS. */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    ...options,
    executablePath: options.executablePath ?? chromiumExecutable(),
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}
