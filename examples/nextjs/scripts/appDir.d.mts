/** This example's folder, built by `npm run build`. */
export const APP_DIR: string;
/** Names a folder outside the repository for the copy of the example installed from the packed tarballs. */
export const PACKED_APP_ENV: 'LATCH_NEXTJS_PACKED_APP';
/** The built app the e2e serves: the packed copy `PACKED_APP_ENV` names, else examples/nextjs. */
export function e2eAppDir(env?: Record<string, string | undefined>): string;
