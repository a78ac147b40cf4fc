// Which built copy of the example a step serves. No dependency: `npm test` reads it before it installs anything.

/** This example's folder, built by `npm run build`. */
export const APP_DIR = new URL('..', import.meta.url).pathname;

/**
 * Names a folder outside the repository for the copy of this example installed from the packed tarballs, as an
 * integrator installs it (`npm test` sets it to a fresh temporary folder): packaging/packedApps.test.ts installs and
 * builds the copy there and leaves it, and the e2e serves that build instead of this folder's.
 */
export const PACKED_APP_ENV = 'LATCH_NEXTJS_PACKED_APP';

/** The built app the e2e serves: the packed copy `PACKED_APP_ENV` names, else this folder (`npm run build`). */
export function e2eAppDir(env = process.env) {
  return env[PACKED_APP_ENV] || APP_DIR;
}
