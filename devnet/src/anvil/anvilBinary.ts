import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// @foundry-rs/anvil's postinstall is what normally links the binary; npm 11 skips it, so read the platform package directly.
const PLATFORM_PACKAGES: Readonly<Record<string, string>> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** Absolute path of the anvil executable shipped by the platform package of @foundry-rs/anvil. */
export function anvilBinaryPath(): string {
  const platform = `${process.platform}-${process.arch}`;
  const packageName = PLATFORM_PACKAGES[platform];
  if (!packageName) throw new Error(`@foundry-rs/anvil ships no binary for ${platform}`);
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve(`${packageName}/package.json`);
  } catch {
    throw new Error(`${packageName} is not installed (an optional dependency of @foundry-rs/anvil); run npm install`);
  }
  const binary = join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary missing at ${binary}; reinstall ${packageName}`);
  return binary;
}
